import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { garmentCatalogueSchema } from '#shared/garments/catalogue-schema.ts';
import { withCatalogue } from '#shared/garments/priced-garments.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { optionsFromQuery } from '#shared/pricing/query.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { type FormValues, fieldErrorsOf } from './form-values.ts';
import { quoteEstimate } from './quote-fields.ts';
import { createQuoteSchema } from './quote-form.ts';

/**
 * Quote requests on a garment of the catalogue, priced with the fixtures' made-up prices: a first
 * screen-printed location from $10.00 (1 colour) and $11.00 (2 colours) at 12 pieces, $15.00 a screen, and
 * the catalogue's $4.00 Millbrook tee with its own upcharges (2XL $1.50).
 */
const catalogue = garmentCatalogueSchema.parse(
  JSON.parse(readFileSync('tests/fixtures/site-data/garments.json', 'utf8')),
);
const prices: PricingData = withCatalogue(fixtureSiteData, catalogue);
const now = new Date(2026, 2, 10, 12);
const schema = createQuoteSchema(prices, { now: () => now });

const order: FormValues = {
  name: 'Coach Example',
  email: 'coach@example.com',
  phone: '(555) 010-0123',
  service: 'screen-printing',
  garment: 'test-tee',
  garmentColor: 'White',
  qtyM: '10',
  qty2XL: '2',
  loc1: 'front',
  loc1Colors: '1',
  delivery: 'pickup',
};

const errorsOf = (values: FormValues) => {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error);
};
const accepted = (values: FormValues) => {
  const result = schema.safeParse(values);
  if (!result.success) throw new Error(JSON.stringify(fieldErrorsOf(result.error)));
  return result.data;
};

describe('a quote request on a catalogue garment', () => {
  it('takes a colour the garment comes in, and refuses one it does not', () => {
    expect(accepted(order).garmentColor).toBe('White');
    expect(errorsOf({ ...order, garmentColor: 'Lime' }).garmentColor).toBe(
      'Choose one of the colors the Millbrook 100 Cotton tee comes in.',
    );
    expect(errorsOf({ ...order, garmentColor: '' }).garmentColor).toBe('Choose the garment color.');
  });

  it('prints on a dark colour with the white underbase, whatever the dark box says', () => {
    expect(accepted({ ...order, garmentColor: 'Navy' }).darkGarment).toBe(true);
    expect(accepted({ ...order, garmentColor: 'White', darkGarment: 'on' }).darkGarment).toBe(false);
    const white = quoteEstimate({ ...order, garmentColor: 'White' }, prices, now);
    const navy = quoteEstimate({ ...order, garmentColor: 'Navy' }, prices, now);
    if (!white?.ok || !navy?.ok) throw new Error('expected estimates');
    // 12 pieces: 1 colour $10.00 a piece and one $15.00 screen; on navy, 2 colours ($11.00) and two screens.
    const printAndScreens = (lines: { kind: string; totalCents: number }[]) =>
      lines.filter((line) => line.kind === 'print' || line.kind === 'setup').reduce((sum, l) => sum + l.totalCents, 0);
    expect(printAndScreens(white.estimate.lines)).toBe(12 * 1000 + 1500);
    expect(printAndScreens(navy.estimate.lines)).toBe(12 * 1100 + 2 * 1500);
  });

  it("charges the garment's own price and large-size upcharges from the catalogue", () => {
    const result = quoteEstimate(order, prices, now);
    if (!result?.ok) throw new Error('expected an estimate');
    expect(result.estimate.lines.filter((line) => line.kind === 'garments' || line.kind === 'size-upcharge')).toEqual([
      { kind: 'garments', label: 'Millbrook 100 Cotton tee', quantity: 12, unitCents: 400, totalCents: 4800 },
      { kind: 'size-upcharge', label: '2XL size upcharge', quantity: 2, unitCents: 150, totalCents: 300 },
    ]);
  });

  it('refuses a size the garment does not come in, beside that size', () => {
    expect(errorsOf({ ...order, qty4XL: '1' }).qty4XL).toBe(
      'The Millbrook 100 Cotton tee does not come in 4XL: choose another size or garment.',
    );
  });

  it('lets a one-size cap be counted in any size row', () => {
    const cap = { ...order, service: 'embroidery', garment: 'test-cap', garmentColor: 'Khaki', loc1: 'cap-front' };
    expect(accepted({ ...cap, loc1Colors: '', loc1Width: '3' }).quantity).toBe(12);
  });

  it('prices a calculator link by its colour, and a garment without colours by its dark box', () => {
    const screen = prices['screen-printing'];
    const options = (query: string) => optionsFromQuery(screen, new URLSearchParams(query));
    expect(options('q=24&c1=1&garment=test-tee&color=Navy')).toMatchObject({ darkGarment: true, color: 'Navy' });
    expect(options('q=24&c1=1&garment=test-tee&color=White&dark=1')).toMatchObject({ darkGarment: false });
    expect(options('q=24&c1=1&garment=standard-tee&dark=1')).toMatchObject({ darkGarment: true });
  });
});

describe('the artwork placement fields', () => {
  const placed = { ...order, loc1ArtWidth: '10', loc1ArtX: '1', loc1ArtY: '2' };

  it('keeps a placement inside the print area with the location', () => {
    expect(accepted(placed).locations[0]).toEqual({
      placement: 'front',
      colors: 1,
      art: { widthInches: 10, xInches: 1, yInches: 2 },
    });
    // Without a position the artwork is centred at the top of the area.
    expect(accepted({ ...order, loc1ArtWidth: '4.5' }).locations[0]?.art).toEqual({ widthInches: 4.5 });
  });

  it("refuses a width beyond the location's largest print, and a position outside the area", () => {
    expect(errorsOf({ ...placed, loc1ArtWidth: '13' }).loc1ArtWidth).toBe(
      'Enter a width from 0.5 to 12 in: the largest print here is 12 × 16 in.',
    );
    expect(errorsOf({ ...placed, loc1ArtX: '3' }).loc1ArtX).toBe(
      'The artwork must sit inside the print area: move it back in, or clear its position to center it.',
    );
    expect(errorsOf({ ...placed, loc1ArtY: '-1' }).loc1ArtX).toMatch(/inside the print area/);
  });

  it("takes an embroidered logo's width as its artwork's when it fits the area, and leaves a larger one to the shop", () => {
    const cap = { ...order, service: 'embroidery', garment: 'test-cap', garmentColor: 'Khaki', loc1: 'cap-front' };
    expect(accepted({ ...cap, loc1Colors: '', loc1Width: '3' }).locations[0]?.art).toEqual({ widthInches: 3 });
    // The cap's front takes 4.5 in: a 5 in logo is priced as asked, and placed by the shop.
    expect(accepted({ ...cap, loc1Colors: '', loc1Width: '5' }).locations[0]).not.toHaveProperty('art');
  });

  it('draws an embroidered logo at the width it is priced at, whatever artwork width is posted beside it', () => {
    const cap = { ...order, service: 'embroidery', garment: 'test-cap', garmentColor: 'Khaki', loc1: 'cap-front' };
    const posted = { ...cap, loc1Colors: '', loc1Width: '3', loc1ArtWidth: '4.25', loc1ArtX: '0.5', loc1ArtY: '0' };
    const location = accepted(posted).locations[0];
    expect(location?.widthInches).toBe(3);
    expect(location?.art).toEqual({ widthInches: 3, xInches: 0.5, yInches: 0 });
  });

  it('says the shop places it where the garment has no such print area', () => {
    expect(errorsOf({ ...order, loc1: 'back-neck', loc1ArtWidth: '2' }).loc1ArtWidth).toMatch(
      /we will place the artwork for you/,
    );
  });
});
