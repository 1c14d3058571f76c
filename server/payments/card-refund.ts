import type { CheckoutGateway } from './checkout.ts';
import type { PaymentStore, RefundRefusal, StoredPayment } from './payment-store.ts';

/** What is left of a card payment to refund: its amount less the refunds asked of it that did not fail. */
export function refundableCents(payments: readonly StoredPayment[], payment: StoredPayment): number {
  const refunded = payments
    .filter((item) => item.kind === 'refund' && item.refundOf === payment.id && item.state !== 'failed')
    .reduce((sum, item) => sum + item.amountCents, 0);
  return payment.amountCents - refunded;
}

/** The payment store would not hold the refund: nothing was asked of Stripe. */
export class RefundNotReserved extends Error {
  readonly reason: RefundRefusal;
  readonly leftCents: number;
  constructor(reason: RefundRefusal, leftCents: number) {
    super(
      {
        repeated: 'the same refund was asked of Stripe already',
        stale: 'another refund of the payment was asked since the page was loaded',
        'too-much': `more than is left of the payment to refund (${leftCents} cents)`,
        'no-payment': 'no such card payment on this request',
      }[reason],
    );
    this.name = 'RefundNotReserved';
    this.reason = reason;
    this.leftCents = leftCents;
  }
}

/**
 * Asks Stripe to refund part or all of a card payment, and keeps the refund as pending with an activity
 * line (Stripe's event settles it and sends the receipt). The one refund path of the desk: the money
 * card's refund and a paid group entry's removal. The amount is first held in the database under the
 * payment's lock, so two asks at once cannot both spend what is left; it is let go when Stripe refuses.
 * Throws RefundNotReserved when it does not fit, and Stripe's error when Stripe refuses: nothing is
 * recorded then.
 */
export async function askCardRefund(
  deps: {
    gateway: CheckoutGateway;
    payments: Pick<PaymentStore, 'reserveRefund' | 'checkoutKeySalt' | 'releaseRefund' | 'confirmRefundAsked'>;
  },
  ask: {
    reference: string;
    payment: StoredPayment & { stripePaymentIntent: string };
    /** Every payment and refund of the request as the page read them (what is left is read again, locked). */
    payments: readonly StoredPayment[];
    amountCents: number;
    note: string;
    actor: `staff:${string}`;
    /** The newest refund of the payment the asking page showed, when its form said. */
    seen?: number;
  },
): Promise<{ id: string }> {
  const { reference, payment } = ask;
  const reserved = await deps.payments.reserveRefund(reference, {
    paymentId: payment.id,
    amountCents: ask.amountCents,
    actor: ask.actor,
    note: ask.note,
    ...(ask.seen === undefined ? {} : { seen: ask.seen }),
  });
  if (!reserved.ok) throw new RefundNotReserved(reserved.reason, reserved.leftCents);
  let refund: Awaited<ReturnType<CheckoutGateway['createRefund']>>;
  try {
    const salt = await deps.payments.checkoutKeySalt();
    refund = await deps.gateway.createRefund(
      {
        paymentIntent: payment.stripePaymentIntent,
        amountCents: ask.amountCents,
        // The reserved row, so Stripe's event finds it even when it comes before Stripe's answer.
        metadata: { reference, paymentId: String(payment.id), refundRow: String(reserved.id) },
      },
      // One key per reserved refund (the stripe package's own retries reuse it), this database's salt
      // first so another database's refund row of the same number is another key.
      `seenwear-refund:${salt}:${reference}:${reserved.id}`,
    );
  } catch (error) {
    await deps.payments.releaseRefund(reserved.id);
    throw error;
  }
  await deps.payments.confirmRefundAsked(reserved.id, {
    id: refund.id,
    amountCents: refund.amountCents,
    currency: refund.currency,
    status: 'pending',
    paymentIntent: payment.stripePaymentIntent,
    paymentId: payment.id,
  });
  return { id: refund.id };
}
