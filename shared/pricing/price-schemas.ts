import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import { z } from '#shared/zod.ts';
import { MAX_ORDER_QUANTITY } from './tiers.ts';
import type { DirectToGarmentPrices, EmbroideryPrices, ScreenPrintingPrices, SizeUpcharge } from './types.ts';

/**
 * The schemas of the three price files (data/*.json). Beyond the shapes, they refuse a file whose
 * tables contradict themselves, because the server validates every file at start and a bad table must
 * stop it there, naming the cell, rather than show a wrong price. The engine relies on these checks:
 * every break has a full row, and no price rises with quantity (so ordering more never costs more per
 * piece, and the "from" price really is the lowest).
 */

/** $10,000 a piece: far above any real price, and low enough that totals stay exact (see tiers.ts). */
const MAX_CENTS = 1_000_000;

// `abort` keeps a value already refused out of the consistency checks below, where it would only be
// reported again in other words (a negative price also "falls" across its row).
const cents = z
  .int({ error: 'must be a whole number of cents, such as 1250 for $12.50' })
  .min(0, { error: 'must not be negative', abort: true })
  .max(MAX_CENTS, { error: `must be at most ${MAX_CENTS} cents (${formatMoney(MAX_CENTS)})`, abort: true });

const wholeNumber = (min: number) =>
  z.int({ error: 'must be a whole number' }).min(min, { error: `must be ${min} or more`, abort: true });

// Ids travel in calculator links (?a1=large), so they stay URL-clean.
const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters and digits, joined by hyphens');

const name = z.string().trim().min(1, 'must not be empty');

const sizeUpchargeSchema = z.strictObject({ size: z.enum(['2XL', '3XL', '4XL+']), cents });

const garmentSchema = z.strictObject({ id, name, cents });

const priceTable = z.array(z.array(cents));

const tieredShape = {
  currency: z.literal('USD'),
  minimumQuantity: wholeNumber(1),
  breaks: z
    .array(
      wholeNumber(1).max(MAX_ORDER_QUANTITY, {
        error: `must be at most ${MAX_ORDER_QUANTITY}: larger orders are quoted by hand`,
        abort: true,
      }),
    )
    .min(1, 'must list at least one quantity break'),
  maxLocations: wholeNumber(1),
  sizeUpcharges: z.array(sizeUpchargeSchema),
  // Usually none: the catalogue (data/garments.json) lists the garments and the server adds them here.
  garments: z.array(garmentSchema).default([]),
};

type Ctx = z.RefinementCtx;
type Path = (string | number)[];

function report(ctx: Ctx, path: Path, message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

interface Tiered {
  minimumQuantity: number;
  breaks: number[];
  sizeUpcharges: SizeUpcharge[];
  garments: { id: string }[];
}

function checkTiered(value: Tiered, ctx: Ctx): void {
  const { breaks } = value;
  breaks.forEach((quantity, index) => {
    const previous = breaks[index - 1];
    if (previous !== undefined && quantity <= previous)
      report(ctx, ['breaks', index], `must be more than the break before it (${previous})`);
  });
  if (breaks[0] !== undefined && value.minimumQuantity !== breaks[0])
    report(ctx, ['minimumQuantity'], `must equal the first quantity break (${breaks[0]})`);
  checkSizeUpcharges(value.sizeUpcharges, ctx);
  // "own" is what the calculator sends for garments the customer brings.
  checkUniqueIds(value.garments, 'garments', ctx, ['own']);
}

const upchargedSizes: readonly SizeUpcharge['size'][] = sizeUpchargeSchema.shape.size.options;

function checkSizeUpcharges(upcharges: SizeUpcharge[], ctx: Ctx): void {
  const seen = new Set<string>();
  upcharges.forEach((upcharge, index) => {
    if (seen.has(upcharge.size))
      report(ctx, ['sizeUpcharges', index, 'size'], `repeats ${upcharge.size}: list each size once`);
    seen.add(upcharge.size);
  });
  const missing = upchargedSizes.filter((size) => !seen.has(size));
  if (missing.length > 0)
    report(
      ctx,
      ['sizeUpcharges'],
      `must list ${missing.join(', ')} too: every larger size needs its upcharge (0 when it costs no more)`,
    );
}

function checkUniqueIds(items: { id: string }[], field: string, ctx: Ctx, reserved: string[] = []): void {
  const firstIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const earlier = firstIndex.get(item.id);
    if (reserved.includes(item.id)) report(ctx, [field, index, 'id'], `must not be "${item.id}": that id is reserved`);
    else if (earlier !== undefined)
      report(ctx, [field, index, 'id'], `repeats the id "${item.id}" of ${field}.${earlier}`);
    else firstIndex.set(item.id, index);
  });
}

/**
 * One table of per-piece prices: a row per quantity break, a column per option (colors, print area,
 * stitch band). Comparisons skip a row of the wrong length, which is reported on its own.
 */
function checkTable(
  ctx: Ctx,
  field: string,
  rows: number[][],
  breaks: number[],
  columns: { word: string; labels: string[] },
): void {
  const width = columns.labels.length;
  if (rows.length !== breaks.length)
    report(ctx, [field], `must have one row per quantity break (${breaks.length}), has ${rows.length}`);
  rows.forEach((row, index) => {
    if (row.length !== width) {
      report(ctx, [field, index], `must have one price per ${columns.word} (${width}), has ${row.length}`);
      return;
    }
    const above = rows[index - 1];
    const previousBreak = breaks[index - 1];
    row.forEach((price, column) => {
      const higher = above?.length === width ? above[column] : undefined;
      if (higher !== undefined && previousBreak !== undefined && price > higher)
        report(
          ctx,
          [field, index, column],
          `must not be more than the price at the previous break (${formatMoney(higher)} at ${pluralize(previousBreak, 'piece')})`,
        );
      const left = row[column - 1];
      const leftLabel = columns.labels[column - 1];
      if (left !== undefined && leftLabel !== undefined && price < left)
        report(ctx, [field, index, column], `must not be less than ${formatMoney(left)}, the price for ${leftLabel}`);
    });
  });
}

/**
 * data/screen-printing.json: per-colour tables for the first and each further location, and the screen fee
 * (waived from one of the breaks). A dark garment's extra colours must leave at least one for the design.
 */
export const screenPrintingSchema = z
  .strictObject({
    service: z.literal('screen-printing'),
    ...tieredShape,
    maxColors: wholeNumber(1),
    firstLocation: priceTable,
    additionalLocation: priceTable,
    screenFee: z.strictObject({ cents, waivedFromQuantity: wholeNumber(1) }),
    darkGarmentExtraColors: wholeNumber(0),
  })
  .superRefine((value, ctx) => {
    checkTiered(value, ctx);
    const columns = {
      word: 'color',
      labels: Array.from({ length: value.maxColors }, (_, index) => pluralize(index + 1, 'color')),
    };
    checkTable(ctx, 'firstLocation', value.firstLocation, value.breaks, columns);
    checkTable(ctx, 'additionalLocation', value.additionalLocation, value.breaks, columns);
    if (value.darkGarmentExtraColors >= value.maxColors)
      report(
        ctx,
        ['darkGarmentExtraColors'],
        `must be less than maxColors (${value.maxColors}), or a dark garment leaves no color for the design`,
      );
    if (!value.breaks.includes(value.screenFee.waivedFromQuantity))
      report(
        ctx,
        ['screenFee', 'waivedFromQuantity'],
        `must be one of the quantity breaks (${value.breaks.join(', ')})`,
      );
  });

const printAreaSchema = z.strictObject({
  id,
  name,
  widthInches: z.number().positive({ error: 'must be more than 0', abort: true }),
  heightInches: z.number().positive({ error: 'must be more than 0', abort: true }),
});

/**
 * data/direct-to-garment.json: print areas ascending by size, and a light and a dark table with one column per
 * area; no dark price may be below its light one.
 */
export const directToGarmentSchema = z
  .strictObject({
    service: z.literal('direct-to-garment'),
    ...tieredShape,
    printAreas: z.array(printAreaSchema).min(1, 'must list at least one print area'),
    light: priceTable,
    dark: priceTable,
    artSetupFee: cents,
  })
  .superRefine((value, ctx) => {
    checkTiered(value, ctx);
    checkUniqueIds(value.printAreas, 'printAreas', ctx);
    value.printAreas.forEach((area, index) => {
      const smaller = value.printAreas[index - 1];
      if (smaller && area.widthInches * area.heightInches <= smaller.widthInches * smaller.heightInches)
        report(ctx, ['printAreas', index], `must be larger than the print area before it (${smaller.name})`);
    });
    const columns = { word: 'print area', labels: value.printAreas.map((area) => area.name) };
    checkTable(ctx, 'light', value.light, value.breaks, columns);
    checkTable(ctx, 'dark', value.dark, value.breaks, columns);
    // Pretreatment and white ink are extra work, never a discount.
    value.dark.forEach((row, index) => {
      const lightRow = value.light[index];
      if (row.length !== columns.labels.length || lightRow?.length !== row.length) return;
      row.forEach((price, column) => {
        const light = lightRow[column];
        if (light !== undefined && price < light)
          report(ctx, ['dark', index, column], `must not be less than ${formatMoney(light)}, the light-garment price`);
      });
    });
  });

const stitchBandSchema = z.strictObject({ id, name, maxStitches: wholeNumber(1) });

const positive = z.number().positive('must be more than 0');
const stitchEstimateSchema = z.strictObject({
  stitchesPerSquareInch: positive,
  heightPerWidth: positive.max(2, 'must be at most 2 (a logo twice as tall as wide)'),
  typicalWidthInches: positive.max(20, 'must be at most 20 inches'),
});

/** data/embroidery.json: stitch bands ascending by maxStitches, and one price column per band. */
export const embroiderySchema = z
  .strictObject({
    service: z.literal('embroidery'),
    ...tieredShape,
    stitchBands: z.array(stitchBandSchema).min(1, 'must list at least one stitch band'),
    prices: priceTable,
    digitizingFee: cents,
    threadColorsIncluded: wholeNumber(1),
    stitchEstimate: stitchEstimateSchema,
  })
  .superRefine((value, ctx) => {
    checkTiered(value, ctx);
    checkUniqueIds(value.stitchBands, 'stitchBands', ctx);
    value.stitchBands.forEach((band, index) => {
      const smaller = value.stitchBands[index - 1];
      if (smaller && band.maxStitches <= smaller.maxStitches)
        report(
          ctx,
          ['stitchBands', index, 'maxStitches'],
          `must be more than the band before it (${smaller.maxStitches})`,
        );
    });
    checkTable(ctx, 'prices', value.prices, value.breaks, {
      word: 'stitch band',
      labels: value.stitchBands.map((band) => band.name),
    });
  });

// The page code is written against types.ts: a schema that drifts from it must not compile.
// A type-only check: nothing runs, and the bundler drops the literal.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
[true, true, true] satisfies [
  Same<z.output<typeof screenPrintingSchema>, ScreenPrintingPrices>,
  Same<z.output<typeof directToGarmentSchema>, DirectToGarmentPrices>,
  Same<z.output<typeof embroiderySchema>, EmbroideryPrices>,
];
