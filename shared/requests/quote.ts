/**
 * A quote the shop sends for a request (written in the desk's quote editor; the customer approves it on their
 * private page): priced lines, a deposit and a date it is good until. Money is whole cents throughout; the
 * desk's editor, the stored versions, the mails and the customer's page all total a quote with these
 * functions, so no two of them can disagree.
 */
import { isTaxClass, type TaxClass, taxClassLabels } from '#shared/books/sales-tax-rules.ts';
import { isRealDate } from '#shared/submissions/quote-fields.ts';
import { z } from '#shared/zod.ts';

/** One line of a quote: what, how many, at what unit price (negative for a discount). */
export interface QuoteLine {
  label: string;
  quantity: number;
  unitCents: number;
  /** The product class its sales tax is counted by; absent on lines written before the tax rules and on tax lines. */
  taxClass?: TaxClass;
  /** Its sales tax over every jurisdiction, counted when the quote was sent. */
  taxCents?: number;
  /** On a sales-tax line the rules wrote: which jurisdiction, at what rates, where, or why there is none. */
  tax?: SalesTaxNote;
}

/** What a sales-tax line of a quote is the tax of, kept with it so the invoice says it as it was charged. */
interface SalesTaxNote {
  /** "Illinois"; null on the one line of an order that owes none. */
  jurisdiction: string | null;
  /** The rates charged, as written in the rules ("6.25"). */
  percents: string[];
  /** Where the order was taxed ("Springfield, IL"); null outside the places the shop collects in. */
  place: string | null;
  /** Why no tax is charged: a certificate, a shipment out of state, no taxable line. */
  reason?: string;
}

/** A quote as it is sent and frozen as a version. */
export interface QuoteTerms {
  lines: QuoteLine[];
  /** Shown to the customer under the lines. */
  notes: string;
  /** YYYY-MM-DD: the last day it can be approved. */
  validUntil: string;
  /** Whole percent of the total paid before production starts. */
  depositPercent: number;
}

/** The most lines one quote holds: far more than any order needs, few enough to read. */
export const QUOTE_MAX_LINES = 40;
/** Empty rows the editor offers below the lines, for lines the engine did not write. */
export const QUOTE_SPARE_ROWS = 3;
/** How long a quote is good for unless the shop says otherwise. */
export const QUOTE_VALID_DAYS = 30;
/** A line's unit price can be at most this, either way: a typo of ten zeros is caught, not sent. */
const MAX_UNIT_CENTS = 100_000_000;
const MAX_LINE_QUANTITY = 1_000_000;
/** Far above any order; keeps every product of cents and percent a safe integer (the deposit's arithmetic). */
export const MAX_TOTAL_CENTS = 100_000_000_000;

const day = /^\d{4}-\d{2}-\d{2}$/;

/** The lines' sum: quantity × unit price each, in cents. */
export function quoteTotal(lines: readonly QuoteLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
}

/** A line the shop wrote for sales tax ("Sales tax 6.25%"): the invoice shows it as its tax line. */
export const isTaxLine = (line: Pick<QuoteLine, 'label'>): boolean => /^sales tax\b/i.test(line.label.trim());

/** The quote's sales tax, in cents: its tax lines added up (0 when the shop wrote none). */
export function quoteTaxCents(lines: readonly QuoteLine[]): number {
  return lines.filter(isTaxLine).reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
}

/**
 * What a quote's total says of sales tax: a total with a tax line includes it, so "plus sales tax" would
 * read as asking for it twice; one without is said to come before tax, in the shop's own words.
 */
export function taxWords(lines: readonly QuoteLine[], withoutTax: string): string {
  const counted = lines.find((line) => isTaxLine(line) && line.tax)?.tax;
  if (counted?.reason) return `No sales tax: ${counted.reason}.`;
  if (quoteTaxCents(lines) <= 0) return withoutTax;
  return counted?.place
    ? `The total includes sales tax, counted for ${counted.place}.`
    : 'The total includes sales tax.';
}

/** The deposit on a total, rounded up to the cent: the shop never asks a cent less than it said. */
export function depositOf(totalCents: number, percent: number): number {
  if (totalCents <= 0) return 0;
  const scaled = totalCents * percent;
  return (scaled - (scaled % 100)) / 100 + (scaled % 100 > 0 ? 1 : 0);
}

/**
 * "$1,234.50", "1234.5", "12" or "-5.00" as cents; undefined for anything else (more than two decimals,
 * letters, an empty field). Read as digits, never through a float, so 0.29 is 29 cents exactly.
 */
export function parseMoney(text: string): number | undefined {
  const match = /^(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match || (match[2] === undefined && match[3] === undefined)) return undefined;
  const dollars = Number((match[2] ?? '0').replace(/,/g, ''));
  const cents = Number((match[3] ?? '0').padEnd(2, '0'));
  const value = dollars * 100 + cents;
  if (!Number.isSafeInteger(value)) return undefined;
  return match[1] ? -value : value;
}

/** Cents as the editor's field shows them: "12.50", no currency sign, no thousands separator. */
export function moneyField(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** YYYY-MM-DD plus some days, by the calendar (no time zone involved). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** One editor row as posted: the fields as typed, so a row with an error is shown back as it was. */
export interface QuoteRowInput {
  label: string;
  quantity: string;
  unit: string;
  /** The tax class chosen; empty on a row that never had one (read as apparel, the shop's usual line). */
  taxClass?: string;
}

/** A row's class as the editor reads it: what was chosen, apparel when nothing was. */
function rowTaxClass(row: QuoteRowInput): TaxClass | undefined {
  const chosen = row.taxClass?.trim() ?? '';
  if (chosen === '') return 'apparel';
  return isTaxClass(chosen) ? chosen : undefined;
}

/** The editor's fields as posted, before they are read. */
export interface QuoteFormInput {
  rows: QuoteRowInput[];
  notes: string;
  validUntil: string;
  depositPercent: string;
}

/** A row as a line when every field of it reads within the limits; undefined otherwise (or when it is empty). */
export function lineOf(row: QuoteRowInput): QuoteLine | undefined {
  const label = row.label.trim();
  const quantityText = row.quantity.trim();
  const quantity = /^\d{1,7}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
  const unitCents = parseMoney(row.unit);
  if (label === '' || label.length > 200 || !(quantity >= 1 && quantity <= MAX_LINE_QUANTITY)) return undefined;
  if (unitCents === undefined || Math.abs(unitCents) > MAX_UNIT_CENTS) return undefined;
  const taxClass = rowTaxClass(row);
  if (!taxClass) return undefined;
  return { label, quantity, unitCents, taxClass };
}

/** What reading the editor answers: the quote, or the errors by field ("rows.2.unit", "validUntil"…). */
export type QuoteFormResult = { ok: true; terms: QuoteTerms } | { ok: false; errors: Record<string, string> };

const termsSchema = z.object({
  notes: z.string().max(2000, 'Keep the notes under 2,000 characters.'),
  validUntil: z
    .string()
    .regex(day, 'Choose the last day the quote can be approved.')
    .refine(isRealDate, 'Choose the last day the quote can be approved.'),
  depositPercent: z
    .string()
    .regex(/^\d{1,3}$/, 'Enter the deposit as a whole percent, from 0 to 100.')
    .transform(Number)
    .refine((value) => value <= 100, 'Enter the deposit as a whole percent, from 0 to 100.'),
});

/**
 * Reads the editor's rows and terms. A row left wholly empty is skipped (the spare rows); any other row
 * must have a description, a whole quantity and a price. `today` is the shop's date: a quote cannot be
 * good until a day already gone.
 */
export function readQuoteForm(input: QuoteFormInput, today: string): QuoteFormResult {
  const errors: Record<string, string> = {};
  const lines: QuoteLine[] = [];
  input.rows.forEach((row, index) => {
    const label = row.label.trim();
    const quantityText = row.quantity.trim();
    const unitText = row.unit.trim();
    if (label === '' && quantityText === '' && unitText === '') return;
    if (label === '') errors[`rows.${index}.label`] = 'Describe the line, or clear the whole row.';
    else if (label.length > 200) errors[`rows.${index}.label`] = 'Keep the description under 200 characters.';
    else if (isTaxLine({ label }))
      errors[`rows.${index}.label`] =
        'Sales tax is counted from the shop’s tax rules when the quote is sent: remove this line.';
    const quantity = /^\d{1,7}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
    if (!(quantity >= 1 && quantity <= MAX_LINE_QUANTITY))
      errors[`rows.${index}.quantity`] = 'Enter a whole quantity of 1 or more.';
    const unitCents = parseMoney(unitText);
    if (unitCents === undefined || Math.abs(unitCents) > MAX_UNIT_CENTS)
      errors[`rows.${index}.unit`] = 'Enter the price of one, such as 12.50 (or -5.00 for a discount).';
    const taxClass = rowTaxClass(row);
    if (!taxClass)
      errors[`rows.${index}.taxClass`] = `Choose the line’s tax class: ${Object.values(taxClassLabels).join(', ')}.`;
    if (!errors[`rows.${index}.label`] && !errors[`rows.${index}.quantity`] && unitCents !== undefined && taxClass)
      lines.push({ label, quantity, unitCents, taxClass });
  });
  if (lines.length === 0 && Object.keys(errors).length === 0) errors['rows.0.label'] = 'Add at least one line.';
  if (lines.length > QUOTE_MAX_LINES) errors.rows = `A quote holds at most ${QUOTE_MAX_LINES} lines.`;

  const terms = termsSchema.safeParse({
    notes: input.notes.replace(/\r\n/g, '\n').trim(),
    validUntil: input.validUntil.trim(),
    depositPercent: input.depositPercent.trim(),
  });
  if (!terms.success) {
    for (const issue of terms.error.issues) errors[String(issue.path[0])] ??= issue.message;
  }
  if (!errors.validUntil && input.validUntil.trim() < today) {
    errors.validUntil = 'That day has gone: choose today or later.';
  }
  if (Object.keys(errors).length === 0 && terms.success && quoteTotal(lines) < 0)
    errors.rows = 'The discounts come to more than the lines: the total cannot be below zero.';
  if (quoteTotal(lines) > MAX_TOTAL_CENTS)
    errors.rows = 'The total is far beyond any order: check the quantities and prices.';
  if (Object.keys(errors).length > 0 || !terms.success) return { ok: false, errors };
  return { ok: true, terms: { lines, ...terms.data } };
}

/** Whether a sent version can still be approved: the newest one, and not past its date. */
export function isQuoteOpen(
  quote: { version: number; validUntil: string },
  latestVersion: number,
  today: string,
): boolean {
  return quote.version === latestVersion && quote.validUntil >= today;
}
