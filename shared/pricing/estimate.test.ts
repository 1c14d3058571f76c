import { describe, expect, it } from 'vitest';
import { formatMoney } from '#shared/money.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { estimate, priceFileFor } from './estimate.ts';
import { directToGarmentSchema } from './price-schemas.ts';
import type {
  DirectToGarmentOptions,
  EmbroideryOptions,
  Estimate,
  EstimateResult,
  FieldError,
  LineItem,
  ScreenPrintingOptions,
} from './types.ts';

// The fixture's made-up prices (tests/fixtures/site-data/), not the shop's: the amounts written out
// below are worked out by hand from those files, so a change of the shop's prices leaves them true.
const screen = fixtureSiteData['screen-printing'];
const dtg = fixtureSiteData['direct-to-garment'];
const embroidery = fixtureSiteData.embroidery;

const sp = (options: Partial<ScreenPrintingOptions> = {}): ScreenPrintingOptions => ({
  service: 'screen-printing',
  quantity: 24,
  colors: [1],
  darkGarment: false,
  garment: 'own',
  sizes: {},
  ...options,
});
const dt = (options: Partial<DirectToGarmentOptions> = {}): DirectToGarmentOptions => ({
  service: 'direct-to-garment',
  quantity: 12,
  areas: ['medium'],
  darkGarment: false,
  garment: 'own',
  artSetup: false,
  sizes: {},
  ...options,
});
const em = (options: Partial<EmbroideryOptions> = {}): EmbroideryOptions => ({
  service: 'embroidery',
  quantity: 12,
  stitches: [5000],
  newDesign: false,
  garment: 'own',
  sizes: {},
  ...options,
});

function ok(result: EstimateResult): Estimate {
  if (!result.ok) throw new Error(`expected an estimate, got ${JSON.stringify(result.errors)}`);
  return result.estimate;
}

function errorsOf(result: EstimateResult): FieldError[] {
  if (result.ok) throw new Error(`expected field errors, got a total of ${result.estimate.totalCents}`);
  return result.errors;
}

const ofKind = (result: Estimate, kind: LineItem['kind']) => result.lines.filter((item) => item.kind === kind);
const unitOf = (result: Estimate, index = 0) => ofKind(result, 'print')[index]?.unitCents;

const cell = (table: number[][], row: number, column: number): number => {
  const cents = table[row]?.[column];
  if (cents === undefined) throw new Error(`no price at ${row}.${column}`);
  return cents;
};

/** Every break, and the quantity just below it, with the row of the table each must be priced from. */
function boundaries(breaks: number[]): [quantity: number, row: number][] {
  return breaks.flatMap((from, row): [number, number][] =>
    row === 0
      ? [[from, 0]]
      : [
          [from - 1, row - 1],
          [from, row],
        ],
  );
}

// Halves of a cent go up, as the engine rounds.
const nearestDiv = (total: number, quantity: number) => Math.floor(total / quantity + 0.5);

describe('priceFileFor', () => {
  it('picks the price file of a service from the site data', () => {
    const site = { 'screen-printing': screen, 'direct-to-garment': dtg, embroidery };
    expect(priceFileFor(site, 'screen-printing')).toBe(screen);
    expect(priceFileFor(site, 'direct-to-garment')).toBe(dtg);
    expect(priceFileFor(site, 'embroidery')).toBe(embroidery);
  });
});

describe('screen printing', () => {
  it('prices the order the calculator opens with, line by line', () => {
    const result = ok(estimate(screen, sp({ quantity: 24, colors: [3], garment: 'standard-tee' })));
    expect(result.lines).toEqual([
      { kind: 'garments', label: 'Standard cotton tee', quantity: 24, unitCents: 300, totalCents: 7200 },
      { kind: 'print', label: 'Print location 1, 3 colors', quantity: 24, unitCents: 1100, totalCents: 26400 },
      { kind: 'setup', label: 'Screens: 3 colors over 1 location', quantity: 3, unitCents: 1500, totalCents: 4500 },
    ]);
    expect(result.totalCents).toBe(38100);
    expect(result.perPieceCents).toBe(1588); // $381.00 / 24 = $15.875, rounded to the nearest cent
    expect(result.perPieceExact).toBe(false);
    expect(result.tier).toEqual({ fromQuantity: 24, toQuantity: 47 });
  });

  it.each(boundaries(screen.breaks))('at %i pieces prices every color count from row %i', (quantity, row) => {
    for (let colors = 1; colors <= screen.maxColors; colors += 1) {
      const result = ok(estimate(screen, sp({ quantity, colors: [colors, colors] })));
      expect(unitOf(result, 0)).toBe(cell(screen.firstLocation, row, colors - 1));
      expect(unitOf(result, 1)).toBe(cell(screen.additionalLocation, row, colors - 1));
      expect(result.tier.fromQuantity).toBe(screen.breaks[row]);
      const print = cell(screen.firstLocation, row, colors - 1) + cell(screen.additionalLocation, row, colors - 1);
      const screens = quantity < screen.screenFee.waivedFromQuantity ? 2 * colors * screen.screenFee.cents : 0;
      expect(result.perPieceCents).toBe(print + nearestDiv(screens, quantity));
    }
  });

  it('reports the last break as open-ended, with no next tier', () => {
    const result = ok(estimate(screen, sp({ quantity: 500 })));
    expect(result.tier).toEqual({ fromQuantity: 288, toQuantity: null });
    expect(result.nextTier).toBeNull();
  });

  it('waives the screens from the waived-from quantity, not one piece before', () => {
    const waivedFrom = screen.screenFee.waivedFromQuantity;
    const before = ok(estimate(screen, sp({ quantity: waivedFrom - 1, colors: [2, 1] })));
    expect(ofKind(before, 'setup')).toEqual([
      {
        kind: 'setup',
        label: 'Screens: 3 colors over 2 locations',
        quantity: 3,
        unitCents: screen.screenFee.cents,
        totalCents: 3 * screen.screenFee.cents,
      },
    ]);
    const from = ok(estimate(screen, sp({ quantity: waivedFrom, colors: [2, 1] })));
    expect(ofKind(from, 'setup')).toEqual([]);
  });

  it('prints a dark garment with one more color, which also needs its screen', () => {
    const result = ok(estimate(screen, sp({ quantity: 48, colors: [3, 1], darkGarment: true })));
    expect(ofKind(result, 'print').map((item) => [item.label, item.unitCents])).toEqual([
      ['Print location 1, 3 colors + white underbase', cell(screen.firstLocation, 2, 3)],
      ['Print location 2, 1 color + white underbase', cell(screen.additionalLocation, 2, 1)],
    ]);
    expect(ofKind(result, 'setup')).toEqual([
      {
        kind: 'setup',
        label: 'Screens: 6 colors over 2 locations, white underbase included',
        quantity: 6,
        unitCents: 1500,
        totalCents: 9000,
      },
    ]);
  });

  it('allows all 6 colors on a light garment but 5 on a dark one, and says why', () => {
    expect(estimate(screen, sp({ colors: [6] })).ok).toBe(true);
    expect(errorsOf(estimate(screen, sp({ colors: [7] })))).toEqual([
      { field: 'colors.0', message: 'At most 6 colors per location.' },
    ]);
    expect(estimate(screen, sp({ colors: [5], darkGarment: true })).ok).toBe(true);
    expect(errorsOf(estimate(screen, sp({ colors: [2, 6], darkGarment: true })))).toEqual([
      {
        field: 'colors.1',
        message: 'At most 5 colors per location on a dark garment: the white underbase takes 1 of the 6.',
      },
    ]);
  });

  it('asks for a color count it can price', () => {
    for (const colors of [0, -1, 1.5, Number.NaN]) {
      expect(errorsOf(estimate(screen, sp({ colors: [2, colors] })))).toEqual([
        { field: 'colors.1', message: 'Choose from 1 to 6 colors.' },
      ]);
    }
    expect(errorsOf(estimate(screen, sp({ colors: [] })))).toEqual([
      { field: 'colors.0', message: 'Choose the ink colors of at least one print location.' },
    ]);
    expect(errorsOf(estimate(screen, sp({ colors: [1, 1, 1, 1, 1] })))).toEqual([
      { field: 'colors', message: 'At most 4 locations per piece.' },
    ]);
  });

  it('starts at the minimum', () => {
    expect(errorsOf(estimate(screen, sp({ quantity: 11 })))).toEqual([
      { field: 'quantity', message: 'Screen printing starts at 12 pieces.' },
    ]);
    expect(estimate(screen, sp({ quantity: 12 })).ok).toBe(true);
  });
});

describe('direct-to-garment printing', () => {
  it.each(boundaries(dtg.breaks))('at %i pieces prices every print area from row %i', (quantity, row) => {
    dtg.printAreas.forEach((area, column) => {
      const light = ok(estimate(dtg, dt({ quantity, areas: [area.id] })));
      expect(light.perPieceCents).toBe(cell(dtg.light, row, column));
      expect(light.tier.fromQuantity).toBe(dtg.breaks[row]);
      const dark = ok(estimate(dtg, dt({ quantity, areas: [area.id, area.id], darkGarment: true })));
      expect(dark.perPieceCents).toBe(2 * cell(dtg.dark, row, column));
    });
  });

  it('has no minimum beyond one piece', () => {
    expect(estimate(dtg, dt({ quantity: 1 })).ok).toBe(true);
    expect(errorsOf(estimate(dtg, dt({ quantity: 0 })))).toEqual([
      { field: 'quantity', message: 'Direct-to-garment printing starts at 1 piece.' },
    ]);
  });

  it('adds the art set-up fee once, only when asked', () => {
    const ready = ok(estimate(dtg, dt({ quantity: 7, areas: ['large'] })));
    const needsArt = ok(estimate(dtg, dt({ quantity: 7, areas: ['large'], artSetup: true })));
    expect(ofKind(ready, 'setup')).toEqual([]);
    expect(ofKind(needsArt, 'setup')).toEqual([
      { kind: 'setup', label: 'Art set-up', quantity: 1, unitCents: dtg.artSetupFee, totalCents: dtg.artSetupFee },
    ]);
    expect(needsArt.totalCents - ready.totalCents).toBe(dtg.artSetupFee);
  });

  it('names each print location and its size', () => {
    const result = ok(estimate(dtg, dt({ quantity: 12, areas: ['large', 'small'], darkGarment: true })));
    expect(ofKind(result, 'print').map((item) => item.label)).toEqual([
      'Print location 1, Large (up to 14 x 14 in), dark garment',
      'Print location 2, Small (up to 5 x 5 in), dark garment',
    ]);
  });

  it('asks for a print size it has', () => {
    expect(errorsOf(estimate(dtg, dt({ areas: ['medium', 'huge'] })))).toEqual([
      {
        field: 'areas.1',
        message:
          'Choose one of our print sizes: Small (up to 5 x 5 in), Medium (up to 10 x 10 in), Large (up to 14 x 14 in), Oversize (up to 14 x 18 in).',
      },
    ]);
    expect(errorsOf(estimate(dtg, dt({ areas: [] })))[0]?.field).toBe('areas.0');
    expect(errorsOf(estimate(dtg, dt({ areas: ['small', 'small', 'small', 'small', 'small'] })))).toEqual([
      { field: 'areas', message: 'At most 4 locations per piece.' },
    ]);
  });
});

describe('embroidery', () => {
  it.each(boundaries(embroidery.breaks))('at %i pieces prices every stitch band from row %i', (quantity, row) => {
    embroidery.stitchBands.forEach((band, column) => {
      const result = ok(estimate(embroidery, em({ quantity, stitches: [band.maxStitches] })));
      expect(result.perPieceCents).toBe(cell(embroidery.prices, row, column));
      expect(result.tier.fromQuantity).toBe(embroidery.breaks[row]);
    });
  });

  it('moves to the next stitch band one stitch over the band', () => {
    embroidery.stitchBands.slice(0, -1).forEach((band, column) => {
      const top = ok(estimate(embroidery, em({ quantity: 24, stitches: [band.maxStitches] })));
      const over = ok(estimate(embroidery, em({ quantity: 24, stitches: [band.maxStitches + 1] })));
      expect(unitOf(top)).toBe(cell(embroidery.prices, 2, column));
      expect(unitOf(over)).toBe(cell(embroidery.prices, 2, column + 1));
    });
  });

  it('charges digitizing once per location of a new design', () => {
    const result = ok(estimate(embroidery, em({ quantity: 24, stitches: [7500, 4000], newDesign: true })));
    expect(ofKind(result, 'setup')).toEqual([
      {
        kind: 'setup',
        label: 'Digitizing a new design: 2 locations',
        quantity: 2,
        unitCents: embroidery.digitizingFee,
        totalCents: 2 * embroidery.digitizingFee,
      },
    ]);
    expect(ofKind(result, 'print').map((item) => item.label)).toEqual([
      'Embroidery location 1, 7,500 stitches',
      'Embroidery location 2, 4,000 stitches',
    ]);
    expect(ofKind(ok(estimate(embroidery, em({ newDesign: false }))), 'setup')).toEqual([]);
  });

  it('sends designs over the largest band to a custom quote', () => {
    expect(estimate(embroidery, em({ stitches: [15_000] })).ok).toBe(true);
    expect(errorsOf(estimate(embroidery, em({ stitches: [15_001] })))).toEqual([
      { field: 'stitches.0', message: 'Designs over 15,000 stitches need a custom quote.' },
    ]);
  });

  it('prices a logo by its width: the stitches estimated from it decide the band, and the line says both', () => {
    // The fixture's rule: half as tall as wide at 1,000 stitches a square inch, rounded to 100s.
    // 3.5 in -> 6,125 -> 6,100 stitches (5,001 to 8,000); 2 in -> 2,000 (up to 5,000).
    const result = ok(estimate(embroidery, em({ quantity: 24, stitches: [], widths: [3.5, 2], newDesign: true })));
    expect(ofKind(result, 'print')).toEqual([
      {
        kind: 'print',
        label: 'Embroidery location 1, 3.5 in wide, about 6,100 stitches',
        quantity: 24,
        unitCents: cell(embroidery.prices, 2, 1),
        totalCents: 24 * cell(embroidery.prices, 2, 1),
      },
      {
        kind: 'print',
        label: 'Embroidery location 2, 2 in wide, about 2,000 stitches',
        quantity: 24,
        unitCents: cell(embroidery.prices, 2, 0),
        totalCents: 24 * cell(embroidery.prices, 2, 0),
      },
    ]);
    expect(ofKind(result, 'setup')[0]?.quantity).toBe(2);
  });

  it('asks for a width it can read, and sends a logo too wide for the bands to a custom quote', () => {
    for (const width of [0, 0.4, -2, Number.NaN]) {
      expect(errorsOf(estimate(embroidery, em({ stitches: [], widths: [3, width] })))).toEqual([
        { field: 'widths.1', message: "Enter the logo's width in inches, such as 3.5." },
      ]);
    }
    // 5.5 in -> 15,125 -> 15,100 stitches: one band too many. 5.4 in -> 14,580 -> 14,600: the last band.
    expect(estimate(embroidery, em({ stitches: [], widths: [5.4] })).ok).toBe(true);
    expect(errorsOf(estimate(embroidery, em({ stitches: [], widths: [5.5] })))).toEqual([
      {
        field: 'widths.0',
        message: 'A 5.5 in wide logo is about 15,100 stitches. Designs over 15,000 stitches need a custom quote.',
      },
    ]);
    expect(errorsOf(estimate(embroidery, em({ stitches: [5000], widths: [] })))).toEqual([
      { field: 'widths.0', message: 'Enter the width of at least one logo.' },
    ]);
  });

  it('asks for a stitch count it can read', () => {
    for (const stitches of [0, -5, 7500.5, Number.NaN]) {
      expect(errorsOf(estimate(embroidery, em({ stitches: [5000, stitches] })))).toEqual([
        { field: 'stitches.1', message: 'Enter the stitch count as a whole number, such as 7,500.' },
      ]);
    }
    expect(errorsOf(estimate(embroidery, em({ stitches: [] })))[0]?.field).toBe('stitches.0');
    expect(errorsOf(estimate(embroidery, em({ stitches: [1, 1, 1, 1] })))).toEqual([
      { field: 'stitches', message: 'At most 3 locations per piece.' },
    ]);
  });

  it('starts at the minimum', () => {
    expect(errorsOf(estimate(embroidery, em({ quantity: 5 })))).toEqual([
      { field: 'quantity', message: 'Embroidery starts at 6 pieces.' },
    ]);
  });
});

describe('garments and sizes', () => {
  const orders = [
    [screen, sp({ quantity: 30, colors: [2, 1], darkGarment: true, garment: 'pullover-hoodie' })],
    [dtg, dt({ quantity: 30, areas: ['large', 'small'], artSetup: true, garment: 'premium-tee' })],
    [embroidery, em({ quantity: 30, stitches: [9000], newDesign: true, garment: 'pique-polo' })],
  ] as const;

  it.each(orders)('with their own garments a customer pays only the print (%s)', (prices, options) => {
    const sizes = { '2XL': 4, '3XL': 2 };
    const ours = ok(estimate(prices, { ...options, sizes }));
    const own = ok(estimate(prices, { ...options, sizes, garment: 'own' }));
    expect(own.lines).toEqual(ours.lines.filter((item) => item.kind === 'print' || item.kind === 'setup'));
    expect(ofKind(own, 'garments')).toEqual([]);
    expect(ofKind(own, 'size-upcharge')).toEqual([]);
    const garment = prices.garments.find((item) => item.id === options.garment);
    const upcharge = (size: string) => prices.sizeUpcharges.find((item) => item.size === size)?.cents ?? 0;
    expect(ours.totalCents - own.totalCents).toBe(
      30 * (garment?.cents ?? Number.NaN) + 4 * upcharge('2XL') + 2 * upcharge('3XL'),
    );
  });

  it('adds each larger size at its upcharge, after the rest of the order', () => {
    const result = ok(
      estimate(screen, sp({ quantity: 24, garment: 'standard-tee', sizes: { '2XL': 3, '3XL': 1, '4XL+': 0 } })),
    );
    expect(result.lines.map((item) => item.kind)).toEqual([
      'garments',
      'print',
      'setup',
      'size-upcharge',
      'size-upcharge',
    ]);
    expect(ofKind(result, 'size-upcharge')).toEqual([
      { kind: 'size-upcharge', label: '2XL size upcharge', quantity: 3, unitCents: 100, totalCents: 300 },
      { kind: 'size-upcharge', label: '3XL size upcharge', quantity: 1, unitCents: 200, totalCents: 200 },
    ]);
  });

  it('accepts larger sizes for every piece, and not one more', () => {
    expect(estimate(dtg, dt({ quantity: 5, garment: 'standard-tee', sizes: { '2XL': 3, '4XL+': 2 } })).ok).toBe(true);
    expect(
      errorsOf(estimate(dtg, dt({ quantity: 5, garment: 'standard-tee', sizes: { '2XL': 3, '4XL+': 3 } }))),
    ).toEqual([
      { field: 'sizes.4XL+', message: 'The larger sizes add up to 6 pieces, more than the 5 pieces ordered.' },
    ]);
  });

  it('asks for size counts that are whole and not negative', () => {
    expect(errorsOf(estimate(screen, sp({ garment: 'standard-tee', sizes: { '2XL': -1, '3XL': 1.5 } })))).toEqual([
      { field: 'sizes.2XL', message: 'Enter how many pieces are 2XL as a whole number, or 0.' },
      { field: 'sizes.3XL', message: 'Enter how many pieces are 3XL as a whole number, or 0.' },
    ]);
  });

  it('asks for a garment it has', () => {
    expect(errorsOf(estimate(embroidery, em({ garment: 'tank-top' })))).toEqual([
      { field: 'garment', message: 'Choose one of our garments, or bring your own.' },
    ]);
  });
});

describe('quantity', () => {
  it('asks for a whole number of pieces', () => {
    for (const quantity of [24.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(errorsOf(estimate(screen, sp({ quantity })))).toEqual([
        { field: 'quantity', message: 'Enter the quantity as a whole number of pieces.' },
      ]);
    }
  });

  it('sends very large orders to a custom quote', () => {
    expect(estimate(dtg, dt({ quantity: 10_000 })).ok).toBe(true);
    expect(errorsOf(estimate(dtg, dt({ quantity: 10_001 })))).toEqual([
      { field: 'quantity', message: 'For more than 10,000 pieces, ask us for a custom quote.' },
    ]);
  });

  it('reports every problem at once, in the order of the form', () => {
    const result = estimate(
      screen,
      sp({ quantity: 3, garment: 'nope', colors: [9], darkGarment: false, sizes: { '2XL': -2 } }),
    );
    expect(errorsOf(result).map((error) => error.field)).toEqual(['quantity', 'garment', 'colors.0', 'sizes.2XL']);
  });
});

describe('the next price break', () => {
  it('says when ordering up to it costs less in total', () => {
    const result = ok(estimate(screen, sp({ quantity: 23 })));
    const next = ok(estimate(screen, sp({ quantity: 24 })));
    expect(result.nextTier).toEqual({
      fromQuantity: 24,
      perPieceCents: next.perPieceCents,
      totalCents: next.totalCents,
      cheaperInTotal: true,
      note: `Order 24 pieces instead and pay ${formatMoney(result.totalCents - next.totalCents)} less in total.`,
    });
    // 23 x 1000 + a 1500 screen = 24500 against 24 x 900 + 1500 = 23100.
    expect(result.nextTier?.note).toBe('Order 24 pieces instead and pay $14.00 less in total.');
  });

  it('otherwise says what the next break costs per piece', () => {
    const result = ok(estimate(screen, sp({ quantity: 24 })));
    expect(result.nextTier?.cheaperInTotal).toBe(false);
    // 800 a piece at 48, and the 1500 screen spread over 48 pieces, 31.25 rounded to 31.
    expect(result.nextTier?.note).toBe('At 48 pieces the price drops to $8.31 each.');
  });

  it('counts the screens it waives', () => {
    const result = ok(estimate(screen, sp({ quantity: 140, colors: [4, 2] })));
    const next = ok(estimate(screen, sp({ quantity: 144, colors: [4, 2] })));
    expect(result.nextTier?.totalCents).toBe(next.totalCents);
    expect(result.nextTier?.cheaperInTotal).toBe(next.totalCents < result.totalCents);
  });

  it('says so when the next break costs the same in total', () => {
    const flat = directToGarmentSchema.parse({
      ...dtg,
      light: dtg.light.map((row, index) => (index === 0 ? row : [500, ...row.slice(1)])),
    });
    const result = ok(estimate(flat, dt({ quantity: 6, areas: ['small'] })));
    expect(result.totalCents).toBe(6000);
    expect(result.nextTier).toMatchObject({ totalCents: 6000, cheaperInTotal: false });
    expect(result.nextTier?.note).toBe(
      'Order 12 pieces instead for the same $60.00 in total: 6 pieces more at no extra cost.',
    );
  });
});

describe('money', () => {
  it('rounds the per-piece price to the nearest cent and flags it as not exact', () => {
    const result = ok(estimate(screen, sp({ quantity: 23 })));
    expect(result.totalCents).toBe(23 * 1000 + 1500);
    expect(result.perPieceCents).toBe(1065); // $245.00 / 23 = $10.652..., rounded down
    expect(result.perPieceExact).toBe(false);
    // 24 x 900 + 1500 = 23100, 962.5 a piece: a half cent goes up.
    expect(ok(estimate(screen, sp({ quantity: 24 }))).perPieceCents).toBe(963);
    expect(ok(estimate(screen, sp({ quantity: 144 }))).perPieceExact).toBe(true);
  });

  it('throws on a price missing from the file instead of charging $0', () => {
    const holed = { ...screen, firstLocation: screen.firstLocation.map((row) => row.slice(0, 2)) };
    expect(() => estimate(holed, sp({ colors: [3] }))).toThrow(/no price for Print location 1, 3 colors/);
  });

  it('refuses to price options with the file of another service', () => {
    expect(() => estimate(screen, dt())).toThrow(TypeError);
  });
});
