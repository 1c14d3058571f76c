import { describe, expect, it } from 'vitest';
import { buildLoad, type Capacity, loadDatesOf } from '#shared/production/production-load.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { requestHandover, startingQuote } from './quote-editor.ts';

/**
 * The desk's first quote starts from the engine's lines for what the customer asked, rush and delivery
 * included, counted from the desk's own time. Fixture prices: 24 pieces of one color on own garments,
 * 900 cents each and a 1500 cent screen; the 5-day rush +25 % for Tuesday 8 December from Monday
 * 30 November; free delivery to 62704.
 */
describe('the desk’s quote prefill', () => {
  it('carries the rush and the delivery lines, and leaves screens on file at no charge on a reorder', () => {
    const form = {
      service: 'screen-printing',
      garment: 'own',
      qtyM: '24',
      loc1: 'front',
      loc1Colors: '1',
      inHands: '2026-12-08',
      delivery: 'delivery',
      zip: '62704',
    };
    const now = new Date('2026-11-30T15:00:00Z');
    const start = startingQuote(form, fixtureSiteData, undefined, '2026-11-30', now);
    expect(start.source).toBe('engine');
    // Each line with the class its tax is counted by: the print and its rush are apparel's.
    expect(start.rows).toEqual([
      { label: 'Print location 1, 1 color', quantity: '24', unit: '9.00', taxClass: 'apparel' },
      { label: 'Screens: 1 color over 1 location', quantity: '1', unit: '15.00', taxClass: 'setup' },
      {
        label: 'Rush, 5 business days: +25% of printing and set-up',
        quantity: '1',
        unit: '57.75',
        taxClass: 'apparel',
      },
      { label: 'Free local delivery to 62704', quantity: '1', unit: '0.00', taxClass: 'delivery' },
    ]);
    const reorder = startingQuote(
      { ...form, reorderOf: 'Q-2026-000042' },
      fixtureSiteData,
      undefined,
      '2026-11-30',
      now,
    );
    expect(reorder.rows[1]).toEqual({
      label: 'Screens: 1 color over 1 location: on file, not charged again',
      quantity: '1',
      unit: '0.00',
      taxClass: 'setup',
    });
  });

  it('leaves the rush out when the press is full until after the date: no rush makes it', () => {
    const now = new Date('2026-11-30T15:00:00Z');
    const capacity: Capacity = {
      perDay: { 'screen-printing': 100, 'direct-to-garment': 100, embroidery: 100 },
      closedDates: [],
    };
    // 900 pieces due Friday 11 December fill every day to then.
    const load = buildLoad(
      fixtureSiteData['order-terms'],
      capacity,
      [{ service: 'screen-printing', pieces: 900, pressDate: '2026-12-11' }],
      '2026-12-01',
    );
    const start = startingQuote(
      { service: 'screen-printing', garment: 'own', qtyM: '24', loc1: 'front', loc1Colors: '1', inHands: '2026-12-08' },
      fixtureSiteData,
      undefined,
      '2026-11-30',
      now,
      loadDatesOf(load, capacity),
    );
    expect(start.rows.map((row) => row.label)).toEqual([
      'Print location 1, 1 color',
      'Screens: 1 color over 1 location',
      'Pickup at the shop',
    ]);
  });

  it('taxes a delivery by its ZIP code, a ZIP+4 by its five digits, and warns when none can be read', () => {
    expect(requestHandover({ delivery: 'delivery', zip: '10001-1234' })).toEqual({
      handover: { method: 'delivery', zip: '10001' },
    });
    expect(requestHandover({ delivery: 'pickup', zip: '10001' })).toEqual({ handover: { method: 'pickup' } });
    expect(requestHandover(undefined)).toEqual({ handover: { method: 'pickup' } });
    const unread = requestHandover({ delivery: 'delivery', zip: 'near the lake' });
    expect(unread.handover).toEqual({ method: 'pickup' });
    expect(unread.warning).toMatch(/without a ZIP code we can read/);
  });
});
