import { describe, expect, it } from 'vitest';
import type { SiteData } from '#shared/site-data.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { NEW_ARTWORK_KEY, quoteFormValues } from '#shared/submissions/quote-fields.ts';
import { createQuoteSchema } from '#shared/submissions/quote-form.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { quotePayload } from './quote-payload.ts';
import { askedView } from './request-details.ts';

/** Monday 30 November 2026, 9 AM at the shop (America/Chicago). */
const now = new Date('2026-11-30T15:00:00Z');

/** A quote request as the endpoint stores it (through JSON: blanks dropped), with its form values. */
function sent(values: FormValues, site: SiteData = fixtureSiteData) {
  const data = createQuoteSchema(site, { now: () => now }).parse(values);
  const payload = JSON.parse(JSON.stringify(quotePayload(data, values, site, now))) as Record<string, unknown>;
  return {
    request: { kind: 'quote' as const, name: data.name, email: data.email, payload, createdAt: now },
    formValues: quoteFormValues(values),
  };
}

const detailsOf = (view: ReturnType<typeof askedView>) =>
  Object.fromEntries(view.details.map((detail) => [detail.label, detail.value]));

/** 24 pieces on their own garments, one color, for Tuesday 8 December, delivered to a local ZIP code. */
const screenPrinting: FormValues = {
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(555) 010-0188',
  company: 'Riverside 5K',
  service: 'screen-printing',
  garment: 'own',
  qtyM: '24',
  loc1: 'front',
  loc1Colors: '1',
  inHands: '2026-12-08',
  delivery: 'delivery',
  address: '12 Elm Street',
  zip: '62704',
};

/** 12 caps, a left-chest logo of 5,000 stitches, picked up. */
const embroidery: FormValues = {
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(555) 010-0188',
  service: 'embroidery',
  garment: 'own',
  qtyM: '12',
  loc1: 'left-chest',
  loc1Stitches: '5000',
  delivery: 'pickup',
};

describe('what the customer asked for, as both sides show it', () => {
  it('labels each field as the form does and writes the date the shop’s way', () => {
    const { request, formValues } = sent(screenPrinting);
    const details = detailsOf(askedView(request, formValues, fixtureSiteData));
    expect(details['ZIP code']).toBe('62704');
    expect(details['Zip code']).toBeUndefined();
    expect(details['Company or team']).toBe('Riverside 5K');
    expect(details['In-hands date']).toBe('Tue, Dec 8, 2026');
    expect(details['Delivery address']).toBe('12 Elm Street');
    expect(details['Print locations']).toBe('Placement: Front · Ink colors: 1');
    expect(details['Dark garment']).toBe('No');
    // The estimate is shown apart, and name and e-mail are the request's own.
    expect(Object.keys(details)).not.toContain('Website estimate');
    expect(Object.keys(details)).not.toContain('Your name');
  });

  it('shows the estimate as its lines and total, with the words that go beside them', () => {
    const { request, formValues } = sent(screenPrinting);
    const { estimate } = askedView(request, formValues, fixtureSiteData);
    // Fixture prices, by hand: 24 × $9.00, one $15.00 screen, the 5-day rush at 25 % of both.
    expect(estimate?.figures).toEqual({
      lines: [
        { label: 'Print location 1, 1 color', quantity: 24, unit: '$9.00', total: '$216.00' },
        { label: 'Screens: 1 color over 1 location', quantity: 1, unit: '$15.00', total: '$15.00' },
        {
          label: 'Rush, 5 business days: +25% of printing and set-up',
          quantity: 1,
          unit: '$57.75',
          total: '$57.75',
        },
        { label: 'Free local delivery to 62704', quantity: 1, unit: '$0.00', total: '$0.00' },
      ],
      total: '$288.75',
    });
    expect(estimate?.notes[0]).toBe('24 pieces: about $12.03 per piece (the total ÷ 24, rounded).');
    expect(estimate?.notes.some((note) => note.includes('rush'))).toBe(true);
  });

  it('falls back to the estimate’s words when today’s prices no longer give them', () => {
    const { request, formValues } = sent(screenPrinting);
    const screens = fixtureSiteData['screen-printing'];
    const dearer = {
      ...fixtureSiteData,
      'screen-printing': { ...screens, screenFee: { ...screens.screenFee, cents: screens.screenFee.cents + 500 } },
    };
    const { estimate } = askedView(request, formValues, dearer);
    expect(estimate).toEqual({ notes: [request.payload.websiteEstimate] });
    // And with no form kept (an older request), the words too.
    expect(askedView(request, undefined, fixtureSiteData).estimate).toEqual({
      notes: [request.payload.websiteEstimate],
    });
  });

  it('leaves out what does not apply: a dark garment for embroidery', () => {
    const { request, formValues } = sent(embroidery);
    const details = detailsOf(askedView(request, formValues, fixtureSiteData));
    expect(details['Dark garment']).toBeUndefined();
    expect(details['Design embroidered before']).toBe('No');
    expect(details['Print locations']).toBe('Placement: Left chest · Stitch count: 5000');
    expect(details['ZIP code']).toBeUndefined();
    expect(details['Delivery address']).toBeUndefined();
  });

  it('says one true thing of a reorder’s set-up: on file, or charged for new artwork', () => {
    const onFile = sent({ ...embroidery, reorderOf: 'Q-2026-000042' });
    const onFileDetails = detailsOf(askedView(onFile.request, onFile.formValues, fixtureSiteData));
    expect(onFileDetails['Reorder of']).toBe('Q-2026-000042 (set-up on file)');
    expect(onFileDetails['Design embroidered before']).toBeUndefined();

    const newArtwork = sent({ ...embroidery, reorderOf: 'Q-2026-000042', [NEW_ARTWORK_KEY]: 'on' });
    const view = askedView(newArtwork.request, newArtwork.formValues, fixtureSiteData);
    expect(detailsOf(view)['Reorder of']).toBe('Q-2026-000042 (new artwork: set-up charged)');
    expect(detailsOf(view)['Design embroidered before']).toBe('No');
    // The form values do not keep "new artwork": the lines are found all the same, digitizing charged.
    expect(view.estimate?.figures?.lines.some((line) => /digitiz/i.test(line.label) && line.total !== '$0.00')).toBe(
      true,
    );
  });

  it('shows a contact message’s phone, and leaves its text to the dated conversation', () => {
    const contact = {
      kind: 'contact' as const,
      name: 'Sam',
      email: 'sam@example.com',
      payload: { name: 'Sam', email: 'sam@example.com', phone: '(555) 010-0123', message: 'Do you print socks?' },
      createdAt: now,
    };
    expect(askedView(contact, undefined, fixtureSiteData)).toEqual({
      details: [{ label: 'Phone', value: '(555) 010-0123' }],
    });
  });
});
