/**
 * A quote's sales tax as the rules count it, written into the quote itself: each line keeps its own tax, and
 * one "Sales tax: <jurisdiction>" line per jurisdiction carries the money. The tax therefore travels with the
 * version as it was sent (its total, deposit, invoice, books and exports read the lines they always read),
 * and a quote written before the rules keeps the tax lines the shop typed.
 */
import { isTaxLine, type QuoteLine } from '#shared/requests/quote.ts';
import { percentsText, type SalesTax, salesTaxOf, type TaxHandover } from './sales-tax.ts';
import type { SalesTaxRules, TaxClass } from './sales-tax-rules.ts';

/** What the quote's tax is counted from: the rules, the shop's ZIP code, the handover, any exemption. */
export interface QuoteTaxSetting {
  rules: SalesTaxRules;
  shopZip: string;
  handover: TaxHandover;
  /** Why the customer owes none (a verified certificate, in words the invoice repeats); absent otherwise. */
  exemption?: string;
}

/** Where the quote is taxed, in words: the customer's delivery or the shop's counter. */
export function handoverWords(handover: TaxHandover, place: string | null): string {
  if (handover.method === 'pickup') return place ? `picked up at the shop (${place})` : 'picked up at the shop';
  return place ? `delivered to ${handover.zip} (${place})` : `delivered to ${handover.zip}`;
}

/** The lines' tax as the rules count it, before anything is written. */
export function quoteSalesTax(items: readonly QuoteLine[], setting: QuoteTaxSetting): SalesTax | undefined {
  if (setting.exemption) return undefined;
  return salesTaxOf(
    setting.rules,
    setting.handover,
    setting.shopZip,
    items.map((line) => ({ taxClass: line.taxClass ?? 'apparel', quantity: line.quantity, unitCents: line.unitCents })),
  );
}

/**
 * The quote's lines with their tax: any earlier tax line dropped, each item line given its share, and one line
 * per jurisdiction that charges something. An order that owes nothing gets one line of no money saying why,
 * so the invoice and the customer can read the reason.
 */
export function withSalesTax(lines: readonly QuoteLine[], setting: QuoteTaxSetting): QuoteLine[] {
  const items = lines.filter((line) => !isTaxLine(line));
  const tax = quoteSalesTax(items, setting);
  const where = tax?.place ?? null;
  const taxed = items.map((line, index) => ({
    ...line,
    taxClass: line.taxClass ?? 'apparel',
    taxCents: tax?.lineCents[index] ?? 0,
  }));
  const charged = (tax?.jurisdictions ?? []).filter((item) => item.cents > 0);
  if (charged.length === 0) {
    const reason = setting.exemption
      ? `exempt: ${setting.exemption}`
      : where === null
        ? `${handoverWords(setting.handover, null)}, outside the states the shop collects sales tax in`
        : 'no line of this order is taxed';
    return [
      ...taxed,
      {
        label: `Sales tax: none (${reason})`,
        quantity: 1,
        unitCents: 0,
        tax: { jurisdiction: null, percents: [], place: where, reason },
      },
    ];
  }
  return [
    ...taxed,
    ...charged.map((item) => ({
      label: `Sales tax: ${item.name} ${percentsText(item.percents)}`,
      quantity: 1,
      unitCents: item.cents,
      tax: { jurisdiction: item.name, percents: item.percents, place: where },
    })),
  ];
}

/**
 * A class for a line written before the tax rules, when a revision starts from it: read from its words, as
 * the shop wrote them. The desk sees it in the editor and changes it where the guess is wrong.
 */
export function guessTaxClass(label: string): TaxClass {
  if (/\b(hats?|caps?|beanies?|snapbacks?|visors?)\b/i.test(label)) return 'hats';
  if (/\b(screens?|set-?up|digiti[sz]ing|films?)\b/i.test(label)) return 'setup';
  if (/\b(deliver(y|ed)?|shipping|freight)\b/i.test(label)) return 'delivery';
  return 'apparel';
}

/**
 * A sent quote's tax, one row per jurisdiction, as the rules counted it when it was sent ("Sales tax: Illinois
 * 6.25%"); empty for a quote from before the rules, whose tax lines say what the shop typed.
 */
export function quoteTaxRows(lines: readonly QuoteLine[]): { label: string; cents: number }[] {
  return lines.flatMap((line) =>
    isTaxLine(line) && line.tax?.jurisdiction
      ? [
          {
            label: `Sales tax: ${line.tax.jurisdiction} ${percentsText(line.tax.percents)}`,
            cents: line.quantity * line.unitCents,
          },
        ]
      : [],
  );
}
