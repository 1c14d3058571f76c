import type { SentQuote } from '#server/requests/version-store.ts';
import type { DeskQuoteRow, DeskView } from '#shared/desk-contract.ts';
import { isRecord } from '#shared/is-record.ts';
import { formatMoney } from '#shared/money.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import {
  addDays,
  depositOf,
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
import { quoteEstimate } from '#shared/submissions/quote-fields.ts';

type QuoteEditorView = Extract<DeskView, { page: 'quote' }>;

/**
 * The deposit a new quote starts with, as the FAQ tells customers: half, and orders under $200 paid in
 * full on approval. The shop changes it per quote.
 */
const DEFAULT_DEPOSIT_PERCENT = 50;
const PAID_IN_FULL_BELOW_CENTS = 20_000;

const blankRow: QuoteRowInput = { label: '', quantity: '', unit: '' };

const rowOf = (line: QuoteLine): QuoteRowInput => ({
  label: line.label,
  quantity: String(line.quantity),
  unit: moneyField(line.unitCents),
});

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
      rows: previous.lines.map(rowOf),
      notes: previous.notes,
      validUntil: previous.validUntil >= today ? previous.validUntil : validUntil,
      depositPercent: String(previous.depositPercent),
    };
  }
  const estimate = formValues ? quoteEstimate(formValues, prices, now, load) : undefined;
  const small = estimate?.ok === true && estimate.estimate.totalCents < PAID_IN_FULL_BELOW_CENTS;
  return {
    source: estimate?.ok ? 'engine' : formValues ? 'form' : 'none',
    rows: estimate?.ok ? estimate.estimate.lines.map(rowOf) : [],
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
export function editorRows(input: QuoteFormInput): {
  rows: DeskQuoteRow[];
  total?: string;
  deposit?: string;
} {
  const filled = compacted(input).rows;
  const lines: QuoteLine[] = [];
  const rows: DeskQuoteRow[] = filled.map((row) => {
    const line = lineOf(row);
    if (!line) return { ...row };
    lines.push(line);
    return { ...row, total: formatMoney(line.quantity * line.unitCents) };
  });
  const spare = Math.max(0, Math.min(QUOTE_SPARE_ROWS, QUOTE_MAX_LINES + QUOTE_SPARE_ROWS - rows.length));
  for (let index = 0; index < spare; index += 1) rows.push({ ...blankRow });
  if (lines.length === 0) return { rows };
  const total = quoteTotal(lines);
  // Past any real order the sums are not shown: sending says what is wrong.
  if (total > MAX_TOTAL_CENTS) return { rows };
  const percent = /^\d{1,3}$/.test(input.depositPercent.trim()) ? Number(input.depositPercent.trim()) : Number.NaN;
  return {
    rows,
    total: formatMoney(total),
    ...(percent >= 0 && percent <= 100 ? { deposit: formatMoney(depositOf(total, percent)) } : {}),
  };
}

/** The input with its empty rows closed up: what readQuoteForm reads, so its error keys match the rows shown. */
export function compacted(input: QuoteFormInput): QuoteFormInput {
  return {
    ...input,
    rows: input.rows.filter((row) => [row.label, row.quantity, row.unit].some((value) => value.trim() !== '')),
  };
}
