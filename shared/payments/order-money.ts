/**
 * An order's money, worked out one way for the customer's page, the desk, the invoice, the mails and the
 * request service: the approved quote's total and the deposit it asks (the quote's own frozen percent,
 * through depositOf), what has been paid less what was refunded, and what is left. Whole cents throughout;
 * nothing here reads a form.
 */
import type { PaymentTerms } from '#shared/pricing/order-terms.ts';
import { depositOf } from '#shared/requests/quote.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';

/**
 * What a payment on the site is for: the deposit before production, the balance once ready, or one group
 * member's share paid when joining, which counts toward the order like any payment.
 */
export type PaymentPurpose = 'deposit' | 'balance' | 'group-share';
/** What the customer pays from their own request page; a member's share is paid from the group's pages. */
export const paymentPurposes: readonly PaymentPurpose[] = ['deposit', 'balance'];

/** One stored movement of money, as the sums need it. */
export interface MoneyMovement {
  kind: 'payment' | 'refund';
  /** Only `succeeded` counts: a refund waiting for Stripe, a failed one, money held over a mismatch do not. */
  state: 'succeeded' | 'pending' | 'failed' | 'held';
  amountCents: number;
  /** The row's id, and for a refund the payment it gives back: a refund counts only against a counted payment. */
  id?: number;
  refundOf?: number | null;
}

/** The quote the customer approved last: its version, total and deposit percent. */
export interface ApprovedQuote {
  version: number;
  totalCents: number;
  depositPercent: number;
}

/** The order's money at a glance. */
export interface OrderMoney {
  quoteVersion: number;
  totalCents: number;
  /** What the approved quote asks before production. */
  depositCents: number;
  /** Payments less refunds of them, both confirmed. */
  paidCents: number;
  /** Goodwill discounts given: what is owed is lowered by them; no money moved. */
  discountCents: number;
  /** Total less discounts less paid; negative when more was paid than the order costs. */
  balanceCents: number;
  /** What of the deposit is still to pay (0 once paid or waived). */
  depositDueCents: number;
  depositWaived: boolean;
}

/**
 * Confirmed payments less confirmed refunds of them. A refund of money that was never counted (held
 * over a mismatch) gives that money back, not any of what was paid, so it takes nothing off.
 */
function paidOf(movements: readonly MoneyMovement[]): number {
  const uncounted = new Set(
    movements.flatMap((item) =>
      item.kind === 'payment' && item.state !== 'succeeded' && item.id !== undefined ? [item.id] : [],
    ),
  );
  return movements.reduce((sum, item) => {
    if (item.state !== 'succeeded') return sum;
    if (item.kind === 'payment') return sum + item.amountCents;
    return item.refundOf !== undefined && item.refundOf !== null && uncounted.has(item.refundOf)
      ? sum
      : sum - item.amountCents;
  }, 0);
}

/**
 * The order's money once a quote is approved; undefined before. A revised quote approved after a
 * deposit keeps what was paid: only the total and the deposit asked follow the new version.
 */
export function orderMoney(
  quote: ApprovedQuote | undefined,
  movements: readonly MoneyMovement[],
  depositWaived: boolean,
  discountCents = 0,
): OrderMoney | undefined {
  if (!quote) return undefined;
  const depositCents = depositOf(quote.totalCents, quote.depositPercent);
  const paidCents = paidOf(movements);
  return {
    quoteVersion: quote.version,
    totalCents: quote.totalCents,
    depositCents,
    paidCents,
    discountCents,
    balanceCents: quote.totalCents - discountCents - paidCents,
    depositDueCents: depositWaived ? 0 : Math.max(0, depositCents - paidCents),
    depositWaived,
  };
}

/** Where the deposit is asked: the quote approved, production not started. */
const depositStatuses: ReadonlySet<RequestStatus> = new Set(['approved', 'proof_sent', 'proof_approved']);

/**
 * What the customer may pay on the site now for `purpose`, in cents; 0 when nothing. The deposit (what
 * is left of it) between approval and production; the balance once the order is ready.
 */
export function payableNow(status: RequestStatus, money: OrderMoney | undefined, purpose: PaymentPurpose): number {
  if (!money || purpose === 'group-share') return 0;
  if (purpose === 'deposit') return depositStatuses.has(status) ? money.depositDueCents : 0;
  return status === 'ready' ? Math.max(0, money.balanceCents) : 0;
}

/**
 * Production waits for the deposit: a request moves to In production from an approved quote or proof
 * only once what the deposit asks is paid, or the shop waived it (with a reason, logged).
 */
export function waitsForDeposit(
  from: RequestStatus,
  to: RequestStatus,
  money: Pick<OrderMoney, 'depositDueCents'> | undefined,
): boolean {
  return to === 'in_production' && depositStatuses.has(from) && (money?.depositDueCents ?? 0) > 0;
}

/** Statuses past the start of production: the garments are bought and printed. */
const producing: ReadonlySet<RequestStatus> = new Set(['in_production', 'ready', 'completed']);

/**
 * What the terms refund on a cancel from `from`, in cents: their percent of what was paid, rounded down
 * to the cent (the shop never promises a cent more than its terms).
 */
export function cancelRefundOf(from: RequestStatus, paidCents: number, terms: PaymentTerms): number {
  if (paidCents <= 0) return 0;
  const percent = producing.has(from)
    ? terms.cancelRefundPercent.inProduction
    : terms.cancelRefundPercent.beforeProduction;
  return Math.floor((paidCents * percent) / 100);
}
