import type { SentQuote } from '#server/requests/version-store.ts';
import { guessTaxClass, handoverWords, type QuoteTaxSetting, quoteSalesTax } from '#shared/books/quote-tax.ts';
import { engineTaxClass, percentsText, type TaxHandover } from '#shared/books/sales-tax.ts';
import type { DeskQuoteRow, DeskQuoteTax, DeskView } from '#shared/desk-contract.ts';
import { isRecord } from '#shared/is-record.ts';
import { formatMoney } from '#shared/money.ts';
import { zipOf } from '#shared/pricing/delivery.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import {
  addDays,
  depositOf,
  isTaxLine,
  lineOf,
  MAX_TOTAL_CENTS,
  moneyField,
  QUOTE_MAX_LINES,
  QUOTE_SPARE_ROWS,
  QUOTE_VALID_DAYS,
  type QuoteFormInput,
  type QuoteLine,
  type QuoteRowInput,
  quoteTotal,
} from '#shared/requests/quote.ts';
import { quoteEstimate, quoteEstimateOptions, ZIP_FIELD } from '#shared/submissions/quote-fields.ts';

type QuoteEditorView = Extract<DeskView, { page: 'quote' }>;

/**
 * The deposit a new quote starts with, as the FAQ tells customers: half, and orders under $200 paid in
 * full on approval. The shop changes it per quote.
 */
const DEFAULT_DEPOSIT_PERCENT = 50;
const PAID_IN_FULL_BELOW_CENTS = 20_000;

const blankRow: QuoteRowInput = { label: '', quantity: '', unit: '', taxClass: '' };

const rowOf = (line: QuoteLine): QuoteRowInput => ({
  label: line.label,
  quantity: String(line.quantity),
  unit: moneyField(line.unitCents),
  taxClass: line.taxClass ?? guessTaxClass(line.label),
});

/**
 * Where the request changes hands, for its sales tax: the delivery ZIP code it asked for (a ZIP+4 by its
 * five digits), or the shop's counter (a pickup, or a request that never said: a contact message, an older
 * request). A delivery whose ZIP code cannot be read is counted at the counter, and the desk is told.
 */
export function requestHandover(values: Record<string, string> | undefined): {
  handover: TaxHandover;
  warning?: string;
} {
  if (values?.delivery !== 'delivery') return { handover: { method: 'pickup' } };
  const zip = zipOf(values[ZIP_FIELD] ?? '');
  if (zip) return { handover: { method: 'delivery', zip } };
  return {
    handover: { method: 'pickup' },
    warning:
      'The customer asked for a delivery without a ZIP code we can read: the sales tax is counted as for a pickup at the shop. Check where it goes before sending.',
  };
}

/**
 * Where a new quote starts: the last one sent, when there is one (a revision changes a line or two);
 * otherwise the pricing engine's lines for what the customer asked (the same engine that showed them
 * their estimate, with its rush and delivery lines, counted from `now`); otherwise empty rows, for a
 * request the engine cannot price (a garment we do not stock, an older request stored without its form).
 */
export function startingQuote(
  formValues: Record<string, string> | undefined,
  prices: PricingData,
  previous: SentQuote | undefined,
  today: string,
  now: Date,
  load?: LoadDates,
): Pick<QuoteEditorView, 'source' | 'notes' | 'validUntil' | 'depositPercent'> & { rows: QuoteRowInput[] } {
  const validUntil = addDays(today, QUOTE_VALID_DAYS);
  if (previous) {
    return {
      source: 'previous',
      // Its tax lines are counted again from the rules when this version is sent.
      rows: previous.lines.filter((line) => !isTaxLine(line)).map(rowOf),
      notes: previous.notes,
      validUntil: previous.validUntil >= today ? previous.validUntil : validUntil,
      depositPercent: String(previous.depositPercent),
    };
  }
  const estimate = formValues ? quoteEstimate(formValues, prices, now, load) : undefined;
  const small = estimate?.ok === true && estimate.estimate.totalCents < PAID_IN_FULL_BELOW_CENTS;
  const options = formValues ? quoteEstimateOptions(formValues, prices) : undefined;
  const garmentType = options && prices[options.service].garments.find((item) => item.id === options.garment)?.type;
  return {
    source: estimate?.ok ? 'engine' : formValues ? 'form' : 'none',
    rows: estimate?.ok
      ? estimate.estimate.lines.map((line) => ({ ...rowOf(line), taxClass: engineTaxClass(line.kind, garmentType) }))
      : [],
    notes: '',
    validUntil,
    depositPercent: String(small ? 100 : DEFAULT_DEPOSIT_PERCENT),
  };
}

const field = (body: Record<string, unknown>, name: string) => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The editor's post as typed: rows `label.N`, `quantity.N`, `unit.N` (a ticked `remove.N` drops the row),
 * and the terms. Rows past the editor's most are not read.
 */
export function quoteFormInput(body: unknown): QuoteFormInput {
  const values = isRecord(body) ? body : {};
  const rows: QuoteRowInput[] = [];
  for (let index = 0; index < QUOTE_MAX_LINES + QUOTE_SPARE_ROWS; index += 1) {
    const row = {
      label: field(values, `label.${index}`),
      quantity: field(values, `quantity.${index}`),
      unit: field(values, `unit.${index}`),
      taxClass: field(values, `class.${index}`),
    };
    if (field(values, `remove.${index}`) === '') rows.push(row);
  }
  return {
    rows,
    notes: field(values, 'notes'),
    validUntil: field(values, 'validUntil'),
    depositPercent: field(values, 'depositPercent'),
  };
}

/**
 * The editor's rows as shown: each with its total once it reads as a line, the quote's total and
 * deposit, and spare empty rows below. Empty rows in between are closed up, so renumbered errors still
 * sit beside the row they are about (errors are keyed by the compacted order).
 */
export function editorRows(
  input: QuoteFormInput,
  setting?: QuoteTaxSetting,
): {
  rows: DeskQuoteRow[];
  subtotal?: string;
  salesTax?: DeskQuoteTax;
  total?: string;
  deposit?: string;
} {
  const filled = compacted(input).rows;
  const lines: QuoteLine[] = [];
  const rows: DeskQuoteRow[] = filled.map((row) => {
    const line = lineOf(row);
    const shown = { ...row, taxClass: row.taxClass || 'apparel' };
    if (!line) return shown;
    lines.push(line);
    return { ...shown, total: formatMoney(line.quantity * line.unitCents) };
  });
  const spare = Math.max(0, Math.min(QUOTE_SPARE_ROWS, QUOTE_MAX_LINES + QUOTE_SPARE_ROWS - rows.length));
  for (let index = 0; index < spare; index += 1) rows.push({ ...blankRow, taxClass: 'apparel' });
  if (lines.length === 0) return { rows };
  const subtotal = quoteTotal(lines);
  // Past any real order the sums are not shown: sending says what is wrong.
  if (subtotal > MAX_TOTAL_CENTS) return { rows };
  const tax = setting ? quoteSalesTax(lines, setting) : undefined;
  if (tax) {
    let at = 0;
    for (const row of rows) if (row.total !== undefined) row.tax = formatMoney(tax.lineCents[at++] ?? 0);
  }
  const total = subtotal + (tax?.totalCents ?? 0);
  const percent = /^\d{1,3}$/.test(input.depositPercent.trim()) ? Number(input.depositPercent.trim()) : Number.NaN;
  return {
    rows,
    subtotal: formatMoney(subtotal),
    ...(setting ? { salesTax: deskTax(setting, tax) } : {}),
    total: formatMoney(total),
    ...(percent >= 0 && percent <= 100 ? { deposit: formatMoney(depositOf(total, percent)) } : {}),
  };
}

/** The editor's tax block: where the order is taxed, each jurisdiction's share, or why there is none. */
function deskTax(setting: QuoteTaxSetting, tax: ReturnType<typeof quoteSalesTax>): DeskQuoteTax {
  const where = handoverWords(setting.handover, tax?.place ?? null);
  if (setting.exemption) return { where, lines: [], none: `None: exempt (${setting.exemption})` };
  if (!tax || tax.place === null)
    return { where, lines: [], none: 'None: outside the states the shop collects sales tax in' };
  const charged = tax.jurisdictions.filter((item) => item.cents > 0);
  if (charged.length === 0) return { where, lines: [], none: 'None: no line of this quote is taxed there' };
  return {
    where,
    lines: charged.map((item) => ({
      label: `${item.name} ${percentsText(item.percents)}`,
      amount: formatMoney(item.cents),
    })),
  };
}

/** The input with its empty rows closed up: what readQuoteForm reads, so its error keys match the rows shown. */
export function compacted(input: QuoteFormInput): QuoteFormInput {
  return {
    ...input,
    rows: input.rows.filter((row) => [row.label, row.quantity, row.unit].some((value) => value.trim() !== '')),
  };
}
