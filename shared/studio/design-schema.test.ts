import { describe, expect, it } from 'vitest';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import {
  designSchema,
  designSchemaFor,
  MAX_DESIGN_INCHES,
  MAX_DESIGN_JSON_BYTES,
  MAX_LAYERS_PER_LOCATION,
  MAX_TEXT_LENGTH,
  MAX_UPLOAD_COLOURS,
  type StudioDesign,
} from './design-schema.ts';

const tee: CatalogueGarment = {
  id: 'test-tee',
  brand: 'Test',
  style: '1',
  name: 'tee',
  type: 'tee',
  services: ['screen-printing', 'embroidery'],
  cents: 300,
  sizes: ['M'],
  sizeUpcharges: [],
  colors: [
    { name: 'Navy', hex: '#1f2a44' },
    { name: 'White', hex: '#ffffff' },
  ],
  printAreas: [
    { placement: 'front', widthInches: 12, heightInches: 16 },
    { placement: 'left-chest', widthInches: 4, heightInches: 4 },
  ],
};

const text = {
  kind: 'text' as const,
  text: 'WILDCATS',
  fontId: 'graduate',
  inkId: 'athletic-gold',
  sizeInches: 2,
  letterSpacing: 0.05,
  outline: { inkId: 'white', widthInches: 0.1 },
  arc: { degrees: 60, direction: 'up' as const },
  x: 6,
  y: 3,
  rotation: 0,
};
const motif = { kind: 'motif' as const, motifId: 'paw', inkId: 'white', widthInches: 3, x: 6, y: 7, rotation: 10 };

const design = (overrides: Partial<StudioDesign> = {}): StudioDesign => ({
  garmentId: 'test-tee',
  colorName: 'Navy',
  method: 'screen-printing',
  locations: { front: [text, motif] },
  ...overrides,
});

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('design schema', () => {
  const checked = designSchemaFor([tee]);

  it('accepts a design of text and a motif on the garment', () => {
    expect(checked.safeParse(design()).success).toBe(true);
  });

  it('refuses more layers than a location takes', () => {
    const many = Array.from({ length: MAX_LAYERS_PER_LOCATION + 1 }, () => motif);
    const result = designSchema.safeParse(design({ locations: { front: many } }));
    expect(messages(result)).toContain(`must have at most ${MAX_LAYERS_PER_LOCATION} layers`);
  });

  it('refuses negative, huge and non-numeric sizes', () => {
    for (const widthInches of [-1, 0, 500, Number.NaN, '3'])
      expect(
        designSchema.safeParse(design({ locations: { front: [{ ...motif, widthInches } as typeof motif] } })).success,
      ).toBe(false);
  });

  it('names the font, motif or ink that does not exist', () => {
    const result = designSchema.safeParse(
      design({
        locations: {
          front: [
            { ...text, fontId: 'comic-sans' },
            { ...motif, motifId: 'unicorn', inkId: 'glitter' },
          ],
        },
      }),
    );
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        'There is no font "comic-sans".',
        'There is no motif "unicorn".',
        'There is no ink "glitter".',
      ]),
    );
  });

  it('refuses long text, extra fields and unknown locations', () => {
    expect(
      designSchema.safeParse(design({ locations: { front: [{ ...text, text: 'x'.repeat(MAX_TEXT_LENGTH + 1) }] } }))
        .success,
    ).toBe(false);
    expect(designSchema.safeParse({ ...design(), extra: 1 }).success).toBe(false);
    expect(designSchema.safeParse({ ...design(), locations: { pocket: [motif] } }).success).toBe(false);
  });

  it('checks the garment: its colour, its print areas and their size', () => {
    expect(messages(checked.safeParse(design({ colorName: 'Pink' })))).toContain(
      'This garment does not come in "Pink".',
    );
    expect(messages(checked.safeParse(design({ locations: { back: [motif] } })))).toContain(
      'This garment has no back print area.',
    );
    expect(
      messages(checked.safeParse(design({ locations: { 'left-chest': [{ ...motif, widthInches: 5, x: 2, y: 2 }] } }))),
    ).toContain('Larger than the 4 × 4 in print area.');
    expect(messages(checked.safeParse(design({ garmentId: 'nope' })))).toContain('There is no garment "nope".');
  });

  it('refuses what a needle cannot sew', () => {
    const embroidered = (layer: typeof text) =>
      designSchema.safeParse(design({ method: 'embroidery', locations: { front: [layer] } }));
    expect(messages(embroidered({ ...text, fontId: 'bebas-neue' }))).toContain('Bebas Neue cannot be embroidered.');
    expect(messages(embroidered({ ...text, fontId: 'pacifico', sizeInches: 0.3 }))).toContain(
      'Pacifico letters must be at least 0.4 in tall to embroider.',
    );
    expect(embroidered({ ...text, sizeInches: 1 }).success).toBe(true);
  });
});

describe('the design size cap', () => {
  it('holds the largest design a customer can make, and refuses no valid design by its size', () => {
    // Sevenths print with every digit a double has: the longest numbers JSON can carry.
    const longest = {
      ...text,
      text: '€'.repeat(MAX_TEXT_LENGTH),
      fontId: 'alfa-slab-one',
      inkId: 'columbia-blue',
      outline: { inkId: 'columbia-blue', widthInches: 1 / 7 },
      sizeInches: 1 + 1 / 7,
      letterSpacing: -1 / 7,
      arc: { degrees: 359 + 1 / 7, direction: 'down' as const },
      x: 11 + 1 / 7,
      y: 15 + 1 / 7,
      rotation: -359 - 1 / 7,
    };
    const full = Array.from({ length: MAX_LAYERS_PER_LOCATION }, () => longest);
    const largest = design({
      locations: { front: full, back: full, 'left-chest': full, 'left-sleeve': full, 'cap-front': full },
    });
    expect(designSchema.safeParse(largest).success).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(largest)).length).toBeLessThanOrEqual(MAX_DESIGN_JSON_BYTES);
  });

  it('holds a design of the largest picture layers, and bounds a picture’s confirmed colours', () => {
    const picture = {
      kind: 'upload' as const,
      uploadId: 'f'.repeat(64),
      name: '€'.repeat(60),
      widthInches: 11 + 1 / 7,
      heightInches: 15 + 1 / 7,
      colours: MAX_UPLOAD_COLOURS,
      x: 5 + 1 / 7,
      y: 7 + 1 / 7,
      rotation: -359 - 1 / 7,
    };
    const full = Array.from({ length: MAX_LAYERS_PER_LOCATION }, () => picture);
    const largest = design({
      locations: { front: full, back: full, 'left-chest': full, 'left-sleeve': full, 'cap-front': full },
    });
    expect(designSchema.safeParse(largest).success).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(largest)).length).toBeLessThanOrEqual(MAX_DESIGN_JSON_BYTES);
    for (const colours of [0, MAX_UPLOAD_COLOURS + 1, 2.5])
      expect(designSchema.safeParse(design({ locations: { front: [{ ...picture, colours }] } })).success).toBe(false);
  });

  it('refuses sizes beyond the largest print area', () => {
    const huge = { ...motif, widthInches: MAX_DESIGN_INCHES + 1 };
    expect(designSchema.safeParse(design({ locations: { front: [huge] } })).success).toBe(false);
  });
});
