import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeIssues } from '#shared/site-data.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { garmentTypes, isDarkColor, relativeLuminance } from './catalogue.ts';
import { garmentCatalogueSchema } from './catalogue-schema.ts';
import { withCatalogue } from './priced-garments.ts';

const shopCatalogue = garmentCatalogueSchema.parse(JSON.parse(readFileSync('data/garments.json', 'utf8')));
const fixtureCatalogue = garmentCatalogueSchema.parse(
  JSON.parse(readFileSync('tests/fixtures/site-data/garments.json', 'utf8')),
);

function problems(breakIt: (copy: typeof fixtureCatalogue) => void): string[] {
  const copy = structuredClone(fixtureCatalogue);
  breakIt(copy);
  const result = garmentCatalogueSchema.safeParse(copy);
  return result.success ? [] : describeIssues(result.error);
}

describe('the shop catalogue (data/garments.json)', () => {
  it('offers about a dozen real garments across every type it draws, each decorated by a service', () => {
    expect(shopCatalogue.garments.length).toBeGreaterThanOrEqual(12);
    expect(new Set(shopCatalogue.garments.map((garment) => garment.type))).toEqual(new Set(garmentTypes));
    for (const service of ['screen-printing', 'direct-to-garment', 'embroidery'] as const)
      expect(shopCatalogue.garments.some((garment) => garment.services.includes(service))).toBe(true);
  });

  it('gives every garment both light and dark colours to choose from, or at least several', () => {
    for (const garment of shopCatalogue.garments) expect(garment.colors.length).toBeGreaterThanOrEqual(5);
  });
});

describe('the catalogue schema', () => {
  it('refuses a swatch that is not a colour, a repeated colour and a repeated id', () => {
    expect(
      problems((copy) => {
        const [tee, hoodie] = copy.garments;
        if (!tee || !hoodie) throw new Error('fixture garments missing');
        tee.colors[0] = { name: 'White', hex: 'white' };
        tee.colors.push({ name: 'navy', hex: '#000080' });
        hoodie.id = tee.id;
      }),
    ).toEqual([
      'garments.0.colors.0.hex: must be a lower-case color such as #1f2a44',
      'garments.0.colors.3: repeats the color "navy"',
      'garments.1.id: repeats the id "test-tee"',
    ]);
  });

  it('keeps cap-front for caps, and print areas within what any garment takes', () => {
    expect(
      problems((copy) => {
        const [tee, , cap] = copy.garments;
        if (!tee || !cap) throw new Error('fixture garments missing');
        tee.printAreas[0] = { placement: 'cap-front', widthInches: 4, heightInches: 2 };
        tee.printAreas[1] = { placement: 'back', widthInches: 30, heightInches: 16 };
        cap.printAreas[0] = { placement: 'front', widthInches: 4, heightInches: 2 };
      }),
    ).toEqual([
      'garments.0.printAreas.1.widthInches: must be at most 20',
      'garments.0.printAreas.0.placement: cap-front is for caps only',
      'garments.2.printAreas.0.placement: a cap is decorated on its front only (cap-front)',
    ]);
  });

  it('refuses the reserved ids "own" and "other", and a garment no service decorates', () => {
    expect(
      problems((copy) => {
        const [tee, hoodie] = copy.garments;
        if (!tee || !hoodie) throw new Error('fixture garments missing');
        tee.id = 'own';
        hoodie.services = [];
      }),
    ).toEqual([
      'garments.0.id: must not be "own" or "other": those are reserved',
      'garments.1.services: must name at least one service that decorates it',
    ]);
  });
});

describe('dark garments follow from the swatch', () => {
  it.each([
    ['#1f2a44', 'Navy', true],
    ['#1b1b1d', 'Black', true],
    ['#c21f32', 'Red', true],
    ['#254634', 'Forest Green', true],
    ['#ffffff', 'White', false],
    ['#9ea3a8', 'Sport Grey', false],
    ['#f2b600', 'Gold', false],
    ['#efe6d2', 'Soft Cream', false],
  ])('%s (%s) needs an underbase: %s', (hex, _name, dark) => {
    expect(isDarkColor(hex)).toBe(dark);
  });

  it('measures luminance from 0 for black to 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 6);
  });
});

describe('withCatalogue', () => {
  it("adds each service's catalogue garments after the file's own, with the catalogue's upcharges and colours", () => {
    const merged = withCatalogue(fixtureSiteData, fixtureCatalogue);
    expect(merged['screen-printing'].garments.map((garment) => garment.id)).toEqual([
      'standard-tee',
      'premium-tee',
      'long-sleeve-tee',
      'pullover-hoodie',
      'test-tee',
      'test-hoodie',
    ]);
    expect(merged.embroidery.garments.map((garment) => garment.id)).toEqual([
      'pique-polo',
      'structured-cap',
      'quarter-zip',
      'soft-shell-jacket',
      'test-hoodie',
      'test-cap',
    ]);
    expect(merged['screen-printing'].garments.at(-2)).toMatchObject({
      name: 'Millbrook 100 Cotton tee',
      cents: 400,
      sizeUpcharges: [
        { size: '2XL', cents: 150 },
        { size: '3XL', cents: 250 },
        { size: '4XL+', cents: 350 },
      ],
    });
  });

  it('stops start-up when a service ends with no garment at all', () => {
    const bare = { ...fixtureSiteData, embroidery: { ...fixtureSiteData.embroidery, garments: [] } };
    const noEmbroidery = {
      garments: fixtureCatalogue.garments.map((garment) => ({
        ...garment,
        services: garment.services.filter((service) => service !== 'embroidery'),
      })),
    };
    expect(() => withCatalogue(bare, noEmbroidery)).toThrow(/embroidery: no garment to offer/);
  });
});
