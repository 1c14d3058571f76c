import { type CreditNoteReads, type MoneyReads, moneyOf } from '#server/requests/money-of.ts';
import type { RequestEvent } from '#server/storage/activity.ts';
import { creditNoteNumberText } from '#shared/books/book-numbers.ts';
import type { CustomerPageMoney } from '#shared/customer-page-contract.ts';
import type { DeskMoney, DeskPayment } from '#shared/desk-contract.ts';
import { formatMoney } from '#shared/money.ts';
import { cancelRefundOf, type OrderMoney, payableNow } from '#shared/payments/order-money.ts';
import type { PaymentTerms } from '#shared/pricing/order-terms.ts';
import { moneyField } from '#shared/requests/quote.ts';
import { isFinal, isStatusOf, type RequestStatus } from '#shared/requests/request-status.ts';
import { methodLabels, purposeLabels } from './payment-mail.ts';
import type { PaymentStore, StoredPayment } from './payment-store.ts';

/**
 * The money's reads, the request's Checkout Sessions (what a return from Stripe's page was about) and the
 * books' credit notes.
 */
type Reads = MoneyReads & { payments: Pick<PaymentStore, 'checkoutSessionsOf'>; books: CreditNoteReads };

/**
 * The request's credit notes, oldest first: a refund's or a discount's, each on a page under the request's.
 * A refund's note is listed once the books have numbered it (they number at each read of the books: the
 * invoice, the desk's money, the month), so the page never posts the whole books itself.
 */
async function creditNotesOf(books: CreditNoteReads, reference: string, path: string) {
  const [refunds, discounts] = await Promise.all([books.refundsNumberedOf(reference), books.discountsOf(reference)]);
  const notes = [
    ...refunds.flatMap((refund) =>
      refund.creditNoteNumber !== null
        ? [{ number: refund.creditNoteNumber, what: 'Refund', amountCents: refund.amountCents, at: refund.at }]
        : [],
    ),
    ...discounts.map((discount) => ({
      number: discount.creditNoteNumber,
      what: 'Discount',
      amountCents: discount.amountCents,
      at: discount.at,
    })),
  ].sort((a, b) => a.number - b.number);
  return notes.map((note) => {
    const number = creditNoteNumberText(note.number);
    return {
      number,
      what: note.what,
      amount: formatMoney(note.amountCents),
      at: note.at.toISOString(),
      path: `${path}/credit-notes/${number}`,
    };
  });
}

function depositState(money: OrderMoney): CustomerPageMoney['depositState'] {
  if (money.depositCents === 0) return 'none';
  if (money.depositWaived && money.paidCents < money.depositCents) return 'waived';
  return money.depositDueCents > 0 ? 'due' : 'paid';
}

const figures = (money: OrderMoney, percent: number) => ({
  quoteVersion: money.quoteVersion,
  total: formatMoney(money.totalCents),
  deposit: formatMoney(money.depositCents),
  depositPercent: percent,
  paid: formatMoney(money.paidCents),
  balance: formatMoney(Math.max(0, money.balanceCents)),
  depositState: depositState(money),
  // A goodwill discount lowers what is owed; it is no payment, so it has its own line.
  ...(money.discountCents > 0 ? { discount: formatMoney(money.discountCents) } : {}),
});

/** What a row was, in words: "Deposit", "Balance", "Refund". */
function whatOf(payment: StoredPayment): string {
  return payment.kind === 'refund' ? 'Refund' : purposeLabels[payment.purpose];
}

/** Within this long of making a session, a page waiting for its payment looks again by itself. */
const LOOK_AGAIN_FOR_MS = 60 * 60_000;

/**
 * Back from Stripe's page for one of this request's sessions: only a payment Stripe's webhook recorded
 * for it says it is paid; coming back to this page proves nothing.
 */
function returnedState(
  session: { id: string; createdAt: Date },
  payments: readonly StoredPayment[],
  { now, path }: { now: Date; path: string },
): Pick<CustomerPageMoney, 'returned' | 'refresh'> {
  const recorded = payments.find((item) => item.kind === 'payment' && item.stripeSessionId === session.id);
  if (recorded) return { returned: recorded.state === 'succeeded' ? 'confirmed' : 'checking' };
  const lookAgain = now.getTime() - session.createdAt.getTime() < LOOK_AGAIN_FOR_MS;
  return {
    returned: 'confirming',
    ...(lookAgain ? { refresh: `${path}?paid=${encodeURIComponent(session.id)}` } : {}),
  };
}

/** The money section of the customer's page; undefined before a quote is approved. */
export async function customerMoneyView(
  reads: Reads,
  {
    reference,
    path,
    status,
    payOnline,
    terms,
    returned,
    now,
  }: {
    reference: string;
    path: string;
    status: RequestStatus;
    /** Stripe is set up: the page offers its payment page. */
    payOnline: boolean;
    terms: PaymentTerms;
    /** Back from Stripe's page: the session it was about, or "cancelled". */
    returned?: { session: string } | 'cancelled';
    now: Date;
  },
): Promise<CustomerPageMoney | undefined> {
  const [{ money, payments, quote }, sessions, creditNotes] = await Promise.all([
    moneyOf(reads, reference),
    returned && returned !== 'cancelled' ? reads.payments.checkoutSessionsOf(reference) : Promise.resolve([]),
    creditNotesOf(reads.books, reference, path),
  ]);
  if (!money || !quote) return undefined;
  const purpose =
    payableNow(status, money, 'deposit') > 0
      ? 'deposit'
      : payableNow(status, money, 'balance') > 0
        ? 'balance'
        : undefined;
  const returnedFrom =
    returned && returned !== 'cancelled' ? sessions.find((item) => item.id === returned.session) : undefined;
  const back =
    returned === 'cancelled'
      ? { returned: 'cancelled' as const }
      : returnedFrom
        ? returnedState(returnedFrom, payments, { now, path })
        : {};
  // No second payment page is offered while the first payment is on its way: the page says to wait.
  const confirming = back.returned === 'confirming';
  return {
    ...figures(money, quote.depositPercent),
    ...(purpose
      ? {
          due: {
            purpose,
            amount: formatMoney(payableNow(status, money, purpose)),
            ...(payOnline && !confirming ? { action: `${path}/pay/${purpose}` } : {}),
          },
        }
      : {}),
    offline: terms.offline,
    ...back,
    receipts: payments
      .filter((item) => item.state === 'succeeded')
      .map((item) => ({
        at: item.at.toISOString(),
        what: item.kind === 'refund' ? 'Refund' : `${whatOf(item)} · ${methodLabels[item.method]}`,
        amount: formatMoney(item.amountCents),
        refund: item.kind === 'refund',
      })),
    creditNotes,
    invoicePath: `${path}/invoice`,
  };
}

const flagWords: Record<NonNullable<StoredPayment['flag']>, string> = {
  'amount-mismatch': 'Not what the site asked: held, not counted as paid. Refund it, or settle it with the customer.',
  'request-cancelled': 'Paid on a cancelled request: refund what the terms give back.',
  'refund-failed': 'Stripe could not make this refund: see the Dashboard, or pay it back another way.',
  'entry-removed': 'A group member’s share, paid after their entry was removed: refund it.',
  'group-closed':
    'A group member’s share, paid after the group closed without their unpaid entry: refund it, or add their pieces with a new quote version.',
  'already-paid': 'A group member’s share paid a second time: held, not counted. Refund it.',
};

/** A row as the desk lists it; a card payment says what of it can still be refunded. */
function deskPayment(payment: StoredPayment, all: readonly StoredPayment[]): DeskPayment {
  const refunds = all.filter((item) => item.kind === 'refund' && item.refundOf === payment.id);
  const refunded = refunds.filter((item) => item.state !== 'failed').reduce((sum, item) => sum + item.amountCents, 0);
  const refundable =
    payment.kind === 'payment' &&
    payment.method === 'card' &&
    payment.stripePaymentIntent &&
    (payment.state === 'succeeded' || payment.state === 'held')
      ? payment.amountCents - refunded
      : 0;
  const who = payment.recordedBy.startsWith('staff:') ? payment.recordedBy.slice('staff:'.length) : 'Stripe';
  const stripe = [payment.stripePaymentIntent, payment.stripeRefundId].filter(Boolean).join(' · ');
  return {
    id: payment.id,
    kind: payment.kind,
    state: payment.state,
    what: whatOf(payment),
    method: methodLabels[payment.method],
    amount: formatMoney(payment.amountCents),
    at: payment.at.toISOString(),
    who,
    ...(payment.note ? { note: payment.note } : {}),
    ...(payment.flag ? { flag: flagWords[payment.flag] } : {}),
    ...(refundable > 0
      ? { refundable: moneyField(refundable), refundSeen: Math.max(0, ...refunds.map((item) => item.id)) }
      : {}),
    ...(stripe ? { stripe } : {}),
  };
}

/** The status a cancelled request was cancelled from, from its log. */
function cancelledFrom(events: readonly RequestEvent[]): RequestStatus | undefined {
  const from = events.findLast((event) => event.data.to === 'cancelled')?.data.from;
  return isStatusOf('quote', from) ? from : undefined;
}

/** The money card of the desk's request page; undefined before a quote is approved. */
export async function deskMoneyView(
  reads: MoneyReads,
  {
    reference,
    status,
    events,
    stripe,
    terms,
  }: {
    reference: string;
    status: RequestStatus;
    events: readonly RequestEvent[];
    stripe: boolean;
    terms: PaymentTerms;
  },
): Promise<DeskMoney | undefined> {
  const [{ money, payments, quote }, waiver] = await Promise.all([
    moneyOf(reads, reference),
    reads.payments.depositWaiverOf(reference),
  ]);
  if (!money || !quote) return undefined;
  const from = status === 'cancelled' ? cancelledFrom(events) : status;
  const cancel =
    money.paidCents > 0 && from && (status === 'cancelled' || !isFinal(status))
      ? {
          refund: formatMoney(cancelRefundOf(from, money.paidCents, terms)),
          paid: formatMoney(money.paidCents),
          text: terms.cancelText,
          cancelled: status === 'cancelled',
        }
      : undefined;
  return {
    ...figures(money, quote.depositPercent),
    balanceCents: money.balanceCents,
    depositDue: formatMoney(money.depositDueCents),
    ...(waiver
      ? {
          waiver: {
            by: waiver.by.startsWith('staff:') ? waiver.by.slice('staff:'.length) : waiver.by,
            at: waiver.at.toISOString(),
            reason: waiver.reason,
          },
        }
      : {}),
    canWaive: money.depositDueCents > 0 && ['approved', 'proof_sent', 'proof_approved'].includes(status),
    payments: payments.map((payment) => deskPayment(payment, payments)),
    stripe,
    ...(cancel ? { cancel } : {}),
    invoicePath: `/staff/requests/${reference}/invoice`,
  };
}
