import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeIssues } from '#shared/site-data.ts';
import type { z } from '#shared/zod.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { directToGarmentSchema, embroiderySchema, screenPrintingSchema } from './price-schemas.ts';
import type { DirectToGarmentPrices, EmbroideryPrices, ScreenPrintingPrices } from './types.ts';

const read = (name: string): unknown => JSON.parse(readFileSync(`data/${name}.json`, 'utf8'));
// Each check breaks a copy of the fixture's price file (tests/fixtures/site-data/), whose made-up
// prices the messages below quote; only the consistency of the shop's own files is read from data/.
const screen = fixtureSiteData['screen-printing'];
const dtg = fixtureSiteData['direct-to-garment'];
const embroidery = fixtureSiteData.embroidery;

/** The lines the server would print at start for this file, or [] when it passes. */
function problems(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data);
  return result.success ? [] : describeIssues(result.error);
}

/** A copy of a price file with one thing broken. */
function broken<T>(file: T, breakIt: (copy: T) => void): T {
  const copy = structuredClone(file);
  breakIt(copy);
  return copy;
}

const setCell = (table: number[][], row: number, column: number, cents: number) => {
  const cells = table[row];
  if (!cells) throw new Error(`no row ${row}`);
  cells[column] = cents;
};

describe('the price files in data/', () => {
  it.each([
    ['screen-printing', screenPrintingSchema],
    ['direct-to-garment', directToGarmentSchema],
    ['embroidery', embroiderySchema],
  ] as const)('data/%s.json is consistent', (name, schema) => {
    expect(problems(schema, read(name))).toEqual([]);
  });
});

describe('screen printing price file checks', () => {
  const check = (breakIt: (copy: ScreenPrintingPrices) => void) =>
    problems(screenPrintingSchema, broken(screen, breakIt));

  it('names a row that is missing a color', () => {
    expect(check((copy) => copy.firstLocation[2]?.pop())).toEqual([
      'firstLocation.2: must have one price per color (6), has 5',
    ]);
  });

  it('names a table that is missing the row of a break', () => {
    expect(check((copy) => copy.additionalLocation.pop())).toEqual([
      'additionalLocation: must have one row per quantity break (6), has 5',
    ]);
  });

  it('refuses a negative price', () => {
    expect(check((copy) => setCell(copy.firstLocation, 0, 0, -1))).toEqual(['firstLocation.0.0: must not be negative']);
  });

  it('refuses a price that is not whole cents', () => {
    expect(check((copy) => setCell(copy.firstLocation, 1, 4, 795.5))).toEqual([
      'firstLocation.1.4: must be a whole number of cents, such as 1250 for $12.50',
    ]);
    expect(check((copy) => (copy.screenFee.cents = 25.5))).toEqual([
      'screenFee.cents: must be a whole number of cents, such as 1250 for $12.50',
    ]);
  });

  it('refuses a price that rises with quantity', () => {
    expect(check((copy) => setCell(copy.firstLocation, 2, 5, 1450))).toEqual([
      'firstLocation.2.5: must not be more than the price at the previous break ($14.00 at 24 pieces)',
    ]);
  });

  it('refuses a price that falls as colors are added', () => {
    expect(check((copy) => setCell(copy.additionalLocation, 5, 2, 290))).toEqual([
      'additionalLocation.5.2: must not be less than $3.00, the price for 2 colors',
    ]);
  });

  it('refuses breaks out of order', () => {
    expect(check((copy) => (copy.breaks = [12, 48, 24, 72, 144, 288]))).toEqual([
      'breaks.2: must be more than the break before it (48)',
    ]);
  });

  it('refuses a minimum that is not the first break', () => {
    expect(check((copy) => (copy.minimumQuantity = 10))).toEqual([
      'minimumQuantity: must equal the first quantity break (12)',
    ]);
  });

  it('refuses a screen fee waived from a quantity that is not a break', () => {
    expect(check((copy) => (copy.screenFee.waivedFromQuantity = 150))).toEqual([
      'screenFee.waivedFromQuantity: must be one of the quantity breaks (12, 24, 48, 72, 144, 288)',
    ]);
  });

  it('refuses an underbase that leaves no color for the design', () => {
    expect(check((copy) => (copy.darkGarmentExtraColors = 6))).toEqual([
      'darkGarmentExtraColors: must be less than maxColors (6), or a dark garment leaves no color for the design',
    ]);
  });

  it('refuses a break above what the calculator prices', () => {
    expect(check((copy) => (copy.breaks = [12, 24, 48, 72, 144, 20_000]))).toEqual([
      'breaks.5: must be at most 10000: larger orders are quoted by hand',
    ]);
  });

  it('refuses a garment id that is reserved or repeated', () => {
    expect(
      check((copy) => {
        const [first, second] = copy.garments;
        if (first) first.id = 'own';
        if (second) second.id = 'long-sleeve-tee';
      }),
    ).toEqual([
      'garments.0.id: must not be "own": that id is reserved',
      'garments.2.id: repeats the id "long-sleeve-tee" of garments.1',
    ]);
  });

  it('wants each larger size listed once', () => {
    expect(check((copy) => copy.sizeUpcharges.pop())).toEqual([
      'sizeUpcharges: must list 4XL+ too: every larger size needs its upcharge (0 when it costs no more)',
    ]);
    expect(check((copy) => (copy.sizeUpcharges = [...copy.sizeUpcharges, { size: '2XL', cents: 250 }]))).toEqual([
      'sizeUpcharges.3.size: repeats 2XL: list each size once',
    ]);
  });

  it('refuses a field it does not know, so a typo cannot pass for a price', () => {
    expect(problems(screenPrintingSchema, { ...screen, setupFee: 1000 })).toEqual([
      '(root): Unrecognized key: "setupFee"',
    ]);
  });
});

describe('direct-to-garment price file checks', () => {
  const check = (breakIt: (copy: DirectToGarmentPrices) => void) =>
    problems(directToGarmentSchema, broken(dtg, breakIt));

  it('names a row that is missing a print area', () => {
    expect(check((copy) => copy.light[4]?.pop())).toEqual(['light.4: must have one price per print area (4), has 3']);
  });

  it('names a table that is missing the row of a break', () => {
    expect(check((copy) => copy.dark.shift())).toEqual(['dark: must have one row per quantity break (5), has 4']);
  });

  it('refuses a dark-garment price below the light one', () => {
    expect(check((copy) => setCell(copy.dark, 4, 0, 550))).toEqual([
      'dark.4.0: must not be less than $6.00, the light-garment price',
    ]);
  });

  it('refuses a price that rises with quantity', () => {
    expect(check((copy) => setCell(copy.light, 3, 3, 1500))).toEqual([
      'light.3.3: must not be more than the price at the previous break ($14.00 at 24 pieces)',
    ]);
  });

  it('refuses a minimum that is not the first break', () => {
    expect(check((copy) => (copy.minimumQuantity = 2))).toEqual([
      'minimumQuantity: must equal the first quantity break (1)',
    ]);
  });

  it('refuses a negative art set-up fee', () => {
    expect(check((copy) => (copy.artSetupFee = -2500))).toEqual(['artSetupFee: must not be negative']);
  });

  it('wants the print areas smallest first, each id once', () => {
    expect(check((copy) => copy.printAreas.reverse())).toContain(
      'printAreas.1: must be larger than the print area before it (Oversize (up to 14 x 18 in))',
    );
    expect(
      check((copy) => {
        const last = copy.printAreas[3];
        if (last) last.id = 'large';
      }),
    ).toEqual(['printAreas.3.id: repeats the id "large" of printAreas.2']);
  });
});

describe('embroidery price file checks', () => {
  const check = (breakIt: (copy: EmbroideryPrices) => void) => problems(embroiderySchema, broken(embroidery, breakIt));

  it('names a row that is missing a stitch band', () => {
    expect(check((copy) => copy.prices[0]?.pop())).toEqual([
      'prices.0: must have one price per stitch band (4), has 3',
    ]);
  });

  it('names a table that is missing the row of a break', () => {
    expect(check((copy) => copy.prices.pop())).toEqual(['prices: must have one row per quantity break (5), has 4']);
  });

  it('refuses a price that rises with quantity', () => {
    expect(check((copy) => setCell(copy.prices, 4, 3, 1700))).toEqual([
      'prices.4.3: must not be more than the price at the previous break ($16.50 at 48 pieces)',
    ]);
  });

  it('refuses breaks out of order and a minimum off the first break', () => {
    expect(
      check((copy) => {
        copy.breaks = [6, 12, 12, 48, 96];
        copy.minimumQuantity = 12;
      }),
    ).toEqual([
      'breaks.2: must be more than the break before it (12)',
      'minimumQuantity: must equal the first quantity break (6)',
    ]);
  });

  it('wants the stitch bands in ascending order', () => {
    expect(
      check((copy) => {
        const band = copy.stitchBands[2];
        if (band) band.maxStitches = 8000;
      }),
    ).toEqual(['stitchBands.2.maxStitches: must be more than the band before it (8000)']);
  });

  it('refuses a digitizing fee that is not whole cents', () => {
    expect(check((copy) => (copy.digitizingFee = 45.5))).toEqual([
      'digitizingFee: must be a whole number of cents, such as 1250 for $12.50',
    ]);
  });
});
