/**
 * Sales tax worked out from the shop's rules (shared/books/sales-tax-rules.ts), line by line: each line's
 * class and the price of one item pick each jurisdiction's rate, the tax is counted in whole cents as the
 * rules round it, and the result says, per jurisdiction and per line, what was charged. The pricing engine,
 * the desk's quote editor, the invoice and the receipts all read this one function.
 */
import {
  placeOfZip,
  type SalesTaxRules,
  type TaxBand,
  type TaxClass,
  type TaxJurisdiction,
  type TaxLevel,
} from './sales-tax-rules.ts';

/** A line to tax: its class, how many, and the price of one (negative for a discount). */
export interface TaxableLine {
  taxClass: TaxClass;
  quantity: number;
  unitCents: number;
}

/** Where the order changes hands: the shop's counter, or a delivery's ZIP code. */
export type TaxHandover = { method: 'pickup' } | { method: 'delivery'; zip: string };

/** One jurisdiction's share of the order's tax. */
interface JurisdictionTax {
  id: string;
  name: string;
  level: TaxLevel;
  /** The rates charged on some line, as written in the rules ("6.25"), lowest first; zero rates left out. */
  percents: string[];
  /** The lines' totals it taxed at a rate above zero. */
  taxableCents: number;
  cents: number;
}

export interface SalesTax {
  /** Where the order is taxed, as said beside the tax: "Springfield, IL". Null when no place of the rules. */
  place: string | null;
  /** Per line, in the order given: its tax over every jurisdiction, in cents. */
  lineCents: number[];
  /** The jurisdictions taxing the order, state first, with a share above zero or not. */
  jurisdictions: JurisdictionTax[];
  totalCents: number;
}

/** "6.25%", "0%, 4%": the rates as the rules write them. */
export const percentsText = (percents: readonly string[]) => percents.map((percent) => `${percent}%`).join(', ');

const levelOrder: Record<TaxLevel, number> = { state: 0, county: 1, city: 2 };
const MILLION = 1_000_000n;

/** "6.25" as parts per million of the amount (62,500): read as digits, never through a float. */
function partsPerMillion(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
}

/** Parts per million of an amount in cents, to the nearest cent: half a cent away from zero. */
function roundedCents(numerator: bigint): number {
  const sign = numerator < 0n ? -1n : 1n;
  const size = numerator * sign;
  return Number(((size + MILLION / 2n) / MILLION) * sign);
}

/** The band of a class that the price of one item falls in (a discount by its size). */
function bandFor(bands: readonly TaxBand[], unitCents: number): TaxBand {
  const price = Math.abs(unitCents);
  const found = bands.find(
    (item) => item.fromCents <= price && (item.belowCents === undefined || price < item.belowCents),
  );
  // The rules' check at start-up guarantees a band for every price; the last is the safe answer otherwise.
  return found ?? (bands.at(-1) as TaxBand);
}

/** The place where the handover is taxed, or undefined when it is outside the places of the rules. */
function taxPlace(rules: SalesTaxRules, handover: TaxHandover, shopZip: string) {
  return placeOfZip(rules, handover.method === 'pickup' ? shopZip : handover.zip);
}

/**
 * The tax of `lines` handed over as `handover`. Outside every place of the rules (a shipment to a state the
 * shop does not collect in) nothing is charged, and `place` says null.
 */
export function salesTaxOf(
  rules: SalesTaxRules,
  handover: TaxHandover,
  shopZip: string,
  lines: readonly TaxableLine[],
): SalesTax {
  const place = taxPlace(rules, handover, shopZip);
  const lineCents = lines.map(() => 0);
  if (!place) return { place: null, lineCents, jurisdictions: [], totalCents: 0 };
  const taxing = place.taxedBy
    .map((id) => rules.jurisdictions.find((item) => item.id === id))
    .filter((item): item is TaxJurisdiction => item !== undefined)
    .sort((a, b) => levelOrder[a.level] - levelOrder[b.level]);
  const jurisdictions = taxing.map((jurisdiction) => {
    const shares = jurisdictionShares(jurisdiction, lines, rules.rounding);
    shares.cents.forEach((cents, index) => {
      lineCents[index] = (lineCents[index] ?? 0) + cents;
    });
    return {
      id: jurisdiction.id,
      name: jurisdiction.name,
      level: jurisdiction.level,
      percents: shares.percents,
      taxableCents: shares.taxableCents,
      cents: shares.total,
    };
  });
  return {
    place: place.name,
    lineCents,
    jurisdictions,
    totalCents: jurisdictions.reduce((sum, item) => sum + item.cents, 0),
  };
}

/** One jurisdiction's tax on each line, rounded as the rules say, and its total. */
function jurisdictionShares(
  jurisdiction: TaxJurisdiction,
  lines: readonly TaxableLine[],
  rounding: SalesTaxRules['rounding'],
) {
  const percents = new Set<string>();
  let taxableCents = 0;
  const exact = lines.map((line) => {
    const { percent } = bandFor(jurisdiction.rates[line.taxClass], line.unitCents);
    const ppm = partsPerMillion(percent);
    const amount = line.quantity * line.unitCents;
    if (ppm > 0n) {
      percents.add(percent);
      taxableCents += amount;
    }
    return BigInt(amount) * ppm;
  });
  const cents = exact.map(roundedCents);
  if (rounding === 'jurisdiction') {
    // Rounded once over the whole order; the lines' shares are then nudged a cent at a time, the largest
    // taxed line first, so they still add up to what is charged. A line at no rate never takes a cent.
    const total = roundedCents(exact.reduce((sum, value) => sum + value, 0n));
    let left = total - cents.reduce((sum, value) => sum + value, 0);
    const size = (index: number) => (exact[index] ?? 0n) * ((exact[index] ?? 0n) < 0n ? -1n : 1n);
    const order = cents
      .map((_, index) => index)
      .filter((index) => exact[index] !== 0n)
      .sort((a, b) => (size(b) > size(a) ? 1 : size(b) < size(a) ? -1 : 0));
    for (let at = 0; left !== 0 && order.length > 0; at = (at + 1) % order.length) {
      const index = order[at] as number;
      cents[index] = (cents[index] ?? 0) + Math.sign(left);
      left -= Math.sign(left);
    }
  }
  // A discount never takes a jurisdiction's tax below nothing; the lines' shares then say nothing either,
  // so they still add up to what is charged.
  const sum = cents.reduce((added, value) => added + value, 0);
  return {
    cents: sum < 0 ? cents.map(() => 0) : cents,
    total: Math.max(0, sum),
    taxableCents: Math.max(0, taxableCents),
    percents: [...percents].sort((a, b) => Number(partsPerMillion(a) - partsPerMillion(b))),
  };
}

/** The class an engine line is taxed by: the garments' own (hats or apparel), set-up fees, delivery. */
export function engineTaxClass(kind: string, garmentType: string | undefined): TaxClass {
  if (kind === 'setup') return 'setup';
  if (kind === 'delivery') return 'delivery';
  return garmentType === 'hat' ? 'hats' : 'apparel';
}
