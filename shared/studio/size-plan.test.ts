import { describe, expect, it } from 'vitest';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import { printAreaForSize, sizePlan } from './size-plan.ts';

const tee: Pick<CatalogueGarment, 'printAreas' | 'sizes'> = {
  sizes: ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL'],
  printAreas: [
    { placement: 'front', widthInches: 12, heightInches: 16 },
    { placement: 'left-chest', widthInches: 4, heightInches: 4 },
  ],
};
const cap: Pick<CatalogueGarment, 'printAreas' | 'sizes'> = {
  sizes: [],
  printAreas: [{ placement: 'cap-front', widthInches: 4.5, heightInches: 2.25 }],
};

describe('printAreaForSize', () => {
  it('gives a small shirt a smaller front and a large one the whole catalogue area', () => {
    expect(printAreaForSize(tee, 'front', 'XS')).toEqual({ widthInches: 9, heightInches: 12 });
    expect(printAreaForSize(tee, 'front', 'S')).toEqual({ widthInches: 9.6, heightInches: 12.8 });
    expect(printAreaForSize(tee, 'front', 'M')).toEqual({ widthInches: 10.8, heightInches: 14.4 });
    expect(printAreaForSize(tee, 'front', 'L')).toEqual({ widthInches: 12, heightInches: 16 });
    expect(printAreaForSize(tee, 'front', '3XL')).toEqual({ widthInches: 12, heightInches: 16 });
  });

  it('keeps a chest logo the same on every size, and knows no area the garment lacks', () => {
    expect(printAreaForSize(tee, 'left-chest', 'XS')).toEqual({ widthInches: 4, heightInches: 4 });
    expect(printAreaForSize(tee, 'back', 'L')).toBeUndefined();
  });
});

describe('sizePlan', () => {
  it('splits the smallest and the largest size into two prints when one cannot fit both', () => {
    const plan = sizePlan({ placement: 'front', widthInches: 11, heightInches: 9.2 }, tee, ['3XL', 'XS']);
    expect(plan).toEqual({
      kind: 'two',
      groups: [
        { sizes: ['XS'], print: { widthInches: 9, heightInches: 7.5 } },
        { sizes: ['3XL'], print: { widthInches: 11, heightInches: 9.2 } },
      ],
      sentence: 'Size XS gets the front at 9 × 7.5 in; 3XL at 11 × 9.2 in.',
    });
  });

  it('groups every size ordered, naming a run as a range', () => {
    const plan = sizePlan({ placement: 'front', widthInches: 12, heightInches: 10 }, tee, ['S', 'XS', 'M', 'L', '2XL']);
    expect(plan?.kind).toBe('two');
    expect(plan?.sentence).toBe('Sizes XS–M get the front at 9 × 7.5 in; L, 2XL at 12 × 10 in.');
  });

  it('names sizes one by one where a range would claim one not ordered', () => {
    const plan = sizePlan({ placement: 'front', widthInches: 12, heightInches: 10 }, tee, ['XS', 'M', 'XL']);
    expect(plan?.sentence).toBe('Sizes XS, M get the front at 9 × 7.5 in; XL at 12 × 10 in.');
  });

  it('keeps one print when the design fits the smallest size ordered', () => {
    const plan = sizePlan({ placement: 'front', widthInches: 8, heightInches: 6 }, tee, ['XS', 'M', '3XL', '4XL']);
    expect(plan).toEqual({
      kind: 'one',
      group: { sizes: ['XS', 'M', '3XL', '4XL'], print: { widthInches: 8, heightInches: 6 } },
      sentence: 'Every size ordered (XS, M, 3XL, 4XL) gets the front at 8 × 6 in.',
    });
    expect(sizePlan({ placement: 'left-chest', widthInches: 4, heightInches: 3 }, tee, ['XS', '5XL'])?.kind).toBe(
      'one',
    );
  });

  it('scales a design too large for every size ordered down to the smallest', () => {
    const plan = sizePlan({ placement: 'front', widthInches: 12, heightInches: 16 }, tee, ['S', 'M']);
    expect(plan?.sentence).toBe('Size S gets the front at 9.6 × 12.8 in; M at 10.8 × 14.4 in.');
    expect(sizePlan({ placement: 'front', widthInches: 12, heightInches: 16 }, tee, ['S'])?.sentence).toBe(
      'Size S gets the front at 9.6 × 12.8 in.',
    );
  });

  it('plans a one-size cap as one print, and nothing without an area or an ordered size', () => {
    expect(sizePlan({ placement: 'cap-front', widthInches: 4, heightInches: 2 }, cap, [])?.sentence).toBe(
      'Every piece gets the cap front at 4 × 2 in.',
    );
    expect(sizePlan({ placement: 'back', widthInches: 4, heightInches: 2 }, tee, ['M'])).toBeUndefined();
    expect(sizePlan({ placement: 'front', widthInches: 4, heightInches: 2 }, tee, [])).toBeUndefined();
  });
});
