import { describe, expect, it } from 'vitest';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { estimate, type OrderContext } from './estimate.ts';
import type { Estimate, EstimateResult, ScreenPrintingOptions } from './types.ts';

/**
 * The in-hands date, the delivery and reorders, priced against the fixture (tests/fixtures/site-data):
 * screen printing at 900 cents a piece for one color from 24 pieces, 1500 cents a screen; standard 10
 * business days, rush 5 days +25 % and 3 days +50 %; closed at weekends and on 2026-11-26; free
 * delivery to 62701 and 62704, else 1000 cents a shipment, 2000 from 24 pieces, 5000 from 100, two
 * business days in transit. Every amount and date is worked out by hand.
 */
const screen = fixtureSiteData['screen-printing'];
// Monday 30 November 2026, 09:00 in Chicago: an approval now counts from today.
const context: OrderContext = { terms: fixtureSiteData['order-terms'], now: new Date('2026-11-30T15:00:00Z') };

const order = (options: Partial<ScreenPrintingOptions> = {}): ScreenPrintingOptions => ({
  service: 'screen-printing',
  quantity: 24,
  colors: [1],
  darkGarment: false,
  garment: 'own',
  sizes: {},
  ...options,
});

function ok(result: EstimateResult): Estimate {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result.estimate;
}

const lineOf = (result: Estimate, kind: string) => result.lines.find((line) => line.kind === kind);

describe('the in-hands date', () => {
  it('without a date, gives the standard turnaround from an approval today', () => {
    const result = ok(estimate(screen, order(), context));
    // 24 x 900 + one 1500 screen, picked up for free.
    expect(result.totalCents).toBe(23_100);
    expect(result.schedule).toMatchObject({ kind: 'standard', approveBy: '2026-11-30', handedOver: '2026-12-14' });
    expect(lineOf(result, 'rush')).toBeUndefined();
  });

  it('keeps standard pricing when the date allows, and says by when to approve', () => {
    const result = ok(estimate(screen, order({ inHands: '2026-12-18' }), context));
    expect(result.totalCents).toBe(23_100);
    // Ten business days back from Friday 18 December.
    expect(result.schedule).toMatchObject({
      kind: 'on-time',
      turnaround: { businessDays: 10, surchargePercent: 0 },
      approveBy: '2026-12-04',
    });
  });

  it('adds the slowest rush that makes the date, as a line on the printing and set-up', () => {
    // Tuesday 8 December leaves 6 business days: the 5-day rush, 25 % of 21600 + 1500 = 5775.
    const result = ok(estimate(screen, order({ inHands: '2026-12-08' }), context));
    expect(lineOf(result, 'rush')).toEqual({
      kind: 'rush',
      label: 'Rush, 5 business days: +25% of printing and set-up',
      quantity: 1,
      unitCents: 5775,
      totalCents: 5775,
    });
    expect(result.totalCents).toBe(28_875);
    expect(result.schedule).toMatchObject({ kind: 'on-time', approveBy: '2026-12-01' });
    // 28875 / 24 = 1203.125: shown as an average, never as a price to multiply.
    expect(result).toMatchObject({ perPieceCents: 1203, perPieceExact: false });
  });

  it('takes the faster rush when the date needs it', () => {
    const result = ok(estimate(screen, order({ inHands: '2026-12-03' }), context));
    expect(lineOf(result, 'rush')?.totalCents).toBe(11_550);
    expect(result.schedule).toMatchObject({ turnaround: { businessDays: 3 }, approveBy: '2026-11-30' });
  });

  it('says when a date cannot be made, with the earliest one, priced at the fastest rush', () => {
    const result = ok(estimate(screen, order({ inHands: '2026-12-02' }), context));
    expect(result.schedule).toMatchObject({ kind: 'too-soon', inHands: '2026-12-02', earliest: '2026-12-03' });
    expect(lineOf(result, 'rush')?.totalCents).toBe(11_550);
  });

  it('counts from the next business day after the cut-off', () => {
    // Wednesday 25 November at 13:00: Thanksgiving and the weekend follow, so the count starts on Friday
    // 27th and the standard ten days end on Friday 11 December.
    const afternoon = { ...context, now: new Date('2026-11-25T19:00:00Z') };
    expect(ok(estimate(screen, order(), afternoon)).schedule).toMatchObject({
      approveBy: '2026-11-27',
      handedOver: '2026-12-11',
    });
  });

  it('refuses a date in the past or one that does not exist', () => {
    for (const [inHands, message] of [
      ['2026-11-29', 'Choose an in-hands date from today on.'],
      ['2026-02-30', 'Enter the in-hands date as YYYY-MM-DD, or leave it empty.'],
    ]) {
      const result = estimate(screen, order({ inHands }), context);
      expect(result).toEqual({ ok: false, errors: [{ field: 'inHands', message }] });
    }
  });
});

describe('delivery', () => {
  it('is a free line for pickup and for a local ZIP code', () => {
    expect(lineOf(ok(estimate(screen, order(), context)), 'delivery')).toMatchObject({
      label: 'Pickup at the shop',
      totalCents: 0,
    });
    const local = ok(estimate(screen, order({ delivery: { method: 'delivery', zip: '62704' } }), context));
    expect(lineOf(local, 'delivery')).toMatchObject({ label: 'Free local delivery to 62704', totalCents: 0 });
    expect(local.totalCents).toBe(23_100);
  });

  it('ships anywhere else at the rate for the quantity, and counts the transit days before the date', () => {
    const shipped = ok(
      estimate(screen, order({ delivery: { method: 'delivery', zip: '90210' }, inHands: '2026-12-08' }), context),
    );
    expect(lineOf(shipped, 'delivery')?.totalCents).toBe(2000);
    // Two days in transit leave it four to make: the 3-day rush, 50 % of 23100.
    expect(lineOf(shipped, 'rush')?.totalCents).toBe(11_550);
    expect(shipped.totalCents).toBe(23_100 + 11_550 + 2000);
    const small = ok(
      estimate(screen, order({ quantity: 23, delivery: { method: 'delivery', zip: '90210' } }), context),
    );
    expect(lineOf(small, 'delivery')?.totalCents).toBe(1000);
  });

  it('asks for a ZIP code it can read', () => {
    expect(estimate(screen, order({ delivery: { method: 'delivery', zip: '' } }), context)).toEqual({
      ok: false,
      errors: [{ field: 'zip', message: 'Enter the ZIP code to deliver to.' }],
    });
    expect(estimate(screen, order({ delivery: { method: 'delivery', zip: '9021' } }), context)).toMatchObject({
      ok: false,
    });
  });
});

describe('reorders', () => {
  it('shows the screens on file at no charge, and takes them out of the rush base', () => {
    const result = ok(estimate(screen, order({ setupOnFile: true, inHands: '2026-12-08' }), context));
    expect(lineOf(result, 'setup')).toMatchObject({
      label: 'Screens: 1 color over 1 location: on file, not charged again',
      totalCents: 0,
    });
    // 24 x 900 = 21600, and 25 % of it for the rush.
    expect(result.totalCents).toBe(21_600 + 5400);
  });
});

describe('the whole ladder', () => {
  it('prices the same order at every break, with the visitor’s own quantity marked', () => {
    const result = ok(estimate(screen, order({ quantity: 30 }), context));
    expect(result.ladder).toEqual([
      { quantity: 12, totalCents: 13_500, perPieceCents: 1125, perPieceExact: true, current: false },
      { quantity: 24, totalCents: 23_100, perPieceCents: 963, perPieceExact: false, current: false },
      { quantity: 30, totalCents: 28_500, perPieceCents: 950, perPieceExact: true, current: true },
      { quantity: 48, totalCents: 39_900, perPieceCents: 831, perPieceExact: false, current: false },
      { quantity: 72, totalCents: 51_900, perPieceCents: 721, perPieceExact: false, current: false },
      // From 144 pieces the screens are free.
      { quantity: 144, totalCents: 86_400, perPieceCents: 600, perPieceExact: true, current: false },
      { quantity: 288, totalCents: 144_000, perPieceCents: 500, perPieceExact: true, current: false },
    ]);
  });

  it('carries the rush and the shipping rate into every row, and the next-tier hint agrees with it', () => {
    const result = ok(
      estimate(
        screen,
        order({ quantity: 23, inHands: '2026-12-08', delivery: { method: 'delivery', zip: '90210' } }),
        context,
      ),
    );
    // At 24: 23100 + 50 % of it + 2000 shipping.
    const row = result.ladder.find((item) => item.quantity === 24);
    expect(row?.totalCents).toBe(23_100 + 11_550 + 2000);
    expect(result.nextTier?.totalCents).toBe(row?.totalCents);
  });

  it('leaves out the breaks too small for the larger sizes asked for', () => {
    const result = ok(
      estimate(screen, order({ quantity: 30, garment: 'standard-tee', sizes: { '2XL': 20 } }), context),
    );
    expect(result.ladder.map((row) => row.quantity)).toEqual([24, 30, 48, 72, 144, 288]);
  });
});

describe('without the order terms', () => {
  it('prices the order alone, and refuses a date it cannot count', () => {
    expect(ok(estimate(screen, order())).schedule).toBeNull();
    expect(() => estimate(screen, order({ inHands: '2026-12-08' }))).toThrow(TypeError);
  });
});
