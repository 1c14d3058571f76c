import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from './estimate.ts';
import { fromPriceCents } from './from-price.ts';
import { directToGarmentSchema, embroiderySchema, screenPrintingSchema } from './price-schemas.ts';
import { MAX_ORDER_QUANTITY } from './tiers.ts';
import type { Estimate, EstimateOptions, EstimateResult, PriceFile, SizeCounts } from './types.ts';

/**
 * The promises of the engine, over random orders: on the real price files, and on random price files
 * that pass the schemas, so the promises hold for whatever tables the shop writes, not only today's.
 */

const read = (name: string): unknown => JSON.parse(readFileSync(`data/${name}.json`, 'utf8'));
const realFiles: PriceFile[] = [
  screenPrintingSchema.parse(read('screen-printing')),
  directToGarmentSchema.parse(read('direct-to-garment')),
  embroiderySchema.parse(read('embroidery')),
];

const runs = { numRuns: 400 };

// --- random price files that the schemas accept ---

/** Never rising down a column (more pieces) and never falling along a row (more colors, a larger area). */
function tableArb(rows: number, columns: number): fc.Arbitrary<number[][]> {
  const step = fc.integer({ min: 0, max: 400 });
  const row = fc.array(step, { minLength: columns, maxLength: columns });
  return fc.array(row, { minLength: rows, maxLength: rows }).map((steps) => {
    const table: number[][] = [];
    for (let index = rows - 1; index >= 0; index -= 1) {
      const below = table[0];
      const cells: number[] = [];
      for (let column = 0; column < columns; column += 1) {
        const floor = Math.max(below?.[column] ?? 0, cells[column - 1] ?? 0);
        cells.push(floor + (steps[index]?.[column] ?? 0));
      }
      table.unshift(cells);
    }
    return table;
  });
}

const sumTables = (a: number[][], b: number[][]) =>
  a.map((row, index) => row.map((cents, i) => cents + (b[index]?.[i] ?? 0)));

const breaksArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 6 })
  .map((breaks) => [...breaks].sort((a, b) => a - b));

const centsArb = (max: number) => fc.integer({ min: 0, max });

const commonArb = (breaks: number[]) =>
  fc.record({
    currency: fc.constant('USD' as const),
    minimumQuantity: fc.constant(breaks[0] ?? 1),
    breaks: fc.constant(breaks),
    maxLocations: fc.integer({ min: 1, max: 4 }),
    sizeUpcharges: fc.tuple(centsArb(600), centsArb(600), centsArb(600)).map(([xxl, xxxl, xxxxl]) => [
      { size: '2XL' as const, cents: xxl },
      { size: '3XL' as const, cents: xxxl },
      { size: '4XL+' as const, cents: xxxxl },
    ]),
    garments: fc
      .array(centsArb(4000), { minLength: 1, maxLength: 3 })
      .map((prices) => prices.map((cents, index) => ({ id: `garment-${index}`, name: `Garment ${index}`, cents }))),
  });

const screenFileArb = fc
  .tuple(breaksArb, fc.integer({ min: 1, max: 6 }))
  .chain(([breaks, maxColors]) =>
    fc.record({
      common: commonArb(breaks),
      maxColors: fc.constant(maxColors),
      firstLocation: tableArb(breaks.length, maxColors),
      additionalLocation: tableArb(breaks.length, maxColors),
      screenFee: fc.record({ cents: centsArb(5000), waivedFromQuantity: fc.constantFrom(...breaks) }),
      darkGarmentExtraColors: fc.integer({ min: 0, max: maxColors - 1 }),
    }),
  )
  .map(({ common, ...rest }) => screenPrintingSchema.parse({ service: 'screen-printing', ...common, ...rest }));

const dtgFileArb = fc
  .tuple(breaksArb, fc.integer({ min: 1, max: 4 }))
  .chain(([breaks, areas]) =>
    fc.record({
      common: commonArb(breaks),
      light: tableArb(breaks.length, areas),
      darkExtra: tableArb(breaks.length, areas),
      artSetupFee: centsArb(5000),
      printAreas: fc.constant(
        Array.from({ length: areas }, (_, index) => ({
          id: `area-${index}`,
          name: `Area ${index}`,
          widthInches: 4 * (index + 1),
          heightInches: 4 * (index + 1),
        })),
      ),
    }),
  )
  .map(({ common, darkExtra, ...rest }) =>
    directToGarmentSchema.parse({
      service: 'direct-to-garment',
      ...common,
      ...rest,
      dark: sumTables(rest.light, darkExtra),
    }),
  );

const embroideryFileArb = fc
  .tuple(breaksArb, fc.integer({ min: 1, max: 4 }))
  .chain(([breaks, bands]) =>
    fc.record({
      common: commonArb(breaks),
      prices: tableArb(breaks.length, bands),
      digitizingFee: centsArb(8000),
      threadColorsIncluded: fc.integer({ min: 1, max: 12 }),
      stitchEstimate: fc.constant({ stitchesPerSquareInch: 1000, heightPerWidth: 0.5, typicalWidthInches: 3.5 }),
      stitchBands: fc.constant(
        Array.from({ length: bands }, (_, index) => ({
          id: `band-${index}`,
          name: `Band ${index}`,
          maxStitches: 4000 * (index + 1),
        })),
      ),
    }),
  )
  .map(({ common, ...rest }) => embroiderySchema.parse({ service: 'embroidery', ...common, ...rest }));

// --- random valid orders for a price file ---

function sizesArb(quantity: number): fc.Arbitrary<SizeCounts> {
  // A third each at most, so the three never add up to more than the order.
  const count = fc.integer({ min: 0, max: Math.floor(quantity / 3) });
  return fc.record({ '2XL': count, '3XL': count, '4XL+': count }, { requiredKeys: [] });
}

function quantityArb(prices: PriceFile): fc.Arbitrary<number> {
  const top = prices.breaks.at(-1) ?? prices.minimumQuantity;
  return fc.oneof(
    { arbitrary: fc.integer({ min: prices.minimumQuantity, max: top + 20 }), weight: 4 },
    { arbitrary: fc.integer({ min: prices.minimumQuantity, max: MAX_ORDER_QUANTITY }), weight: 1 },
  );
}

function optionsArb(prices: PriceFile): fc.Arbitrary<EstimateOptions> {
  const garment = fc.constantFrom('own', ...prices.garments.map((item) => item.id));
  const locations = { minLength: 1, maxLength: prices.maxLocations };
  const common = quantityArb(prices).chain((quantity) =>
    fc.record({ quantity: fc.constant(quantity), garment, sizes: sizesArb(quantity) }),
  );
  switch (prices.service) {
    case 'screen-printing':
      return fc.boolean().chain((darkGarment) => {
        const available = prices.maxColors - (darkGarment ? prices.darkGarmentExtraColors : 0);
        return fc
          .record({
            common,
            colors: fc.array(fc.integer({ min: 1, max: available }), locations),
          })
          .map(({ common, colors }) => ({ ...common, service: prices.service, colors, darkGarment }));
      });
    case 'direct-to-garment':
      return fc
        .record({
          common,
          areas: fc.array(fc.constantFrom(...prices.printAreas.map((area) => area.id)), locations),
          darkGarment: fc.boolean(),
          artSetup: fc.boolean(),
        })
        .map(({ common, ...rest }) => ({ ...common, ...rest, service: prices.service }));
    case 'embroidery': {
      const largest = prices.stitchBands.at(-1)?.maxStitches ?? 1;
      return fc
        .record({
          common,
          stitches: fc.array(fc.integer({ min: 1, max: largest }), locations),
          newDesign: fc.boolean(),
        })
        .map(({ common, ...rest }) => ({ ...common, ...rest, service: prices.service }));
    }
  }
}

const fileArb = fc.oneof(fc.constantFrom(...realFiles), screenFileArb, dtgFileArb, embroideryFileArb);
const orderArb = fileArb.chain((prices) => optionsArb(prices).map((options) => ({ prices, options })));

function ok(result: EstimateResult): Estimate {
  if (!result.ok) throw new Error(`a valid order was refused: ${JSON.stringify(result.errors)}`);
  return result.estimate;
}

describe('estimate, over random valid orders', () => {
  it('never asks more per piece when only the quantity grows', () => {
    fc.assert(
      fc.property(orderArb, fc.integer({ min: 1, max: 400 }), ({ prices, options }, more) => {
        const larger = Math.min(options.quantity + more, MAX_ORDER_QUANTITY);
        const before = ok(estimate(prices, options));
        const after = ok(estimate(prices, { ...options, quantity: larger }));
        expect(after.perPieceCents).toBeLessThanOrEqual(before.perPieceCents);
      }),
      runs,
    );
  });

  it('makes every total the exact sum of its lines', () => {
    fc.assert(
      fc.property(orderArb, ({ prices, options }) => {
        const result = ok(estimate(prices, options));
        for (const item of result.lines) expect(item.totalCents).toBe(item.quantity * item.unitCents);
        expect(result.totalCents).toBe(result.lines.reduce((sum, item) => sum + item.totalCents, 0));
        // The per-piece price is the total shared out, rounded to the nearest cent, and exact only when it is.
        expect(2 * Math.abs(result.perPieceCents * options.quantity - result.totalCents)).toBeLessThanOrEqual(
          options.quantity,
        );
        expect(result.perPieceExact).toBe(result.perPieceCents * options.quantity === result.totalCents);
        if (result.nextTier) {
          const next = ok(estimate(prices, { ...options, quantity: result.nextTier.fromQuantity }));
          expect(result.nextTier.totalCents).toBe(next.totalCents);
          expect(result.nextTier.perPieceCents).toBe(next.perPieceCents);
        }
      }),
      runs,
    );
  });

  it('never returns a line with a negative or fractional amount', () => {
    fc.assert(
      fc.property(orderArb, ({ prices, options }) => {
        const result = ok(estimate(prices, options));
        for (const item of result.lines) {
          for (const amount of [item.quantity, item.unitCents, item.totalCents]) {
            expect(Number.isSafeInteger(amount)).toBe(true);
            expect(amount).toBeGreaterThanOrEqual(0);
          }
        }
        expect(Number.isSafeInteger(result.perPieceCents)).toBe(true);
      }),
      runs,
    );
  });

  it('calls the next break cheaper exactly when its total is below this one', () => {
    fc.assert(
      fc.property(orderArb, ({ prices, options }) => {
        const result = ok(estimate(prices, options));
        const isLastBreak = options.quantity >= (prices.breaks.at(-1) ?? 0);
        expect(result.nextTier === null).toBe(isLastBreak);
        if (result.nextTier) {
          expect(result.nextTier.cheaperInTotal).toBe(result.nextTier.totalCents < result.totalCents);
          expect(result.nextTier.note).toMatch(result.nextTier.cheaperInTotal ? /less in total\.$/ : /each\.$|cost\.$/);
        }
      }),
      runs,
    );
  });

  it('never goes below the "from" price of the service', () => {
    fc.assert(
      fc.property(orderArb, ({ prices, options }) => {
        expect(ok(estimate(prices, options)).perPieceCents).toBeGreaterThanOrEqual(fromPriceCents(prices));
      }),
      runs,
    );
  });
});

describe('estimate, over anything a visitor might type', () => {
  const number = fc.oneof(
    fc.integer({ min: -20, max: 20_000 }),
    fc.double({ noDefaultInfinity: false }),
    fc.constant(Number.NaN),
  );
  const junkArb = fc.constantFrom(...realFiles).chain((prices) =>
    fc
      .record({
        quantity: number,
        garment: fc.oneof(fc.constantFrom('own', ...prices.garments.map((item) => item.id)), fc.string()),
        sizes: fc.record({ '2XL': number, '3XL': number, '4XL+': number }, { requiredKeys: [] }),
        colors: fc.array(number, { maxLength: 6 }),
        areas: fc.array(fc.oneof(fc.constantFrom('small', 'large'), fc.string()), { maxLength: 6 }),
        stitches: fc.array(number, { maxLength: 6 }),
        darkGarment: fc.boolean(),
        artSetup: fc.boolean(),
        newDesign: fc.boolean(),
      })
      .map((fields) => ({ prices, options: { ...fields, service: prices.service } as EstimateOptions })),
  );

  it('answers with a price or with field errors, and never throws', () => {
    fc.assert(
      fc.property(junkArb, ({ prices, options }) => {
        const result = estimate(prices, options);
        if (result.ok) return;
        expect(result.errors.length).toBeGreaterThan(0);
        for (const error of result.errors) {
          expect(error.field).toMatch(/^(quantity|garment|colors|areas|stitches|sizes)(\.[\w+]+)?$/);
          expect(error.message).toMatch(/^[A-Z].*\.$/);
        }
      }),
      runs,
    );
  });
});
