import type { MoneyMovement, PaymentPurpose } from '#shared/payments/order-money.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { Actor } from './activity.ts';

/** An order's money (issue 26): payments, refunds, the Checkout Sessions made, the deposit waived. */

/** How money came in: a card on the site (Stripe Checkout), or by hand at the shop. */
export const offlineMethods = ['cash', 'check', 'card-in-shop', 'bank-transfer', 'purchase-order'] as const;
export type OfflineMethod = (typeof offlineMethods)[number];
export type PaymentMethod = 'card' | OfflineMethod;

/**
 * Why the desk should look at a row: money held over a mismatch, paid on a cancelled order, a refund Stripe
 * refused, or a member's share paid after their group entry was removed (its Checkout was still open).
 */
export type PaymentFlag =
  | 'amount-mismatch'
  | 'request-cancelled'
  | 'refund-failed'
  | 'entry-removed'
  // A member's share paid after their group closed without their unpaid entry: not in the order.
  | 'group-closed';

/** One movement of money on an order, as stored. */
export interface StoredPayment extends MoneyMovement {
  id: number;
  method: PaymentMethod;
  /** deposit, balance, or other (an amount the desk recorded without a purpose). */
  purpose: PaymentPurpose | 'other';
  currency: string;
  note: string;
  flag: PaymentFlag | null;
  /** A refund's payment. */
  refundOf: number | null;
  stripeSessionId: string | null;
  stripePaymentIntent: string | null;
  stripeRefundId: string | null;
  recordedBy: Actor;
  at: Date;
}

/** A Checkout Session made for a request. */
export interface StoredCheckoutSession {
  id: string;
  purpose: PaymentPurpose;
  quoteVersion: number;
  amountCents: number;
  currency: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  idempotencyKey: string;
  createdAt: Date;
  /** A group member's own share (issue 28): kept apart from the request's deposit and balance. */
  groupEntryId?: number | null;
}

/** A waived deposit: who, when, why. */
export interface DepositWaiver {
  by: Actor;
  at: Date;
  reason: string;
}

/** What a Checkout event is judged on, read under the request's lock. */
export interface CheckoutEventState {
  reference: string;
  status: RequestStatus;
  session: StoredCheckoutSession;
  /** A member's share whose group entry was removed before the money came. */
  entryRemoved?: boolean;
  /**
   * A member's share: what their entry asks now (the group's price per person times its count as stored
   * when the money comes), and whether their group still takes it (open, not yet closed without them).
   */
  share?: { amountCents: number; groupOpen: boolean };
}

/** What to do with a Checkout event (shared/payments/checkout-verdict.ts decides). */
export type CheckoutVerdict =
  | { record: 'payment'; state: 'succeeded' | 'held'; flag: PaymentFlag | null; amountCents: number; currency: string }
  | { record: 'failed' }
  | { record: 'nothing' };

/** A Stripe event as the storage keeps it: its id (for replays) and type. */
export interface StripeEventId {
  id: string;
  type: string;
}

/** What handling a Stripe event came to. */
export type StripeEventOutcome =
  | { outcome: 'replay' }
  | { outcome: 'unknown' }
  | { outcome: 'recorded'; reference: string; paymentId: number; flag: PaymentFlag | null }
  | { outcome: 'failed'; reference: string }
  | { outcome: 'ignored'; reference: string };

/** A refund as Stripe reports it in refund.* events and in the answer to creating one. */
export interface StripeRefundReport {
  id: string;
  amountCents: number;
  currency: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  paymentIntent: string | null;
  /** Our payment row the refund is of, from the metadata we set. */
  paymentId: number | null;
}

/** A payment the desk records by hand. */
export interface OfflinePayment {
  amountCents: number;
  method: OfflineMethod;
  purpose: PaymentPurpose | 'other';
  note: string;
  actor: `staff:${string}`;
}

export interface PaymentStorage {
  /** Every payment and refund of the request, oldest first. */
  paymentsOf(reference: string): Promise<StoredPayment[]>;
  /** The request's Checkout Sessions, oldest first. */
  checkoutSessionsOf(reference: string): Promise<StoredCheckoutSession[]>;
  /** The deposit waiver, when the shop gave one. */
  depositWaiverOf(reference: string): Promise<DepositWaiver | undefined>;
  /** Keeps a session just made; false when the request is gone. A session already kept (a double click) is left as it is. */
  saveCheckoutSession(reference: string, session: StoredCheckoutSession): Promise<boolean>;
  /** Notes that Stripe expired a session (or said it was no longer open). */
  markCheckoutSession(sessionId: string, status: StoredCheckoutSession['status']): Promise<void>;
  /**
   * Handles a Checkout Session event once: the event id is kept with what it recorded, in one
   * transaction, so a replay (or a retry after a crash) records nothing twice. `judge` decides on the
   * session as stored and the request's status, read under the request's lock. A recorded payment is
   * logged on the request and its receipt queued for the customer (when counted).
   */
  applyCheckoutEvent(
    event: StripeEventId,
    sessionId: string,
    stripe: { paymentIntent: string | null },
    judge: (state: CheckoutEventState) => CheckoutVerdict,
  ): Promise<StripeEventOutcome>;
  /**
   * A refund Stripe reports: stored once by its Stripe id, counted once it has succeeded (with the
   * customer's receipt), flagged when it failed. Unknown when it is of no payment here.
   */
  applyRefundEvent(event: StripeEventId, refund: StripeRefundReport): Promise<StripeEventOutcome>;
  /**
   * A refund the desk asked Stripe for, kept as pending until Stripe's event confirms it (the event may
   * come first: then this changes nothing). False when the payment is not one of the request's.
   */
  recordRefundAsked(
    reference: string,
    refund: StripeRefundReport & { paymentId: number },
    actor: `staff:${string}`,
    note: string,
  ): Promise<boolean>;
  /** A payment taken at the shop, logged with who recorded it and the customer's receipt queued. */
  recordOfflinePayment(reference: string, payment: OfflinePayment): Promise<number | undefined>;
  /** The shop waives the deposit with a reason, logged with who and when; false when the request is gone. */
  waiveDeposit(reference: string, waiver: { actor: `staff:${string}`; reason: string }): Promise<boolean>;
  /** Ignores an event id from now on without recording anything (an event for no session of ours). */
  noteStripeEvent(event: StripeEventId): Promise<'new' | 'replay'>;
}
