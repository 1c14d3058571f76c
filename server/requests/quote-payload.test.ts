import { describe, expect, it } from 'vitest';
import { buildLoad, type Capacity, loadDatesOf } from '#shared/production/production-load.ts';
import { createQuoteSchema } from '#shared/submissions/quote-form.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { quotePayload } from './quote-payload.ts';

/**
 * The estimate stored on a request (and so shown in the shop's mail and on the customer's page) is the
 * one the visitor saw, in the same words. Fixture prices: 24 pieces of one color on own garments, 900
 * cents each and a 1500 cent screen; Tuesday 8 December from Monday 30 November leaves six business
 * days, two of them in transit: the 3-day rush, 50 % of 23100; shipping 24 pieces 2000 cents.
 */
const now = new Date('2026-11-30T15:00:00Z');
const values = {
  name: 'Ann Example',
  email: 'ann@example.com',
  phone: '(555) 010-0123',
  service: 'screen-printing',
  garment: 'own',
  qtyM: '24',
  loc1: 'front',
  loc1Colors: '1',
  inHands: '2026-12-08',
  delivery: 'delivery',
  address: '1 Sunset Boulevard, Beverly Hills, CA',
  zip: '90210',
};

describe('the stored estimate', () => {
  it('says the all-in total, the rush, the shipping, the dates and the sales tax', () => {
    const request = createQuoteSchema(fixtureSiteData, { now: () => now }).parse(values);
    const payload = quotePayload(request, values, fixtureSiteData, now);
    expect(payload.zipCode).toBe('90210');
    expect(payload.websiteEstimate).toBe(
      '$366.50 in total for 24 pieces, about $15.27 per piece (the total ÷ 24, rounded). ' +
        'Included: Rush, 3 business days: +50% of printing and set-up: $115.50; ' +
        'Shipping to 90210 by Test Parcel, 24–99 pieces (2 business days in transit): $20.00. ' +
        'Tue, Dec 8: rush, 3 business days (+50%). Tue, Dec 8 needs our 3-business-day rush (+50% of the ' +
        'printing and set-up, in the total): approve the proof by 12:00 pm CST on Tue, Dec 1. A later date ' +
        'costs less. No sales tax: the order goes outside the states where the shop collects it.',
    );
  });
});

describe('the stored estimate of a pickup', () => {
  it('counts the sales tax of the shop’s ZIP code line by line, per jurisdiction', () => {
    const pickup = { ...values, delivery: 'pickup', address: '', zip: '', inHands: '' };
    const request = createQuoteSchema(fixtureSiteData, { now: () => now }).parse(pickup);
    const payload = quotePayload(request, pickup, fixtureSiteData, now);
    // The tests' rules at 62701: the print (apparel, $9.00 an item) is free of the state share, 2% county
    // $4.32, 1.5% city $3.24; the screen (set-up, $15.00) 4% $0.60, 2% $0.30, 1.5% 22.5 cents up to $0.23.
    expect(payload.websiteEstimate).toContain(
      'Plus sales tax of $8.69 (Test State 4%: $0.60; Test County 2%: $4.62; Test City 1.5%: $3.47), ' +
        '$239.69 with tax; none with a tax-exemption certificate.',
    );
  });
});

describe('the stored estimate with the shop’s load', () => {
  it('says the date cannot be made and names the earliest the press has room for', () => {
    const capacity: Capacity = {
      perDay: { 'screen-printing': 100, 'direct-to-garment': 100, embroidery: 100 },
      closedDates: [],
    };
    // 900 pieces due Friday 11 December fill every day to then: 24 more fit by Monday 14.
    const load = buildLoad(
      fixtureSiteData['order-terms'],
      capacity,
      [{ service: 'screen-printing', pieces: 900, pressDate: '2026-12-11' }],
      '2026-12-01',
    );
    const request = createQuoteSchema(fixtureSiteData, { now: () => now }).parse(values);
    const payload = quotePayload(request, values, fixtureSiteData, now, loadDatesOf(load, capacity));
    // Ready Monday 14 December, two days in transit: in hands Wednesday 16, at the standard price.
    expect(payload.websiteEstimate).toContain('We cannot make Tue, Dec 8.');
    expect(payload.websiteEstimate).toContain(
      'The earliest we can have it in your hands is Wed, Dec 16, at standard pricing',
    );
    expect(payload.websiteEstimate).not.toContain('Rush');
  });
});

describe('an embroidered logo in the stored request', () => {
  it('keeps the width the customer gave and says the stitch count is estimated from it', () => {
    const logo = {
      ...values,
      service: 'embroidery',
      garment: 'pique-polo',
      garmentColor: 'Navy',
      loc1: 'left-chest',
      loc1Colors: '',
      loc1Width: '3.5',
      delivery: 'pickup',
    };
    const request = createQuoteSchema(fixtureSiteData, { now: () => now }).parse(logo);
    const payload = quotePayload(request, logo, fixtureSiteData, now);
    expect(payload.printLocations).toEqual([
      {
        placement: 'Left chest',
        colors: undefined,
        size: undefined,
        logoWidth: '3.5 in',
        stitches: 'about 6,100 (estimated from the width)',
      },
    ]);
  });
});
