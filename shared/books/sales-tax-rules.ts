/**
 * data/sales-tax.json: the shop's sales-tax rules. Which jurisdictions (state, county, city) tax an order
 * depends on where it is handed over (a delivery's ZIP code, or the shop's own for a pickup); each
 * jurisdiction's rate depends on the line's product class and, where the law has a threshold, on the price of
 * one item (clothing under $110 an item exempt from a state's share, say). The file is checked whole when the
 * server starts: a price no band covers, two bands over the same price, a ZIP code in two places or a place
 * taxed twice at one level stops start-up with the field named, since a wrong rate would be charged silently.
 */
import { z } from '#shared/zod.ts';

/** The product classes a quote line carries: each jurisdiction states a rate for every one. */
export const taxClasses = ['apparel', 'hats', 'setup', 'delivery', 'other'] as const;
export type TaxClass = (typeof taxClasses)[number];

/** What the desk's editor and the invoice call each class. */
export const taxClassLabels: Record<TaxClass, string> = {
  apparel: 'Apparel',
  hats: 'Hats',
  setup: 'Set-up fees',
  delivery: 'Delivery',
  other: 'Other',
};

export const isTaxClass = (value: unknown): value is TaxClass =>
  typeof value === 'string' && (taxClasses as readonly string[]).includes(value);

const levels = ['state', 'county', 'city'] as const;
export type TaxLevel = (typeof levels)[number];

const stateCode = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code such as "IL"');

/** A rate as written in law: a decimal percent, exact (never a float), at most four decimals. */
const percent = z
  .string()
  .regex(/^\d{1,2}(\.\d{1,4})?$/, 'must be a percent written as text, such as "6.25" (at most four decimals)');

/** One price band of a class: the rate for items priced from `fromCents` up to (not including) `belowCents`. */
const band = z.strictObject({
  fromCents: z.int().min(0),
  /** Absent on the last band: it runs to any price. */
  belowCents: z.int().positive().optional(),
  percent,
});

const jurisdiction = z.strictObject({
  /** Named by the places that it taxes. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and hyphens'),
  /** As the invoice shows it: "Illinois", "Sangamon County". */
  name: z.string().trim().min(1),
  level: z.enum(levels),
  rates: z.strictObject(
    Object.fromEntries(taxClasses.map((taxClass) => [taxClass, z.array(band).min(1)])) as Record<
      TaxClass,
      z.ZodArray<typeof band>
    >,
  ),
});

const place = z.strictObject({
  /** Said beside the tax: "Springfield, IL". */
  name: z.string().trim().min(1),
  state: stateCode,
  /** Five-digit ZIP codes of this place; an exact code is matched before any prefix. */
  zips: z.array(z.string().regex(/^\d{5}$/, 'must be a five-digit ZIP code')).default([]),
  /** Three-digit ZIP prefixes, for the rest of a state. */
  zipPrefixes: z.array(z.string().regex(/^\d{3}$/, 'must be the first three digits of ZIP codes')).default([]),
  /** The jurisdictions whose tax applies here, by id: at most one of each level. */
  taxedBy: z.array(z.string()).min(1),
});

export const salesTaxSchema = z
  .strictObject({
    /** For the person editing the file: where the rates come from, and when they were last checked. */
    note: z.string().optional(),
    /**
     * "line": each line's tax for each jurisdiction is rounded to the cent, half a cent up, and the lines
     * added; "jurisdiction": each jurisdiction's tax is added up exactly over the lines and rounded once.
     */
    rounding: z.enum(['line', 'jurisdiction']),
    /** The states where the shop collects sales tax; an order handed over elsewhere is not taxed here. */
    collectsIn: z.array(stateCode).min(1),
    jurisdictions: z.array(jurisdiction).min(1),
    places: z.array(place).min(1),
  })
  .superRefine((rules, ctx) => {
    const report = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const levelOf = new Map<string, TaxLevel>();
    rules.jurisdictions.forEach((item, index) => {
      if (levelOf.has(item.id)) report(['jurisdictions', index, 'id'], `repeats "${item.id}"`);
      levelOf.set(item.id, item.level);
      for (const taxClass of taxClasses)
        bandProblems(item.rates[taxClass], ['jurisdictions', index, 'rates', taxClass], report);
    });
    const zipOwner = new Map<string, string>();
    rules.places.forEach((item, index) => {
      const levelsSeen = new Map<TaxLevel, string>();
      item.taxedBy.forEach((id, at) => {
        const level = levelOf.get(id);
        if (!level) {
          report(['places', index, 'taxedBy', at], `names no jurisdiction of the file ("${id}")`);
          return;
        }
        const before = levelsSeen.get(level);
        if (before) report(['places', index, 'taxedBy', at], `overlaps "${before}": a place has one ${level} tax`);
        levelsSeen.set(level, id);
      });
      if (!rules.collectsIn.includes(item.state))
        report(
          ['places', index, 'state'],
          `is not one of the states the shop collects in (${rules.collectsIn.join(', ')})`,
        );
      if (item.zips.length === 0 && item.zipPrefixes.length === 0)
        report(['places', index], 'lists no ZIP code and no ZIP prefix: no order would ever be taxed here');
      for (const [key, codes] of [['zips', item.zips] as const, ['zipPrefixes', item.zipPrefixes] as const]) {
        codes.forEach((code, at) => {
          const owner = zipOwner.get(code);
          if (owner !== undefined) report(['places', index, key, at], `overlaps ${owner}: ${code} is listed twice`);
          zipOwner.set(code, `"${item.name}"`);
        });
      }
    });
  });

/** The rules as validated. */
export type SalesTaxRules = z.output<typeof salesTaxSchema>;
export type TaxBand = z.output<typeof band>;
export type TaxJurisdiction = SalesTaxRules['jurisdictions'][number];
export type TaxPlace = SalesTaxRules['places'][number];

/** A class's bands must cover every price from nothing up, each exactly once, in order. */
function bandProblems(
  bands: readonly TaxBand[],
  path: (string | number)[],
  report: (path: (string | number)[], message: string) => void,
) {
  let expected = 0;
  bands.forEach((item, index) => {
    if (expected === Number.POSITIVE_INFINITY) {
      report([...path, index], 'overlaps the band before it, which already runs to any price');
      return;
    }
    if (item.fromCents > expected)
      report(
        [...path, index, 'fromCents'],
        `leaves a gap: no rate for prices from ${expected} to ${item.fromCents - 1} cents`,
      );
    if (item.fromCents < expected)
      report([...path, index, 'fromCents'], `overlaps the band before it, which runs up to ${expected} cents`);
    if (item.belowCents !== undefined && item.belowCents <= item.fromCents)
      report([...path, index, 'belowCents'], 'must be more than fromCents');
    expected = item.belowCents ?? Number.POSITIVE_INFINITY;
  });
  if (expected !== Number.POSITIVE_INFINITY)
    report([...path, bands.length - 1, 'belowCents'], `leaves a gap: no rate for prices of ${expected} cents and more`);
}

/**
 * Checks the rules against the other data files: the shop's own ZIP code (a pickup) and every ZIP it
 * delivers to free must fall in a place, or those orders would go untaxed. Answers the problems, if any.
 */
export function salesTaxCoverageProblems(
  rules: SalesTaxRules,
  shopZip: string,
  localZips: readonly string[],
): string[] {
  const problems: string[] = [];
  if (!placeOfZip(rules, shopZip)) problems.push(`places: the shop's own ZIP code ${shopZip} (pickups) is in no place`);
  const missing = localZips.filter((zip) => !placeOfZip(rules, zip));
  if (missing.length > 0)
    problems.push(`places: the local delivery ZIP codes ${missing.join(', ')} (order-terms.json) are in no place`);
  return problems;
}

/** The place a ZIP code falls in: an exact code first, then its three-digit prefix; undefined outside them. */
export function placeOfZip(rules: SalesTaxRules, zip: string): TaxPlace | undefined {
  const five = zip.trim().slice(0, 5);
  return (
    rules.places.find((item) => item.zips.includes(five)) ??
    rules.places.find((item) => item.zipPrefixes.includes(five.slice(0, 3)))
  );
}
