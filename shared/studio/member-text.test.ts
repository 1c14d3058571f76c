import { describe, expect, it } from 'vitest';
import { memberBack, navyTeeDesign, textLayer } from '#tests/support/studio-design.ts';
import { designSchema, type StudioDesign, type TextLayer } from './design-schema.ts';
import { designForMember, hasMemberText, memberTextWords } from './member-text.ts';

const design = navyTeeDesign({ front: [textLayer()], back: memberBack(30, 8) });

const backTexts = (filled: StudioDesign) => filled.locations.back?.map((layer) => layer.kind === 'text' && layer.text);

describe('designForMember', () => {
  it('puts the member’s name, upper-cased, and number in place of the samples, keeping font, ink, size and arc', () => {
    const filled = designForMember(design, { backName: 'Smith', backNumber: '23' });
    expect(backTexts(filled)).toEqual(['SMITH', '23']);
    const [name, number] = filled.locations.back ?? [];
    expect(name).toMatchObject({ fontId: 'graduate', inkId: 'athletic-gold', arc: { degrees: 30, direction: 'up' } });
    expect(number).toMatchObject({ sizeInches: 8, y: 8 });
    expect(filled.locations.front).toEqual(design.locations.front);
    // The design the coach made is untouched for the next member.
    expect(backTexts(design)).toEqual(['PLAYER', '00']);
  });

  it('leaves out the name layer for a member with no name, and the number layer with no number', () => {
    expect(backTexts(designForMember(design, { backName: '', backNumber: '7' }))).toEqual(['7']);
    expect(backTexts(designForMember(design, { backName: 'Lee', backNumber: ' ' }))).toEqual(['LEE']);
  });

  it('drops a location left with no layer', () => {
    const filled = designForMember(design, { backName: '', backNumber: '' });
    expect(Object.keys(filled.locations)).toEqual(['front']);
  });

  it('gives a design the schema still accepts', () => {
    expect(designSchema.safeParse(designForMember(design, { backName: 'O’NEIL', backNumber: '100' })).success).toBe(
      true,
    );
  });
});

describe('member text', () => {
  it('tells a design with member text from one without', () => {
    expect(hasMemberText(design)).toBe(true);
    expect(hasMemberText({ ...design, locations: { front: [textLayer()] } })).toBe(false);
  });

  it('says the member’s own text and its ink for a picture’s text alternative', () => {
    const back = design.locations.back ?? [];
    expect(memberTextWords(back, { backName: 'smith', backNumber: '23' })).toBe('SMITH, 23, in athletic gold');
    expect(
      memberTextWords([back[0] as TextLayer, { ...(back[1] as TextLayer), inkId: 'white' }], {
        backName: 'SMITH',
        backNumber: '23',
      }),
    ).toBe('SMITH in athletic gold, 23 in white');
    expect(memberTextWords(design.locations.front ?? [], { backName: 'SMITH', backNumber: '23' })).toBeUndefined();
  });

  it('refuses a layer standing for something else', () => {
    const crafted = { ...design, locations: { back: [{ ...textLayer(), stands: 'member-age' }] } };
    expect(designSchema.safeParse(crafted).success).toBe(false);
  });
});
