import type { StoredPayment } from '#server/storage/contract/payments.ts';
import type { Storage } from '#server/storage/types.ts';
import type { CheckoutGateway } from './checkout.ts';

/** What is left of a card payment to refund: its amount less the refunds asked of it that did not fail. */
export function refundableCents(payments: readonly StoredPayment[], payment: StoredPayment): number {
  const refunded = payments
    .filter((item) => item.kind === 'refund' && item.refundOf === payment.id && item.state !== 'failed')
    .reduce((sum, item) => sum + item.amountCents, 0);
  return payment.amountCents - refunded;
}

/**
 * Asks Stripe to refund part or all of a card payment, and keeps the refund as pending with an activity
 * line (Stripe's event settles it and sends the receipt). The one refund path of the desk: the money
 * card's refund and a paid group entry's removal. Throws when Stripe refuses: nothing is recorded then.
 */
export async function askCardRefund(
  deps: { gateway: CheckoutGateway; storage: Storage },
  ask: {
    reference: string;
    payment: StoredPayment & { stripePaymentIntent: string };
    /** Every payment and refund of the request, to tell this refund from earlier ones of the payment. */
    payments: readonly StoredPayment[];
    amountCents: number;
    note: string;
    actor: `staff:${string}`;
  },
): Promise<{ id: string }> {
  const { reference, payment } = ask;
  const earlier = ask.payments.filter((item) => item.kind === 'refund' && item.refundOf === payment.id).length;
  const refund = await deps.gateway.createRefund(
    {
      paymentIntent: payment.stripePaymentIntent,
      amountCents: ask.amountCents,
      metadata: { reference, paymentId: String(payment.id) },
    },
    // A double click asks once; a second refund of the same payment is a new one.
    `seenwear-refund:${reference}:${payment.id}:${ask.amountCents}:${earlier}`,
  );
  await deps.storage.recordRefundAsked(
    reference,
    {
      id: refund.id,
      amountCents: refund.amountCents,
      currency: refund.currency,
      status: 'pending',
      paymentIntent: payment.stripePaymentIntent,
      paymentId: payment.id,
    },
    ask.actor,
    ask.note,
  );
  return { id: refund.id };
}
