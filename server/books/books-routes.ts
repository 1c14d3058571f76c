import { type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import { noSuchRequest, referenceOf, staffOf, textField } from '#server/http/desk-request.ts';
import { creditNoteNumberText, invoiceNumberText } from '#shared/books/book-numbers.ts';
import type { BooksMonthView, BooksRenderOptions, CreditNoteView } from '#shared/books/books-contract.ts';
import { invoiceDueOn, termsLabel } from '#shared/books/invoice-terms.ts';
import { type PeriodTotals, periodTotals } from '#shared/books/period-totals.ts';
import {
  exportRange,
  lastDayOf,
  MAX_EXPORT_DAYS,
  monthRange,
  monthText,
  neighbourMonths,
  readMonth,
} from '#shared/books/periods.ts';
import { dayIn } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import { paymentMethodLabel } from '#shared/payments/method-labels.ts';
import { MAX_TOTAL_CENTS, parseMoney } from '#shared/requests/quote.ts';
import type { SiteConfig } from '#shared/site-data.ts';
import { z } from '#shared/zod.ts';
import { type ExportLayout, exportCsv, exportLayouts, layoutLabels } from './books-export.ts';
import type { BookEntry, BooksStore, IssuedInvoice, Receivable } from './books-store.ts';
import { creditNoteView, type NoteBack, renderCreditNotePage } from './credit-note-page.ts';

/** What the books' desk pages are built from. */
export interface BooksRoutesOptions {
  books: BooksStore;
  shop: () => Pick<SiteConfig, 'appName' | 'contact' | 'address'>;
  timeZone: () => string;
  renderCreditNote: (view: CreditNoteView, options: BooksRenderOptions) => Promise<string>;
  renderMonth: (view: BooksMonthView, options: BooksRenderOptions) => Promise<string>;
  stylesheets: () => readonly string[];
  now: () => Date;
  /** Stripe's side of the card money, when card payments are on: its fees, and its payouts to the bank. */
  stripe?: BooksStripe | null;
}

/** A payout as Stripe lists it. */
interface BooksPayout {
  id: string;
  amountCents: number;
  arrival: Date;
  status: string;
}

interface BooksStripe {
  /** Asks Stripe for the fees not known yet and keeps them; the books read them once posted. */
  settleFees: () => Promise<unknown>;
  /** Payouts arriving from `from` (included) to `to` (excluded). */
  payouts: (from: Date, to: Date) => Promise<BooksPayout[]>;
}

function documentOf(entry: BookEntry): string {
  if (entry.kind === 'refund') return `credit note ${creditNoteNumberText(entry.creditNoteNumber ?? 0)}`;
  return entry.invoiceNumber ? `invoice ${invoiceNumberText(entry.invoiceNumber)}` : 'before any invoice';
}

const html = (res: Parameters<RequestHandler>[1], body: string) =>
  res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' }).type('html').send(body);

/** Fees Stripe has not given yet are asked for before the books are read; a silent Stripe leaves them unknown. */
async function settleFees(options: BooksRoutesOptions, log: { warn: (data: object, message: string) => void }) {
  if (!options.stripe) return;
  try {
    await options.stripe.settleFees();
  } catch (error) {
    log.warn(
      { reason: 'stripe_fee_unanswered', err: error instanceof Error ? error.message : String(error) },
      'Stripe fees not read: the books show them as not known yet',
    );
  }
}

const payoutStatus: Record<string, string> = {
  paid: 'Paid',
  pending: 'Pending',
  in_transit: 'In transit',
  canceled: 'Canceled',
  failed: 'Failed',
};

/**
 * The payouts Stripe reports arriving in the month. Stripe dates a payout's arrival as a day (its
 * midnight UTC), so the month is the calendar month in UTC, and each date is shown as Stripe gives it.
 */
async function monthPayouts(
  options: BooksRoutesOptions,
  month: { year: number; month: number },
  log: { warn: (data: object, message: string) => void },
): Promise<BooksMonthView['payouts']> {
  if (!options.stripe) return { state: 'off' };
  try {
    const payouts = await options.stripe.payouts(
      new Date(Date.UTC(month.year, month.month - 1, 1)),
      new Date(Date.UTC(month.year, month.month, 1)),
    );
    return {
      state: 'listed',
      rows: payouts.map((payout) => ({
        id: payout.id,
        arrival: payout.arrival.toISOString().slice(0, 10),
        amount: formatMoney(payout.amountCents),
        status: payoutStatus[payout.status] ?? payout.status,
      })),
      paidTotal: formatMoney(
        payouts.filter((payout) => payout.status === 'paid').reduce((sum, payout) => sum + payout.amountCents, 0),
      ),
    };
  } catch (error) {
    log.warn(
      { reason: 'stripe_payouts_unanswered', err: error instanceof Error ? error.message : String(error) },
      'Stripe did not list the month’s payouts',
    );
    return { state: 'failed' };
  }
}

/** The month's figures, top to bottom as they add up: gross less refunds is net, less Stripe's fees. */
function monthFigures(totals: PeriodTotals): BooksMonthView['figures'] {
  return [
    { label: `Invoiced (${totals.invoiceCount})`, value: formatMoney(totals.invoicedCents) },
    { label: 'of which sales tax', value: formatMoney(totals.taxCents) },
    { label: `Discounts given (${totals.discountCount})`, value: formatMoney(totals.discountsCents) },
    { label: `Received, gross (${totals.paymentCount})`, value: formatMoney(totals.grossCents) },
    { label: `Refunded (${totals.refundCount})`, value: formatMoney(totals.refundsCents) },
    { label: 'Net received', value: formatMoney(totals.netCents) },
    { label: `Stripe fees (${totals.feeCount})`, value: formatMoney(totals.feesCents) },
    { label: 'Net after Stripe fees', value: formatMoney(totals.netAfterFeesCents) },
  ];
}

/** What the month's list says of a row's Stripe fee: card money only. */
function feeText(entry: BookEntry): Pick<BooksMonthView['entries'][number], 'fee'> {
  if (entry.feeCents !== null) return { fee: `Stripe fee ${formatMoney(entry.feeCents)}` };
  return entry.method === 'card' ? { fee: 'Stripe fee not known yet' } : {};
}

function monthEntries(entries: readonly BookEntry[]): BooksMonthView['entries'] {
  return entries.map((entry) => ({
    id: String(entry.paymentId),
    at: entry.at.toISOString(),
    reference: entry.reference,
    kind: entry.kind,
    method: paymentMethodLabel(entry.method),
    document: documentOf(entry),
    ...(entry.creditNoteNumber
      ? { documentPath: `/staff/books/credit-notes/${creditNoteNumberText(entry.creditNoteNumber)}` }
      : {}),
    amount: formatMoney(entry.amountCents),
    ...feeText(entry),
  }));
}

/** The open net-terms invoices as of `today` (YYYY-MM-DD on the shop's calendar). */
function receivablesView(receivables: readonly Receivable[], timeZone: string, today: string) {
  return receivables.map(({ invoice, balanceCents }) => {
    const due = invoiceDueOn(invoice.issuedAt, invoice.netDays, timeZone);
    return {
      number: invoiceNumberText(invoice.number),
      reference: invoice.reference,
      customer: invoice.customer.company || invoice.customer.name || `Order ${invoice.reference}`,
      terms: `${termsLabel(invoice.netDays)}${invoice.poNumber ? `, PO ${invoice.poNumber}` : ''}`,
      due,
      balance: formatMoney(balanceCents),
      overdue: today > due,
    };
  });
}

/** The month view: ?month=YYYY-MM, this month (in the shop's time zone) without one. */
function showMonth(options: BooksRoutesOptions): RequestHandler {
  return async (req, res) => {
    const timeZone = options.timeZone();
    const asked =
      typeof req.query.month === 'string' ? req.query.month : dayIn(options.now().toISOString(), timeZone).slice(0, 7);
    const month = readMonth(asked);
    if (!month) throw createHttpError(400, 'Give the month as YYYY-MM, such as 2026-11.');
    const { from, to } = monthRange(month.year, month.month, timeZone);
    const [, payouts] = await Promise.all([settleFees(options, req.log), monthPayouts(options, month, req.log)]);
    const { invoices, entries, discounts } = await options.books.between(from, to);
    const totals = periodTotals(invoices, entries, discounts);
    const receivables = await options.books.receivables();
    const { previous, next } = neighbourMonths(month.year, month.month);
    const view: BooksMonthView = {
      month: monthText(month.year, month.month),
      label: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(month.year, month.month - 1, 1)),
      ),
      previous,
      next,
      figures: monthFigures(totals),
      byMethod: totals.byMethod.map((row) => ({
        method: paymentMethodLabel(row.method),
        gross: formatMoney(row.grossCents),
        refunds: formatMoney(row.refundsCents),
        net: formatMoney(row.netCents),
      })),
      invoices: invoices.map((invoice) => ({
        number: invoiceNumberText(invoice.number),
        reference: invoice.reference,
        issued: dayIn(invoice.issuedAt.toISOString(), timeZone),
        total: formatMoney(invoice.totalCents),
        purged: invoice.purgedAt !== null,
      })),
      entries: monthEntries(entries),
      feesUnknown: totals.feesUnknown,
      payouts,
      discounts: discounts.map((discount) => ({
        number: creditNoteNumberText(discount.creditNoteNumber),
        path: `/staff/books/credit-notes/${creditNoteNumberText(discount.creditNoteNumber)}`,
        reference: discount.reference,
        at: discount.at.toISOString(),
        amount: formatMoney(discount.amountCents),
      })),
      receivables: receivablesView(receivables, timeZone, dayIn(options.now().toISOString(), timeZone)),
      export: {
        from: `${monthText(month.year, month.month)}-01`,
        to: lastDayOf(month.year, month.month),
        layouts: exportLayouts.map((value) => ({ value, label: layoutLabels[value] })),
        maxDays: MAX_EXPORT_DAYS,
      },
    };
    html(res, await options.renderMonth(view, { timeZone, stylesheets: options.stylesheets() }));
  };
}

/** A CSV for a range of days; a range past a year, or an unknown layout, is the asker's to fix (422). */
function exportFile(options: BooksRoutesOptions): RequestHandler {
  return async (req, res) => {
    const timeZone = options.timeZone();
    const text = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : '');
    const layout = text('layout') as ExportLayout;
    if (!exportLayouts.includes(layout))
      throw createHttpError(422, `Choose the file to export: ${exportLayouts.join(', ')}.`);
    const range = exportRange(text('from'), text('to'), timeZone);
    if (!range.ok) throw createHttpError(422, range.problem);
    await settleFees(options, req.log);
    const { invoices, entries, discounts } = await options.books.between(range.from, range.to);
    const creditedInvoices = new Map<number, IssuedInvoice>(invoices.map((invoice) => [invoice.number, invoice]));
    const named = [
      ...entries.flatMap((entry) => (entry.invoiceNumber ? [entry.invoiceNumber] : [])),
      ...discounts.map((discount) => discount.invoiceNumber),
    ];
    for (const number of new Set(named)) {
      if (creditedInvoices.has(number)) continue;
      const invoice = await options.books.invoiceByNumber(number);
      if (invoice) creditedInvoices.set(number, invoice);
    }
    const csv = exportCsv(
      layout,
      { invoices, entries, discounts, creditedInvoices },
      { timeZone, from: text('from'), to: text('to') },
    );
    res
      .set({
        'Cache-Control': 'no-store',
        'Content-Disposition': `attachment; filename="books-${layout}-${text('from')}-to-${text('to')}.csv"`,
      })
      .type('text/csv; charset=utf-8')
      .send(csv);
  };
}

/** On the desk a note leads back to its request, or to the books once the request was purged. */
const deskBack: NoteBack = (reference, purged) =>
  purged
    ? { path: '/staff/books', label: 'Back to the books' }
    : { path: `/staff/requests/${reference}#money`, label: 'Back to the request' };

function showCreditNote(options: BooksRoutesOptions): RequestHandler {
  return async (req, res) => {
    const view = await creditNoteView(options, String(req.params.number), deskBack);
    if (!view) throw createHttpError(404, 'There is no credit note with that number.');
    html(res, await renderCreditNotePage(options, view));
  };
}

/** A refund's credit note from the request's money list, by the refund row. */
function creditNoteOfRefund(options: BooksRoutesOptions): RequestHandler {
  return async (req, res) => {
    const id = Number(req.params.id);
    const number = Number.isSafeInteger(id) && id > 0 ? await options.books.creditNoteOfPayment(id) : undefined;
    if (number === undefined)
      throw createHttpError(404, 'That refund has no credit note: it has not been counted yet.');
    res.redirect(303, `/staff/books/credit-notes/${creditNoteNumberText(number)}`);
  };
}

/** What the desk's discount form answers, by the `done` the page is sent back with. */
export const booksNotices = {
  'discount-given': {
    type: 'success',
    text: 'Discount given, with its credit note: the customer’s page and the invoice show what is owed now.',
  },
} as const;

const discountSchema = z.object({
  amount: z.string().transform((value, ctx) => {
    const cents = parseMoney(value);
    if (cents === undefined || cents <= 0 || cents > MAX_TOTAL_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Enter the discount, more than 0, such as 20.00.' });
      return z.NEVER;
    }
    return cents;
  }),
  reason: z
    .string()
    .min(1, 'Say why the discount is given (the customer and the accountant read it).')
    .max(500, 'Keep the reason under 500 characters.'),
});

/**
 * A goodwill discount: it lowers what is owed, with a credit note, and moves no money (a refund gives
 * back money paid; this is not one). More than is owed, or no approved quote yet, is answered 422.
 */
function giveDiscount(options: BooksRoutesOptions): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const read = discountSchema.safeParse({
      amount: textField(req.body, 'amount'),
      reason: textField(req.body, 'reason'),
    });
    if (!read.success) throw createHttpError(422, read.error.issues.map((issue) => issue.message).join(' '));
    const outcome = await options.books.giveDiscount(reference, {
      amountCents: read.data.amount,
      reason: read.data.reason,
      actor: `staff:${staffOf(res)}`,
    });
    if (!outcome.ok) {
      if (outcome.reason === 'no-request') throw noSuchRequest();
      if (outcome.reason === 'no-invoice')
        throw createHttpError(422, 'There is nothing to discount yet: a discount lowers an approved quote’s invoice.');
      throw createHttpError(
        422,
        `That is more than is owed: at most ${formatMoney(outcome.owedCents)} can be taken off this order. Nothing was recorded.`,
      );
    }
    req.log.info({ reference, creditNote: outcome.creditNoteNumber, reason: 'discount_given' }, 'discount given');
    res.redirect(303, `/staff/requests/${reference}?done=discount-given#money`);
  };
}

/** The books on the desk. Staff only: the app mounts them behind the desk's staff gate. */
export function booksRoutes(options: BooksRoutesOptions): Router {
  const router = Router();
  router.get('/staff/books', showMonth(options));
  router.get('/staff/books/export', exportFile(options));
  router.get('/staff/books/credit-notes/:number', showCreditNote(options));
  router.get('/staff/requests/:reference/refunds/:id/credit-note', creditNoteOfRefund(options));
  router.post('/staff/requests/:reference/discounts', giveDiscount(options));
  return router;
}
