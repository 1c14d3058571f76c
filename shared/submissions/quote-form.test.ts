import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { garmentCatalogueSchema } from '#shared/garments/catalogue-schema.ts';
import { withCatalogue } from '#shared/garments/priced-garments.ts';
import { estimate, type PriceFiles, type PricingData } from '#shared/pricing/estimate.ts';
import { directToGarmentSchema, embroiderySchema, screenPrintingSchema } from '#shared/pricing/price-schemas.ts';
import { optionsFromQuery } from '#shared/pricing/query.ts';
import type { EstimateResult } from '#shared/pricing/types.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { type FieldErrors, type FormValues, fieldErrorsOf } from './form-values.ts';
import {
  MAX_PIECES,
  type QuoteRequest,
  quoteEstimate,
  quotePrefill,
  quoteSizes,
  SIZES_FIELD,
  sizeField,
} from './quote-fields.ts';
import { createQuoteSchema } from './quote-form.ts';

const read = (name: string): unknown => JSON.parse(readFileSync(`data/${name}.json`, 'utf8'));
// The shop's own price files, with the catalogue's garments merged in as the server does at start, after
// garments listed without colours (the fixtures'), which keep a free-text colour and the dark box.
const withGarments = <T extends { garments: unknown[] }>(file: T, listed: { garments: T['garments'] }): T => ({
  ...file,
  garments: listed.garments,
});
const prices: PricingData = withCatalogue(
  {
    'screen-printing': withGarments(
      screenPrintingSchema.parse(read('screen-printing')),
      fixtureSiteData['screen-printing'],
    ),
    'direct-to-garment': withGarments(
      directToGarmentSchema.parse(read('direct-to-garment')),
      fixtureSiteData['direct-to-garment'],
    ),
    embroidery: withGarments(embroiderySchema.parse(read('embroidery')), fixtureSiteData.embroidery),
    'order-terms': fixtureSiteData['order-terms'],
  },
  garmentCatalogueSchema.parse(read('garments')),
);

// Local noon, so the in-hands checks mean the same calendar day whatever the machine's time zone.
const today = new Date(2026, 2, 10, 12, 0, 0);
const schema = createQuoteSchema(prices, { now: () => today });

const ONE_LINE = 'Use one line of plain text: no line breaks or hidden control or direction characters.';
const valid: FormValues = {
  name: 'Ann Example',
  email: 'ann@example.com',
  phone: '(555) 010-0123',
  service: 'screen-printing',
  garment: 'standard-tee',
  garmentColor: 'Black',
  qtyM: '24',
  loc1: 'front',
  loc1Colors: '2',
  delivery: 'pickup',
};

const embroideryOrder: FormValues = {
  ...valid,
  service: 'embroidery',
  garment: 'pique-polo',
  loc1: 'left-chest',
  loc1Colors: '',
  loc1Stitches: '5000',
};

const dtgOrder: FormValues = { ...valid, service: 'direct-to-garment', loc1Colors: '', loc1Area: 'medium' };

const MEGABYTE_TEXT = 'x'.repeat(1024 * 1024);

function accepted(values: unknown): QuoteRequest {
  const result = schema.safeParse(values);
  if (!result.success) throw new Error(`expected a valid request, got ${JSON.stringify(fieldErrorsOf(result.error))}`);
  return result.data;
}

function refused(values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) throw new Error(`expected field errors, got ${JSON.stringify(result.data)}`);
  return fieldErrorsOf(result.error);
}

function without(values: FormValues, ...names: string[]): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !names.includes(name)));
}

function totalOf(result: EstimateResult | undefined): number {
  if (!result?.ok) throw new Error(`expected an estimate, got ${JSON.stringify(result)}`);
  return result.estimate.totalCents;
}

describe('quote request: required fields', () => {
  it.each([
    ['name', 'Tell us your name.'],
    ['email', 'Enter your e-mail address, such as name@example.com.'],
    ['phone', 'Enter a phone number such as (555) 010-0123.'],
    ['service', 'Choose a service.'],
    ['garment', 'Choose a garment, or tell us you bring your own.'],
    ['garmentColor', 'Tell us the garment color.'],
    ['loc1', 'Choose where the print goes.'],
    ['loc1Colors', 'Choose from 1 to 6 ink colors.'],
    ['delivery', 'Choose pickup or delivery.'],
  ])('says what to fill in when %s is missing', (field, message) => {
    expect(refused(without(valid, field))[field]).toBe(message);
  });

  it.each(['name', 'email', 'phone', 'garmentColor', 'loc1'])('treats a blank %s as missing', (field) => {
    expect(refused({ ...valid, [field]: '   ' })).toHaveProperty(field);
  });

  it('reports every missing field of an empty form at once, each on its own field', () => {
    expect(Object.keys(refused({})).sort()).toEqual(
      ['delivery', 'email', 'garmentColor', 'loc1', 'name', 'phone', 'service', SIZES_FIELD].sort(),
    );
  });
});

describe('quote request: wrong types and oversized input', () => {
  it.each([
    ['a number', 24],
    ['an array', ['24']],
    ['an object', { value: '24' }],
    ['null', null],
  ])('refuses %s in place of text, on that field', (_, value) => {
    expect(refused({ ...valid, qtyM: value })).toHaveProperty('qtyM');
  });

  it.each([null, [], 'name=Ann', 42])('refuses a body that is not a set of fields (%j) without throwing', (body) => {
    expect(refused(body)).toHaveProperty('form');
  });

  it.each([
    ['name', 'Keep this under 100 characters.'],
    ['company', 'Keep this under 100 characters.'],
    ['email', 'That e-mail address is too long.'],
    ['phone', 'Enter a phone number such as (555) 010-0123.'],
    ['garmentColor', 'Keep this under 60 characters.'],
    ['comments', 'Keep this under 2,000 characters.'],
  ])('refuses a 1 MB %s with the length message', (field, message) => {
    expect(refused({ ...valid, [field]: MEGABYTE_TEXT })[field]).toBe(message);
  });

  it('refuses a 1 MB garment style with the length message', () => {
    const errors = refused({ ...valid, garment: 'other', garmentStyle: MEGABYTE_TEXT });
    expect(errors.garmentStyle).toBe('Keep this under 120 characters.');
  });

  it('refuses a 1 MB address with the length message', () => {
    const errors = refused({ ...valid, delivery: 'delivery', address: MEGABYTE_TEXT });
    expect(errors.address).toBe('Keep this under 300 characters.');
  });

  it('answers a form whose every field is 1 MB with field errors, promptly', () => {
    const started = performance.now();
    const errors = refused(Object.fromEntries(Object.keys(valid).map((name) => [name, MEGABYTE_TEXT])));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['name', 'email', 'service', 'qtyM', 'loc1']));
  });

  it('keeps text at exactly the limit', () => {
    expect(accepted({ ...valid, comments: 'x'.repeat(2000) }).comments).toHaveLength(2000);
  });
});

describe('quote request: contact details', () => {
  it.each(['(555) 010-0123', '555-010-0123', '+1 555 010 0123', '+44 20 7946 0958', '5550100123'])(
    'takes the phone number %s',
    (phone) => {
      expect(accepted({ ...valid, phone }).phone).toBe(phone);
    },
  );

  it.each(['555-0123', '1234567890123456', '555-010-0123 ext 4', 'call me', '+1 (555) 010-0123!'])(
    'refuses the phone number %s',
    (phone) => {
      expect(refused({ ...valid, phone }).phone).toBe('Enter a phone number such as (555) 010-0123.');
    },
  );

  it.each(['ann@example.com', 'first.last+tag@sub.example.co.uk'])('takes the e-mail address %s', (email) => {
    expect(accepted({ ...valid, email }).email).toBe(email);
  });

  it.each(['ann', 'ann@example', 'ann @example.com', '@example.com', 'ann@@example.com'])(
    'refuses the e-mail address %s',
    (email) => {
      expect(refused({ ...valid, email }).email).toBe('Enter an e-mail address such as name@example.com.');
    },
  );

  it('stores what was typed without the spaces around it', () => {
    const request = accepted({ ...valid, name: '  Ann  ', email: ' ann@example.com ' });
    expect([request.name, request.email]).toEqual(['Ann', 'ann@example.com']);
  });
});

describe('quote request: service and garment', () => {
  it('refuses a service the shop does not offer', () => {
    expect(refused({ ...valid, service: 'sublimation' }).service).toBe('Choose a service.');
  });

  it('refuses a garment of another service', () => {
    expect(refused({ ...valid, garment: 'pique-polo' }).garment).toBe(
      'Choose a garment, or tell us you bring your own.',
    );
    expect(accepted({ ...embroideryOrder, garment: 'pique-polo' }).garment).toBe('pique-polo');
  });

  it('takes garments the visitor brings without a color', () => {
    const request = accepted(without({ ...valid, garment: 'own' }, 'garmentColor'));
    expect(request.garment).toBe('own');
    expect(request.garmentColor).toBeUndefined();
  });

  it('needs the type or brand and style of an "other" garment, and its color', () => {
    const errors = refused(without({ ...valid, garment: 'other' }, 'garmentColor'));
    expect(errors.garmentStyle).toBe('Tell us the garment type, or its brand and style.');
    expect(errors.garmentColor).toBe('Tell us the garment color.');
    const request = accepted({ ...valid, garment: 'other', garmentStyle: 'Gildan 5000' });
    expect(request).toMatchObject({ garment: 'other', garmentStyle: 'Gildan 5000', garmentColor: 'Black' });
  });
});

describe('quote request: quantities', () => {
  it.each(['12.5', '-3', '1e3', 'twelve', '0x10', '12345678'])('refuses %s pieces on that size', (text) => {
    expect(refused({ ...valid, qtyL: text }).qtyL).toBe('Enter a whole number of L pieces, or leave it empty.');
  });

  it('asks for pieces on "sizes" when every size is empty or zero', () => {
    const errors = refused({ ...valid, qtyM: '0', qtyL: '' });
    expect(errors[SIZES_FIELD]).toBe('Enter how many pieces you need of at least one size.');
  });

  it(`sends more than ${MAX_PIECES} pieces to the phone, counting every size`, () => {
    const errors = refused({ ...valid, qtyM: String(MAX_PIECES), qty5XL: '1' });
    expect(errors[SIZES_FIELD]).toBe('For more than 50,000 pieces, call us: we quote those by hand.');
    expect(accepted({ ...valid, qtyM: String(MAX_PIECES) }).quantity).toBe(MAX_PIECES);
  });

  it('adds up the sizes into the quantity', () => {
    const request = accepted({ ...valid, qtyXS: '1', qtyM: ' 10 ', qty2XL: '2', qty5XL: '3' });
    expect(request.sizes).toEqual({ XS: 1, S: 0, M: 10, L: 0, XL: 0, '2XL': 2, '3XL': 0, '4XL': 0, '5XL': 3 });
    expect(request.quantity).toBe(16);
  });

  it('names a field for every size it offers', () => {
    expect(quoteSizes.map(sizeField)).toEqual([
      'qtyXS',
      'qtyS',
      'qtyM',
      'qtyL',
      'qtyXL',
      'qty2XL',
      'qty3XL',
      'qty4XL',
      'qty5XL',
    ]);
  });
});

describe('quote request: print locations', () => {
  it.each(['0', '7', '', 'two', '2.5'])('refuses %j ink colors for screen printing', (colors) => {
    expect(refused({ ...valid, loc1Colors: colors }).loc1Colors).toBe('Choose from 1 to 6 ink colors.');
  });

  it('checks the colors of every screen-printed location, not only the first', () => {
    expect(refused({ ...valid, loc2: 'back', loc2Colors: '9' }).loc2Colors).toBe('Choose from 1 to 6 ink colors.');
  });

  it('takes 1 to the most colors the press prints', () => {
    expect(accepted({ ...valid, loc1Colors: '1' }).locations).toEqual([{ placement: 'front', colors: 1 }]);
    expect(accepted({ ...valid, loc1Colors: '6' }).locations).toEqual([{ placement: 'front', colors: 6 }]);
  });

  it('refuses a placement that is not in the list', () => {
    expect(refused({ ...valid, loc1: 'forehead' }).loc1).toBe('Choose a placement from the list.');
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'does not take the built-in name %s as a placement',
    (placement) => {
      expect(refused({ ...valid, loc1: placement }).loc1).toBe('Choose a placement from the list.');
    },
  );

  it('needs the print size for direct to garment, from the list', () => {
    expect(refused(without(dtgOrder, 'loc1Area')).loc1Area).toBe('Choose the approximate print size.');
    expect(refused({ ...dtgOrder, loc1Area: 'huge' }).loc1Area).toBe('Choose a print size from the list.');
    expect(accepted(dtgOrder).locations).toEqual([{ placement: 'front', area: 'medium' }]);
  });

  it('takes an optional approximate size for screen printing, from the list', () => {
    expect(accepted({ ...valid, loc1Area: 'large' }).locations).toEqual([
      { placement: 'front', colors: 2, area: 'large' },
    ]);
    expect(refused({ ...valid, loc1Area: 'huge' }).loc1Area).toBe('Choose a print size from the list.');
  });

  it.each(['0', '100001', 'lots'])('refuses %j stitches for embroidery', (stitches) => {
    expect(refused({ ...embroideryOrder, loc1Stitches: stitches }).loc1Stitches).toBe(
      'Enter the approximate stitch count, such as 5000 (ask us if you do not know).',
    );
  });

  it('asks for the logo width of an embroidery location that has neither a width nor a stitch count', () => {
    const message = "Enter the logo's width in inches, such as 3.5 (a good guess will do).";
    expect(refused({ ...embroideryOrder, loc1Stitches: '' }).loc1Width).toBe(message);
    for (const width of ['0', '0.2', '16.5', 'wide', '3.5.1']) {
      expect(refused(without({ ...embroideryOrder, loc1Width: width }, 'loc1Stitches')).loc1Width, width).toBe(message);
    }
  });

  it('estimates the stitches of a logo from its width, as the calculator does', () => {
    const byWidth = without({ ...embroideryOrder, loc1Width: '3.5' }, 'loc1Stitches');
    // The shop's rule (data/embroidery.json): half as tall as wide, 1,000 stitches a square inch, by 100s.
    expect(accepted(byWidth).locations).toEqual([{ placement: 'left-chest', widthInches: 3.5, stitches: 6100 }]);
    expect(accepted({ ...byWidth, loc1Width: '4 in' }).locations[0]?.stitches).toBe(8000);
    // The width wins over a stitch count left in the post.
    expect(accepted({ ...byWidth, loc1Stitches: '12000' }).locations[0]?.stitches).toBe(6100);
  });

  it('reads a stitch count typed with thousands separators', () => {
    expect(accepted({ ...embroideryOrder, loc1Stitches: '7,500' }).locations).toEqual([
      { placement: 'left-chest', stitches: 7500 },
    ]);
  });

  it('refuses more locations than the service decorates', () => {
    const fourRows = {
      ...embroideryOrder,
      ...{ loc2: 'back', loc2Stitches: '5000', loc3: 'left-sleeve', loc3Stitches: '5000' },
      ...{ loc4: 'right-sleeve', loc4Stitches: '5000' },
    };
    expect(refused(fourRows).loc4).toBe('We decorate at most 3 locations per piece for this service.');
    expect(accepted(without(fourRows, 'loc4')).locations).toHaveLength(3);
  });

  it('skips an empty row between two filled ones', () => {
    const request = accepted({ ...valid, loc2: '', loc3: 'back', loc3Colors: '1' });
    expect(request.locations).toEqual([
      { placement: 'front', colors: 2 },
      { placement: 'back', colors: 1 },
    ]);
  });
});

describe('quote request: in-hands date and delivery', () => {
  it.each(['10/03/2026', '2026-3-20', '2026-02-30', '2026-13-01', 'next week'])(
    'refuses the date %s with the format it wants',
    (inHands) => {
      expect(refused({ ...valid, inHands }).inHands).toBe('Enter the date as YYYY-MM-DD, or leave it empty.');
    },
  );

  it('refuses a date in the past, allowing a day for a visitor whose today is still yesterday here', () => {
    expect(refused({ ...valid, inHands: '2026-03-08' }).inHands).toBe('Choose a date from today on.');
    expect(refused({ ...valid, inHands: '2025-12-31' }).inHands).toBe('Choose a date from today on.');
    expect(accepted({ ...valid, inHands: '2026-03-09' }).inHands).toBe('2026-03-09');
    expect(accepted({ ...valid, inHands: '2026-03-10' }).inHands).toBe('2026-03-10');
  });

  it('reads the clock when it validates, not when the schema is made', () => {
    let now = new Date(2026, 2, 1, 12);
    const later = createQuoteSchema(prices, { now: () => now });
    expect(later.safeParse({ ...valid, inHands: '2026-03-05' }).success).toBe(true);
    now = new Date(2026, 2, 20, 12);
    expect(later.safeParse({ ...valid, inHands: '2026-03-05' }).success).toBe(false);
  });

  it('needs an address and a ZIP code for delivery, and keeps neither for pickup', () => {
    expect(refused({ ...valid, delivery: 'delivery' })).toMatchObject({
      address: 'Tell us where to deliver.',
      zip: 'Enter the ZIP code to deliver to.',
    });
    expect(refused({ ...valid, delivery: 'delivery', address: '  ', zip: '62704' }).address).toBe(
      'Tell us where to deliver.',
    );
    expect(refused({ ...valid, delivery: 'delivery', address: '1 Main St', zip: '627' }).zip).toBe(
      'Enter a five-digit ZIP code, such as 62704.',
    );
    expect(accepted({ ...valid, delivery: 'delivery', address: '1 Main St', zip: ' 62704-1234 ' })).toMatchObject({
      address: '1 Main St',
      zip: '62704',
    });
    const pickup = accepted({ ...valid, address: '1 Main St', zip: '62704' });
    expect(pickup).not.toHaveProperty('address');
    expect(pickup).not.toHaveProperty('zip');
  });

  it.each(['ship', 'toString', 'constructor'])('refuses %s as a delivery method', (delivery) => {
    expect(refused({ ...valid, delivery }).delivery).toBe('Choose pickup or delivery.');
  });
});

describe('quote request: what a valid request becomes', () => {
  it('turns the flat fields into a structured request', () => {
    const request = accepted({
      ...valid,
      company: '  Example Co ',
      darkGarment: 'on',
      qtyL: '6',
      qty3XL: '2',
      loc2: 'back',
      loc2Colors: '1',
      inHands: '2026-04-01',
      comments: 'Logo attached',
      [CSRF_FIELD]: 'token',
      unknownField: 'ignored',
    });
    expect(request).toEqual({
      name: 'Ann Example',
      company: 'Example Co',
      email: 'ann@example.com',
      phone: '(555) 010-0123',
      service: 'screen-printing',
      garment: 'standard-tee',
      garmentColor: 'Black',
      darkGarment: true,
      artSetup: false,
      repeatDesign: false,
      sizes: { XS: 0, S: 0, M: 24, L: 6, XL: 0, '2XL': 0, '3XL': 2, '4XL': 0, '5XL': 0 },
      quantity: 32,
      locations: [
        { placement: 'front', colors: 2 },
        { placement: 'back', colors: 1 },
      ],
      inHands: '2026-04-01',
      delivery: 'pickup',
      comments: 'Logo attached',
    });
  });

  it('leaves blank optional fields out of what is stored', () => {
    const request = accepted({ ...valid, company: '', garmentStyle: ' ', comments: '', inHands: '', address: '' });
    const stored = JSON.parse(JSON.stringify(request)) as Record<string, unknown>;
    for (const name of ['company', 'garmentStyle', 'comments', 'inHands', 'address']) {
      expect(stored).not.toHaveProperty(name);
    }
    expect(request.darkGarment).toBe(false);
  });
});

describe('quote estimate', () => {
  it('agrees with the pricing engine for a simple screen-printing order', () => {
    const fromForm = quoteEstimate({ ...valid, qty2XL: '4', qty4XL: '1', qty5XL: '2' }, prices, today);
    const fromEngine = estimate(
      prices['screen-printing'],
      {
        service: 'screen-printing',
        quantity: 31,
        colors: [2],
        darkGarment: false,
        garment: 'standard-tee',
        sizes: { '2XL': 4, '4XL+': 3 },
      },
      { terms: prices['order-terms'], now: today },
    );
    expect(fromForm).toEqual(fromEngine);
    expect(totalOf(fromForm)).toBeGreaterThan(0);
  });

  it('prices the decoration only for a garment the shop does not stock', () => {
    const other = quoteEstimate({ ...valid, garment: 'other', garmentStyle: 'Gildan 5000' }, prices, today);
    expect(totalOf(other)).toBe(totalOf(quoteEstimate({ ...valid, garment: 'own' }, prices, today)));
    expect(totalOf(other)).toBeLessThan(totalOf(quoteEstimate(valid, prices, today)));
  });

  it('adds the art set-up fee only when the DTG artwork needs preparing', () => {
    const dtg = { ...valid, service: 'direct-to-garment', loc1Area: 'medium', loc1Colors: '' };
    const setupLines = (values: FormValues) => {
      const result = quoteEstimate(values, prices, today);
      return result?.ok ? result.estimate.lines.filter((line) => line.kind === 'setup').length : -1;
    };
    expect(setupLines(dtg)).toBe(0);
    expect(setupLines({ ...dtg, artSetup: 'on' })).toBe(1);
    expect(accepted({ ...dtg, artSetup: 'on' }).artSetup).toBe(true);
  });

  it('drops the digitizing fee for an embroidery design digitized before', () => {
    const stitched = { ...valid, service: 'embroidery', garment: 'pique-polo', loc1Stitches: '5000', loc1Colors: '' };
    expect(totalOf(quoteEstimate({ ...stitched, repeatDesign: 'on' }, prices, today))).toBe(
      totalOf(quoteEstimate(stitched, prices, today)) - prices.embroidery.digitizingFee,
    );
    expect(accepted({ ...stitched, repeatDesign: 'on' }).repeatDesign).toBe(true);
    // Checkboxes of another service mean nothing for this one.
    expect(accepted({ ...valid, repeatDesign: 'on', artSetup: 'on' })).toMatchObject({
      artSetup: false,
      repeatDesign: false,
    });
  });

  it('has no estimate without a service', () => {
    expect(quoteEstimate({ ...valid, service: '' }, prices, today)).toBeUndefined();
  });
});

describe('quote form prefilled from the calculator', () => {
  it('puts the standard sizes on M and the upcharged ones on their own sizes', () => {
    const values = quotePrefill(new URLSearchParams('service=screen-printing&q=48&c1=2&xxl=3'), prices);
    expect(values).toMatchObject({
      service: 'screen-printing',
      garment: 'standard-tee',
      qtyM: '45',
      qty2XL: '3',
      loc1: 'front',
      loc1Colors: '2',
      delivery: 'pickup',
    });
  });

  it.each([
    'service=screen-printing&q=48&c1=2&xxl=3',
    'service=screen-printing&q=100&c1=3&c2=1&dark=1&garment=pullover-hoodie&xxxl=2&xxxxl=5',
    'service=direct-to-garment&q=12&a1=large&a2=small&dark=1&garment=premium-tee',
    'service=embroidery&q=24&s1=7500&s2=3000&new=1&garment=structured-cap&xxl=1',
    'service=direct-to-garment&q=24&a1=medium&art=1&garment=standard-tee',
    'service=embroidery&q=12&s1=5000&garment=pique-polo',
    'service=embroidery&q=24&w1=3.5&w2=2&garment=pique-polo',
    'service=embroidery&q=12&w1=4.25&repeat=1&garment=structured-cap',
  ])('gives the calculator’s estimate back, and a request that only lacks contact details: %s', (query) => {
    const params = new URLSearchParams(query);
    const values = quotePrefill(params, prices);
    const service = params.get('service') as keyof PriceFiles;
    expect(totalOf(quoteEstimate(values, prices, today))).toBe(
      totalOf(
        estimate(prices[service], optionsFromQuery(prices[service], params), {
          terms: prices['order-terms'],
          now: today,
        }),
      ),
    );
    const request = accepted({
      ...values,
      name: 'Ann',
      email: 'ann@example.com',
      phone: '5550100123',
      garmentColor: 'Navy',
    });
    expect(request.quantity).toBe(Number(params.get('q')));
  });

  it('starts a plain /pricing visit on the first service with one front print', () => {
    const values = quotePrefill(new URLSearchParams(), prices);
    expect(values).toMatchObject({
      service: 'screen-printing',
      garment: 'standard-tee',
      loc1: 'front',
      loc1Colors: '1',
    });
    const contact = { name: 'Ann', email: 'ann@example.com', phone: '5550100123', garmentColor: 'Navy' };
    expect(refused({ ...contact, ...values })).toEqual({
      [SIZES_FIELD]: 'Enter how many pieces you need of at least one size.',
    });
  });
});

describe('one-line fields', () => {
  it.each(['name', 'company', 'phone', 'garmentStyle', 'garmentColor'])(
    'refuses CR, LF and U+202E in %s with a field error',
    (field) => {
      for (const bad of ['Acme\r\nX-Header: 1', 'Acme\u202Egpj.exe', 'Ac\u0007me']) {
        const result = schema.safeParse({ ...valid, garment: 'other', [field]: bad });
        expect(result.success).toBe(false);
        if (!result.success) expect(fieldErrorsOf(result.error)[field]).toBe(ONE_LINE);
      }
    },
  );
});
