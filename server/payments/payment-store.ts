import type { Actor } from '#server/storage/activity.ts';
import type { MoneyMovement, PaymentPurpose } from '#shared/payments/order-money.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';

/** An order's money: payments, refunds, the Checkout Sessions made, the deposit waived. */

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
  | 'group-closed'
  // A member's share paid again (two sessions of one entry, both paid): held, the entry is paid once.
  | 'already-paid';

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
  /** A check's number as the desk typed it; absent or empty for other money. */
  checkNumber?: string;
  /** The invoice (its number) the desk took the payment against; absent: the request's newest. */
  invoiceNumber?: number | null;
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
  /** A group member's own share: kept apart from the request's deposit and balance. */
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
   * A member's share: their entry as stored when the money comes (the group's price per person, their
   * size and count, and the request's garment, whose size upcharges price it), and whether their group
   * still takes it (open, not yet closed without them).
   */
  share?: {
    priceCents: number | null;
    size: string;
    quantity: number;
    garment: string;
    groupOpen: boolean;
    alreadyPaid: boolean;
  };
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
  | {
      outcome: 'recorded';
      reference: string;
      paymentId: number;
      flag: PaymentFlag | null;
      /** Refunds Stripe reported before this payment, recorded with it. */
      waitingRefunds?: number;
    }
  /** A refund of a payment not recorded yet: kept, and recorded when the payment's event comes. */
  | { outcome: 'waiting' }
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
  /** The refund row the desk reserved before asking Stripe, from the metadata we set; null when not ours. */
  rowId?: number | null;
}

/**
 * A refund the desk may ask of Stripe now, held as a pending row so that no other ask can count the
 * same money; or why not: no such card payment, more than is left of it, or the same amount already
 * being asked by the same person (a double click).
 */
/** A refund the desk asks for. */
export interface RefundAsk {
  paymentId: number;
  amountCents: number;
  actor: `staff:${string}`;
  note: string;
  /** The newest refund of the payment the asking page showed (its refund form's `seen`), when known. */
  seen?: number;
}

export type RefundReservation = { ok: true; id: number } | { ok: false; reason: RefundRefusal; leftCents: number };

/**
 * Why a refund was not reserved: no such card payment, more than is left, the same ask again (a second
 * press of the same form, or the same amount while the first is still with Stripe), or a page that did
 * not yet show a refund someone asked since.
 */
export type RefundRefusal = 'no-payment' | 'too-much' | 'repeated' | 'stale';

/** A payment the desk records by hand. */
export interface OfflinePayment {
  amountCents: number;
  method: OfflineMethod;
  purpose: PaymentPurpose | 'other';
  note: string;
  actor: `staff:${string}`;
  /** A check's number, when it was paid by check. */
  checkNumber?: string;
  /** The invoice it pays, by its number; absent: the request's newest when the books post it. */
  invoiceNumber?: number;
  /**
   * The newest payment row (its id, 0 for none) the amount was checked against: a payment or refund
   * recorded since makes the check stale, and nothing is stored.
   */
  seenPayment?: number;
}

export interface PaymentStore {
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
   * customer's receipt), flagged when it failed. One of a payment not recorded yet is kept waiting for
   * it (Stripe does not send events in order); unknown when it names no payment at all.
   */
  applyRefundEvent(event: StripeEventId, refund: StripeRefundReport): Promise<StripeEventOutcome>;
  /**
   * Checks what is left of a card payment and holds `amountCents` of it as a pending refund, in one
   * transaction under the payment row's lock, before Stripe is asked: two refunds asked at once cannot
   * both count the same money.
   */
  reserveRefund(reference: string, ask: RefundAsk): Promise<RefundReservation>;
  /**
   * Stripe took the reserved refund: the row gets Stripe's id (unless its event came first and did so)
   * and the request's log a line with who asked. It stays pending until Stripe's event confirms it.
   */
  confirmRefundAsked(reservationId: number, refund: StripeRefundReport): Promise<void>;
  /** Stripe refused the reserved refund: the reservation goes, and nothing was refunded. */
  releaseRefund(reservationId: number): Promise<void>;
  /**
   * A payment taken at the shop, logged with who recorded it and the customer's receipt queued: its row's
   * id; undefined for no such request; 'stale' when money moved since the `seenPayment` it was checked against.
   */
  recordOfflinePayment(reference: string, payment: OfflinePayment): Promise<number | undefined | 'stale'>;
  /** The shop waives the deposit with a reason, logged with who and when; false when the request is gone. */
  waiveDeposit(reference: string, waiver: { actor: `staff:${string}`; reason: string }): Promise<boolean>;
  /**
   * The random part of every idempotency key this database sends Stripe, so two databases on one Stripe
   * account (a staging copy, a restore) never send the same key for the same reference.
   */
  checkoutKeySalt(): Promise<string>;
  /** A new salt: a restored database hands out the backup's later references again. */
  renewCheckoutKeySalt(): Promise<void>;
  /** Ignores an event id from now on without recording anything (an event for no session of ours). */
  noteStripeEvent(event: StripeEventId): Promise<'new' | 'replay'>;
}
