import { type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import type { GroupStore } from '#server/groups/group-store.ts';
import { noSuchRequest, referenceOf, staffOf, textField } from '#server/http/desk-request.ts';
import { moneyOf } from '#server/requests/money-of.ts';
import type { RequestService } from '#server/requests/request-service.ts';
import { invoiceNumberText, readInvoiceNumber } from '#shared/books/book-numbers.ts';
import { formatMoney } from '#shared/money.ts';
import { MAX_TOTAL_CENTS, parseMoney } from '#shared/requests/quote.ts';
import { z } from '#shared/zod.ts';
import { askCardRefund, RefundNotReserved, refundableCents } from './card-refund.ts';
import type { CheckoutGateway } from './checkout.ts';
import { deskEntryRemoval, entryRemovalNotices } from './desk-entry-removal.ts';
import { type InvoicePageOptions, showInvoice } from './invoice-route.ts';
import { type OfflineMethod, offlineMethods, type PaymentStore } from './payment-store.ts';

/** What the desk's money forms answer, by the `done` the page is sent back with. */
export const paymentNotices = {
  'payment-recorded': { type: 'success', text: 'Payment recorded: the customer’s receipt is on its way.' },
  'payment-bad': {
    type: 'error',
    text: 'Enter the amount received (such as 120.00), how it was paid, and what it was for.',
  },
  'refund-asked': {
    type: 'success',
    text: 'Refund asked of Stripe: it is recorded, and the customer’s receipt sent, once Stripe confirms it.',
  },
  'refund-recorded': {
    type: 'success',
    text: 'Refund recorded, with its credit note: the customer’s receipt is on its way.',
  },
  'refund-bad': { type: 'error', text: 'Enter an amount from 0.01 up to what is left of that payment to refund.' },
  'refund-stale': {
    type: 'error',
    text: 'Another refund of that payment was asked since this page was loaded, so nothing more was asked: check what is left and ask again.',
  },
  'refund-failed': {
    type: 'error',
    text: 'Stripe did not take the refund: nothing was refunded. Try again, or use the Dashboard.',
  },
  'no-stripe': {
    type: 'error',
    text: 'Card refunds go through Stripe, which is not set up here: refund it another way.',
  },
  waived: { type: 'success', text: 'Deposit waived: production can start without it.' },
  'waive-bad': { type: 'error', text: 'Say why the deposit is waived (a purchase order, a regular customer…).' },
  'deposit-due': {
    type: 'error',
    text: 'Production waits for the deposit: record it as paid, or waive it with a reason, first.',
  },
  ...entryRemovalNotices,
} as const;

const MAX_NOTE = 500;
/** What a check's number may be: its digits as printed, with room for a bank's prefix. */
const MAX_CHECK_NUMBER = 20;

/** The refund form's `seen`: a refund row's number, absent from asks made without the form. */
const seenSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

const offlineSchema = z.object({
  amount: z.string().transform((value, ctx) => {
    const cents = parseMoney(value);
    if (cents === undefined || cents <= 0 || cents > MAX_TOTAL_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'amount' });
      return z.NEVER;
    }
    return cents;
  }),
  method: z.enum(offlineMethods),
  purpose: z.enum(['deposit', 'balance', 'other']),
  note: z.string().max(MAX_NOTE).optional().default(''),
  /** A check's number, as printed on it. */
  check: z.string().trim().max(MAX_CHECK_NUMBER).optional().default(''),
  /** The invoice a check pays (INV-000042); empty: the request's newest. */
  invoice: z.string().trim().max(20).optional().default(''),
});

/** What the desk's money routes are built from. */
interface DeskPaymentRoutesOptions extends InvoicePageOptions {
  payments: PaymentStore;
  /** A group entry's removal (its refund is the money card's). */
  groups: Pick<GroupStore, 'entryById' | 'groupOf' | 'removeEntry'>;
  requests: RequestService;
  gateway: CheckoutGateway | null;
  onQueued?: () => void;
  /** The numbers of the invoices the books issued for the request: a check is taken against one of them. */
  invoicesOf?: (reference: string) => Promise<readonly number[]>;
}

/**
 * What a check is taken against, and whether it may be: the invoice named (the request's newest when none
 * is), and never more than the balance (the desk records a check as written, and a larger one is a typo
 * more often than an overpayment). A refusal is the sentence to answer 422 with. The newest payment row
 * read goes with the check, so the store refuses it if money moved before it is written.
 */
async function checkAgainst(
  options: DeskPaymentRoutesOptions,
  reference: string,
  asked: { amountCents: number; invoice: string },
): Promise<{ ok: true; invoiceNumber?: number; seenPayment: number } | { ok: false; problem: string }> {
  const { money, payments } = await moneyOf(options, reference);
  const seenPayment = Math.max(0, ...payments.map((payment) => payment.id));
  const balance = Math.max(0, money?.balanceCents ?? 0);
  if (asked.amountCents > balance)
    return {
      ok: false,
      problem: `That check is more than the balance of ${formatMoney(balance)}: nothing was recorded. Check the amount.`,
    };
  if (!asked.invoice) return { ok: true, seenPayment };
  const number = readInvoiceNumber(asked.invoice);
  const issued = (await options.invoicesOf?.(reference)) ?? [];
  if (number === undefined || !issued.includes(number))
    return {
      ok: false,
      problem: `${asked.invoice} is not an invoice of this request${issued.length > 0 ? ` (its invoices: ${issued.map(invoiceNumberText).join(', ')})` : ''}: nothing was recorded.`,
    };
  return { ok: true, invoiceNumber: number, seenPayment };
}

/** A payment taken at the shop, recorded with who took it; the customer's receipt is queued. */
function recordPayment(options: DeskPaymentRoutesOptions): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    const read = offlineSchema.safeParse({
      amount: textField(req.body, 'amount'),
      method: textField(req.body, 'method'),
      purpose: textField(req.body, 'purpose'),
      note: textField(req.body, 'note'),
      check: textField(req.body, 'check'),
      invoice: textField(req.body, 'invoice'),
    });
    if (!read.success) {
      if (read.error.issues.some((issue) => issue.path[0] === 'check'))
        throw createHttpError(422, `Keep the check number to ${MAX_CHECK_NUMBER} characters: nothing was recorded.`);
      return res.redirect(303, `${back}?done=payment-bad#money`);
    }
    const isCheck = read.data.method === 'check';
    const against = isCheck
      ? await checkAgainst(options, reference, { amountCents: read.data.amount, invoice: read.data.invoice })
      : { ok: true as const, invoiceNumber: undefined, seenPayment: undefined };
    if (!against.ok) throw createHttpError(422, against.problem);
    const id = await options.payments.recordOfflinePayment(reference, {
      amountCents: read.data.amount,
      method: read.data.method as OfflineMethod,
      purpose: read.data.purpose,
      note: read.data.note,
      actor: `staff:${staffOf(res)}`,
      ...(isCheck && read.data.check ? { checkNumber: read.data.check } : {}),
      ...(against.invoiceNumber === undefined ? {} : { invoiceNumber: against.invoiceNumber }),
      ...(against.seenPayment === undefined ? {} : { seenPayment: against.seenPayment }),
    });
    if (id === undefined) throw noSuchRequest();
    if (id === 'stale')
      throw createHttpError(
        409,
        'Money was recorded on this order while the check was being checked against its balance: nothing was recorded. Check the balance and record it again.',
      );
    req.log.info({ reference, payment: id, reason: 'payment_recorded' }, 'offline payment recorded');
    options.onQueued?.();
    res.redirect(303, `${back}?done=payment-recorded#money`);
  };
}

/** A card payment refunded through Stripe: asked now, recorded when Stripe's event confirms it. */
function refundCardPayment(options: DeskPaymentRoutesOptions): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    if (!options.gateway) return res.redirect(303, `${back}?done=no-stripe#money`);
    const paymentId = Number(req.params.id);
    const payments = await options.payments.paymentsOf(reference);
    const payment = payments.find((item) => item.id === paymentId && item.kind === 'payment');
    const paymentIntent = payment?.stripePaymentIntent;
    if (!payment || !paymentIntent)
      throw createHttpError(404, 'There is no card payment with that number on this request.');
    const amountCents = parseMoney(textField(req.body, 'amount'));
    const seen = seenSchema.safeParse(textField(req.body, 'seen')).data;
    // A quick answer for what the page already shows; the check that counts is askCardRefund's, locked.
    if (amountCents === undefined || amountCents <= 0 || amountCents > refundableCents(payments, payment)) {
      return res.redirect(303, `${back}?done=refund-bad#money`);
    }
    try {
      const refund = await askCardRefund(
        { gateway: options.gateway, payments: options.payments },
        {
          reference,
          payment: { ...payment, stripePaymentIntent: paymentIntent },
          payments,
          amountCents,
          note: textField(req.body, 'note').slice(0, MAX_NOTE),
          actor: `staff:${staffOf(res)}`,
          ...(seen === undefined ? {} : { seen }),
        },
      );
      req.log.info(
        { reference, payment: payment.id, refund: refund.id, reason: 'refund_asked' },
        'refund asked of Stripe',
      );
      res.redirect(303, `${back}?done=refund-asked#money`);
    } catch (error) {
      if (error instanceof RefundNotReserved) {
        req.log.warn(
          { reference, payment: payment.id, amountCents, leftCents: error.leftCents, reason: `refund_${error.reason}` },
          `refund not asked of Stripe: ${error.message}`,
        );
        // A double click: the first click's refund is on its way, and this one says so.
        const done = {
          repeated: 'refund-asked',
          stale: 'refund-stale',
          'too-much': 'refund-bad',
          'no-payment': 'refund-bad',
        };
        return res.redirect(303, `${back}?done=${done[error.reason]}#money`);
      }
      req.log.error(
        { err: error, reference, payment: payment.id, reason: 'refund_failed' },
        'Stripe refused the refund',
      );
      res.redirect(303, `${back}?done=refund-failed#money`);
    }
  };
}

/** The deposit waived, with the reason the staff give. */
function waiveDeposit(options: DeskPaymentRoutesOptions): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    const reason = textField(req.body, 'reason').slice(0, MAX_NOTE);
    if (!reason) return res.redirect(303, `${back}?done=waive-bad#money`);
    if (!(await options.requests.waiveDeposit(reference, { actor: `staff:${staffOf(res)}`, reason })))
      throw noSuchRequest();
    res.redirect(303, `${back}?done=waived#money`);
  };
}

/**
 * The desk's money, under each request: a payment taken at the shop, a card payment refunded through Stripe
 * (recorded when Stripe's event confirms it), the deposit waived with a reason, and the invoice. Staff
 * only: the app mounts them behind the desk's staff gate, and every post passed its CSRF gate.
 */
export function deskPaymentRoutes(options: DeskPaymentRoutesOptions): Router {
  const router = Router();
  const base = '/staff/requests/:reference';
  router.use(deskEntryRemoval({ groups: options.groups, payments: options.payments, gateway: options.gateway }));
  router.post(`${base}/payments`, recordPayment(options));
  router.post(`${base}/payments/:id/refund`, refundCardPayment(options));
  router.post(`${base}/deposit-waiver`, waiveDeposit(options));
  router.get(
    `${base}/invoice`,
    showInvoice(options, (req) => {
      const reference = referenceOf(req);
      return { reference, back: { path: `/staff/requests/${reference}`, label: 'Back to the request' } };
    }),
  );
  return router;
}
