import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { withSalesTax } from './quote-tax.ts';
import { salesTaxOf, type TaxableLine } from './sales-tax.ts';
import { type SalesTaxRules, salesTaxCoverageProblems, salesTaxSchema } from './sales-tax-rules.ts';

// The tests' rules (tests/fixtures/site-data/sales-tax.json): Test State 4% except apparel under $110 an item,
// Test County 2% and Test City 1.5% on everything but delivery; the shop is at 62701, in Test City.
const rules = fixtureSiteData['sales-tax'];
const shopZip = '62701';
const order: TaxableLine[] = [
  { taxClass: 'apparel', quantity: 24, unitCents: 1200 },
  { taxClass: 'hats', quantity: 12, unitCents: 2000 },
];

describe('sales tax counted line by line', () => {
  it('taxes 24 tees at $12 and 12 hats at $20 each by its class, the tees free of the state share', () => {
    const tax = salesTaxOf(rules, { method: 'pickup' }, shopZip, order);
    expect(tax.place).toBe('Test City, IL');
    // Tees $288.00: state 0 (under $110 an item), county 2% $5.76, city 1.5% $4.32.
    // Hats $240.00: state 4% $9.60, county 2% $4.80, city 1.5% $3.60.
    expect(tax.lineCents).toEqual([1008, 1800]);
    expect(tax.jurisdictions.map((item) => [item.name, item.percents, item.taxableCents, item.cents])).toEqual([
      ['Test State', ['4'], 24_000, 960],
      ['Test County', ['2'], 52_800, 1056],
      ['Test City', ['1.5'], 52_800, 792],
    ]);
    expect(tax.totalCents).toBe(2808);
  });

  it('taxes apparel of $110 an item and more at the state rate too', () => {
    const tax = salesTaxOf(rules, { method: 'pickup' }, shopZip, [
      { taxClass: 'apparel', quantity: 2, unitCents: 11_000 },
    ]);
    // $220.00 at 4% + 2% + 1.5%.
    expect(tax.jurisdictions.map((item) => item.cents)).toEqual([880, 440, 330]);
    const under = salesTaxOf(rules, { method: 'pickup' }, shopZip, [
      { taxClass: 'apparel', quantity: 2, unitCents: 10_999 },
    ]);
    expect(under.jurisdictions[0]?.cents).toBe(0);
  });

  it('uses the delivery ZIP code: an exact code first, then its prefix; none outside the states collected in', () => {
    const county = salesTaxOf(rules, { method: 'delivery', zip: '62712' }, shopZip, order);
    expect(county.place).toBe('Test County, IL');
    expect(county.jurisdictions.map((item) => item.name)).toEqual(['Test State', 'Test County']);
    const chicago = salesTaxOf(rules, { method: 'delivery', zip: '60601' }, shopZip, order);
    expect(chicago.totalCents).toBe(960);
    const away = salesTaxOf(rules, { method: 'delivery', zip: '90210' }, shopZip, order);
    expect(away).toMatchObject({ place: null, totalCents: 0, lineCents: [0, 0] });
  });

  it('rounds each line half a cent up, or once per jurisdiction, as the rules say', () => {
    const dimes: TaxableLine[] = [
      { taxClass: 'hats', quantity: 1, unitCents: 10 },
      { taxClass: 'hats', quantity: 1, unitCents: 10 },
    ];
    const state: SalesTaxRules = {
      ...rules,
      places: rules.places.map((item) => ({ ...item, taxedBy: ['test-state'] })),
    };
    // 4% of 10 cents is 0.4 of a cent: nothing on each line, but 0.8 of a cent, rounded once, is a cent.
    expect(salesTaxOf(state, { method: 'pickup' }, shopZip, dimes).totalCents).toBe(0);
    const delivered: TaxableLine[] = [{ taxClass: 'delivery', quantity: 1, unitCents: 1000 }, ...dimes];
    const once = salesTaxOf({ ...state, rounding: 'jurisdiction' }, { method: 'pickup' }, shopZip, delivered);
    expect(once.totalCents).toBe(1);
    // The cent goes to a taxed line, never to the untaxed delivery.
    expect(once.lineCents).toEqual([0, 1, 0]);
    const half = salesTaxOf(rules, { method: 'pickup' }, shopZip, [{ taxClass: 'hats', quantity: 1, unitCents: 1250 }]);
    // 4% of $12.50 = 50 cents; 2% = 25 cents; 1.5% = 18.75 → 19 cents.
    expect(half.jurisdictions.map((item) => item.cents)).toEqual([50, 25, 19]);
  });

  it('takes a discount’s share off, never below nothing, the lines then adding up to what is charged', () => {
    const tax = salesTaxOf(rules, { method: 'pickup' }, shopZip, [
      { taxClass: 'hats', quantity: 1, unitCents: 1000 },
      { taxClass: 'hats', quantity: 1, unitCents: -800 },
    ]);
    // $2.00 of hats: 4% 8 cents, 2% 4 cents, 1.5% 3 cents.
    expect(tax.totalCents).toBe(15);
    expect(tax.lineCents.reduce((sum, cents) => sum + cents, 0)).toBe(15);
    const tooMuch = salesTaxOf(rules, { method: 'pickup' }, shopZip, [
      { taxClass: 'apparel', quantity: 1, unitCents: 1000 },
      { taxClass: 'hats', quantity: 1, unitCents: -5000 },
    ]);
    expect(tooMuch.jurisdictions.map((item) => item.cents)).toEqual([0, 0, 0]);
    expect(tooMuch.lineCents).toEqual([0, 0]);
  });

  it('writes the tax into the quote: each line its share, a line per jurisdiction, or one line saying why none', () => {
    const lines = withSalesTax(
      [
        { label: 'Tees', quantity: 24, unitCents: 1200, taxClass: 'apparel' },
        { label: 'Hats', quantity: 12, unitCents: 2000, taxClass: 'hats' },
        { label: 'Sales tax 6%', quantity: 1, unitCents: 999 },
      ],
      { rules, shopZip, handover: { method: 'pickup' } },
    );
    expect(lines.map((line) => [line.label, line.unitCents, line.taxCents])).toEqual([
      ['Tees', 1200, 1008],
      ['Hats', 2000, 1800],
      ['Sales tax: Test State 4%', 960, undefined],
      ['Sales tax: Test County 2%', 1056, undefined],
      ['Sales tax: Test City 1.5%', 792, undefined],
    ]);
    const exempt = withSalesTax(lines, {
      rules,
      shopZip,
      handover: { method: 'pickup' },
      exemption: 'exemption certificate 12-345',
    });
    expect(exempt.at(-1)).toMatchObject({
      label: 'Sales tax: none (exempt: exemption certificate 12-345)',
      unitCents: 0,
      tax: { reason: 'exempt: exemption certificate 12-345' },
    });
    expect(exempt.slice(0, 2).map((line) => line.taxCents)).toEqual([0, 0]);
  });
});

describe('the rules file checked whole', () => {
  const problems = (change: (copy: SalesTaxRules) => void) => {
    const copy = structuredClone(rules);
    change(copy);
    const parsed = salesTaxSchema.safeParse(copy);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts the tests’ rules and the shop’s', () => {
    expect(problems(() => {})).toEqual([]);
    const shop: unknown = JSON.parse(readFileSync('data/sales-tax.json', 'utf8'));
    expect(salesTaxSchema.safeParse(shop).success).toBe(true);
  });

  it('names a gap between two price bands, and one above the last', () => {
    expect(
      problems((copy) => {
        const bands = copy.jurisdictions[0]?.rates.apparel;
        if (bands?.[1]) bands[1].fromCents = 12_000;
      }),
    ).toEqual([
      'jurisdictions.0.rates.apparel.1.fromCents: leaves a gap: no rate for prices from 11000 to 11999 cents',
    ]);
    expect(
      problems((copy) => {
        const bands = copy.jurisdictions[1]?.rates.hats;
        if (bands?.[0]) bands[0].belowCents = 5000;
      }),
    ).toEqual(['jurisdictions.1.rates.hats.0.belowCents: leaves a gap: no rate for prices of 5000 cents and more']);
  });

  it('names two bands over the same price, a ZIP code in two places and a place taxed twice at one level', () => {
    expect(
      problems((copy) => {
        const bands = copy.jurisdictions[0]?.rates.apparel;
        if (bands?.[1]) bands[1].fromCents = 10_000;
      }),
    ).toEqual(['jurisdictions.0.rates.apparel.1.fromCents: overlaps the band before it, which runs up to 11000 cents']);
    expect(problems((copy) => copy.places[1]?.zips.push('62701'))).toEqual([
      'places.1.zips.0: overlaps "Test City, IL": 62701 is listed twice',
    ]);
    expect(problems((copy) => copy.places[0]?.taxedBy.push('test-state'))).toEqual([
      'places.0.taxedBy.3: overlaps "test-state": a place has one state tax',
    ]);
  });

  it('finds the shop’s own ZIP code and its local deliveries in a place', () => {
    expect(salesTaxCoverageProblems(rules, shopZip, ['62704', '62712'])).toEqual([]);
    expect(salesTaxCoverageProblems(rules, '90210', ['62704', '10001'])).toEqual([
      "places: the shop's own ZIP code 90210 (pickups) is in no place",
      'places: the local delivery ZIP codes 10001 (order-terms.json) are in no place',
    ]);
  });
});
