import { describe, expect, it } from 'vitest';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { promisedDateOf } from './promised-date.ts';

/**
 * Fixture terms: screen printing takes 10 business days, or 5 with the first rush; the shop works
 * Monday to Friday with a 12:00 cut-off in Chicago; shipping takes 2 business days, 62704 is local.
 */
// Monday 30 November 2026, 09:00 in Chicago: before the cut-off, so the day counts.
const now = new Date('2026-11-30T15:00:00Z');
const values: FormValues = {
  service: 'screen-printing',
  garment: 'own',
  qtyM: '24',
  loc1: 'front',
  loc1Colors: '1',
  delivery: 'pickup',
};

describe('the day an order is promised for when its proof is approved', () => {
  it('counts the standard turnaround from the approval, for pickup', () => {
    expect(promisedDateOf(values, fixtureSiteData, now)).toEqual({ date: '2026-12-14', handover: 'pickup' });
  });

  it('starts from the next business day after the cut-off', () => {
    // Friday 4 December, 13:00 in Chicago: past the cut-off, so Monday 7 counts first.
    expect(promisedDateOf(values, fixtureSiteData, new Date('2026-12-04T19:00:00Z'))).toEqual({
      date: '2026-12-21',
      handover: 'pickup',
    });
  });

  it('uses the rush the in-hands date needed, as the calculator priced it', () => {
    expect(promisedDateOf({ ...values, inHands: '2026-12-08' }, fixtureSiteData, now)).toEqual({
      date: '2026-12-07',
      handover: 'pickup',
    });
  });

  it('adds the carrier’s transit days to a shipped order, and none to a local delivery', () => {
    expect(promisedDateOf({ ...values, delivery: 'delivery', zip: '90210' }, fixtureSiteData, now)).toEqual({
      date: '2026-12-16',
      handover: 'delivery',
    });
    expect(promisedDateOf({ ...values, delivery: 'delivery', zip: '62704' }, fixtureSiteData, now)).toEqual({
      date: '2026-12-14',
      handover: 'delivery',
    });
  });

  it('promises nothing for a request the engine cannot price (the shop sets the day on the desk)', () => {
    expect(promisedDateOf({}, fixtureSiteData, now)).toBeUndefined();
  });
});
