import { describe, expect, it } from 'vitest';
import type { Estimate, EstimateResult } from '#shared/pricing/types.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import type { FormValues } from './form-values.ts';
import { quoteEstimate, quotePrefill } from './quote-fields.ts';

/**
 * The quote form's live estimate (and so the stored one and the desk's prefill) takes the date, the
 * delivery and a reorder from the form's own fields. Fixture prices (tests/fixtures/site-data): one
 * color at 900 cents a piece from 24 pieces, a 1500 cent screen, the 5-day rush +25 %, free delivery to
 * 62704, 2000 cents to ship 24 pieces.
 */
// Monday 30 November 2026, 09:00 in Chicago.
const now = new Date('2026-11-30T15:00:00Z');
const values: FormValues = {
  service: 'screen-printing',
  garment: 'own',
  qtyM: '24',
  loc1: 'front',
  loc1Colors: '1',
  delivery: 'pickup',
};

function ok(result: EstimateResult | undefined): Estimate {
  if (!result?.ok) throw new Error(`not priced: ${JSON.stringify(result)}`);
  return result.estimate;
}
const kinds = (estimate: Estimate) => estimate.lines.map((line) => [line.kind, line.totalCents]);

describe('the quote form’s estimate', () => {
  it('prices the in-hands date and the ZIP code the form asks for', () => {
    const estimate = ok(
      quoteEstimate({ ...values, inHands: '2026-12-08', delivery: 'delivery', zip: '90210' }, fixtureSiteData, now),
    );
    // Shipping takes two of the six business days: the 3-day rush, 50 % of 23100.
    expect(kinds(estimate)).toEqual([
      ['print', 21_600],
      ['setup', 1500],
      ['rush', 11_550],
      ['delivery', 2000],
    ]);
    expect(estimate.salesTax).toBe('Plus sales tax where it applies.');
  });

  it('asks for the ZIP code once delivery is chosen', () => {
    expect(quoteEstimate({ ...values, delivery: 'delivery' }, fixtureSiteData, now)).toEqual({
      ok: false,
      errors: [{ field: 'zip', message: 'Enter the ZIP code to deliver to.' }],
    });
    expect(ok(quoteEstimate({ ...values, delivery: 'delivery', zip: '62704' }, fixtureSiteData, now)).totalCents).toBe(
      23_100,
    );
  });

  it('leaves the screens uncharged on a reorder, and only then', () => {
    const reorder = ok(quoteEstimate({ ...values, reorderOf: 'Q-2026-000042' }, fixtureSiteData, now));
    expect(reorder.lines.find((line) => line.kind === 'setup')).toMatchObject({
      label: 'Screens: 1 color over 1 location: on file, not charged again',
      totalCents: 0,
    });
    expect(reorder.totalCents).toBe(21_600);
    expect(ok(quoteEstimate({ ...values, reorderOf: '  ' }, fixtureSiteData, now)).totalCents).toBe(23_100);
    // New artwork on a reorder needs new screens: charged after all.
    const newArtwork = { ...values, reorderOf: 'Q-2026-000042', newArtwork: 'on' };
    expect(ok(quoteEstimate(newArtwork, fixtureSiteData, now)).totalCents).toBe(23_100);
  });

  it('carries a calculator link’s date and delivery into the form', () => {
    const prefill = quotePrefill(
      new URLSearchParams('service=screen-printing&q=24&c1=1&garment=own&by=2026-12-08&deliver=1&zip=90210'),
      fixtureSiteData,
    );
    expect(prefill).toMatchObject({ inHands: '2026-12-08', delivery: 'delivery', zip: '90210' });
    expect(ok(quoteEstimate(prefill, fixtureSiteData, now)).totalCents).toBe(23_100 + 11_550 + 2000);
  });
});
