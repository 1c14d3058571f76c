import express, { Router } from 'express';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { createAlertTracker } from '#server/metrics/alert-tracker.ts';
import type { AppMetrics } from '#server/metrics/app-metrics.ts';
import type { CheckoutGateway } from './checkout.ts';
import { type CheckoutReport, judgeCheckout } from './checkout-verdict.ts';
import type { PaymentStore, StripeEventOutcome, StripeRefundReport } from './payment-store.ts';

/** Where Stripe posts its events (docs/payments.md: the address to give it in the Dashboard). */
const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** What a Checkout Session event reports, by its type; undefined for an event about no payment. */
function checkoutReport(event: Stripe.Event): { session: Stripe.Checkout.Session; report: CheckoutReport } | undefined {
  const result =
    event.type === 'checkout.session.completed'
      ? event.data.object.payment_status === 'paid'
        ? 'paid'
        : 'pending'
      : event.type === 'checkout.session.async_payment_succeeded'
        ? 'paid'
        : event.type === 'checkout.session.async_payment_failed'
          ? 'failed'
          : undefined;
  if (!result) return undefined;
  const session = event.data.object as Stripe.Checkout.Session;
  return { session, report: { result, amountTotal: session.amount_total, currency: session.currency } };
}

/** A completed Checkout Session another feature made (a team store's), as this webhook reads the event. */
export interface OtherSessionEvent {
  eventId: string;
  sessionId: string;
  mode: string;
  complete: boolean;
  paid: boolean;
  metadata: Readonly<Record<string, string>>;
}

/** What became of another feature's session: undefined when it is not theirs either. */
type OtherSessionOutcome = 'recorded' | 'already' | 'held' | 'pending';

type WebhookOptions = Parameters<typeof stripeWebhookRoutes>[0];

/**
 * Hands a checkout event to the feature that made its session, before the payments' own records are
 * asked: true when it was theirs (and answered). Their records move by one conditional change per order,
 * so a replay changes nothing without this webhook keeping the event's id; an error (Stripe not answering
 * the feature's read) is a 500 that Stripe sends again later.
 */
async function settledElsewhere(
  options: WebhookOptions,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  report: CheckoutReport,
  res: express.Response,
): Promise<boolean> {
  if (!options.otherSessions) return false;
  const outcome = await options.otherSessions({
    eventId: event.id,
    sessionId: session.id,
    mode: session.mode ?? '',
    complete: session.status === 'complete',
    paid: report.result === 'paid',
    metadata: session.metadata ?? {},
  });
  if (!outcome) return false;
  options.metrics.stripeWebhooks.inc({ outcome: `store_${outcome}` });
  res.json({ received: true, outcome });
  return true;
}

/** A refund event's refund, as the payment store keeps it; the payment row is the metadata the desk set. */
function refundReport(refund: Stripe.Refund): StripeRefundReport {
  const paymentId = Number(refund.metadata?.paymentId);
  const rowId = Number(refund.metadata?.refundRow);
  return {
    id: refund.id,
    amountCents: refund.amount,
    currency: refund.currency,
    status: (refund.status ?? 'pending') as StripeRefundReport['status'],
    paymentIntent: idOf(refund.payment_intent),
    paymentId: Number.isSafeInteger(paymentId) && paymentId > 0 ? paymentId : null,
    rowId: Number.isSafeInteger(rowId) && rowId > 0 ? rowId : null,
  };
}

/**
 * POST /webhooks/stripe: the only way money is marked paid or refunded. The body is read raw, as the
 * signature covers its exact bytes, so the app's CSRF gate lets this one path through unparsed
 * (server/http/csrf-gate.ts); the Stripe-Signature check over those bytes, with Stripe's five-minute
 * tolerance, is what stands in for the token. Each event is handled once by its id.
 */
export function stripeWebhookRoutes(options: {
  gateway: CheckoutGateway;
  payments: Pick<PaymentStore, 'applyCheckoutEvent' | 'applyRefundEvent' | 'noteStripeEvent' | 'markCheckoutSession'>;
  logger: Logger;
  metrics: AppMetrics;
  /** The size upcharges of a request's garment (by the name its form gave), to check a member's share. */
  upchargesOf: (garment: string) => Readonly<Record<string, number>>;
  onQueued?: () => void;
  /**
   * Asks Stripe for the fees of card money just recorded. Run once the event is answered: the money is
   * recorded whatever Stripe says to this, and a fee not given now is asked for again later.
   */
  settleFees?: () => Promise<unknown>;
  /**
   * The sessions another feature made (a team store's card saved or pay link paid), handed in by the app:
   * each settles its own from the event and answers undefined for a session it did not make.
   */
  otherSessions?: (event: OtherSessionEvent) => Promise<OtherSessionOutcome | undefined>;
}): Router {
  const router = Router();
  const alerts = createAlertTracker({ logger: options.logger });
  const count = (outcome: string) => options.metrics.stripeWebhooks.inc({ outcome });

  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const signature = req.get('stripe-signature') ?? '';
    let event: Stripe.Event;
    try {
      event = options.gateway.verifyEvent(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), signature);
    } catch (error) {
      count('bad_signature');
      // Stripe retries a refused event for days: a wrong STRIPE_WEBHOOK_SECRET loses no payment, but
      // nothing is recorded until it is fixed, so a person must hear of it.
      alerts.raise({
        alert: 'stripe_signature',
        command: 'check STRIPE_WEBHOOK_SECRET against the endpoint in the Stripe Dashboard (Developers → Webhooks)',
        message: 'Stripe webhook refused: its signature does not check out (wrong secret, an old event, or a forgery)',
        details: { reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
      });
      return res.status(400).json({ error: 'The Stripe-Signature header does not match this body.' });
    }
    alerts.clear('stripe_signature');
    // Signed, but nothing to read: Stripe never sends such an event, so it is refused (and its id not
    // kept) rather than crashing on it; a 4xx has Stripe try again, in case it was mangled on the way.
    const object: unknown = (event.data as { object?: unknown } | undefined)?.object;
    const readsId = event.type.startsWith('checkout.session.') || event.type.startsWith('refund.');
    if (
      typeof object !== 'object' ||
      object === null ||
      (readsId && typeof (object as { id?: unknown }).id !== 'string')
    ) {
      count('bad_event');
      req.log.warn(
        { eventId: event.id, type: event.type, reason: 'stripe_no_object' },
        'Stripe event without an object',
      );
      return res.status(400).json({ error: 'The event has no object with an id to read.' });
    }

    let outcome: StripeEventOutcome;
    const checkout = checkoutReport(event);
    if (checkout && (await settledElsewhere(options, event, checkout.session, checkout.report, res))) return;
    if (checkout) {
      outcome = await options.payments.applyCheckoutEvent(
        { id: event.id, type: event.type },
        checkout.session.id,
        { paymentIntent: idOf(checkout.session.payment_intent) },
        (state) => judgeCheckout(checkout.report, state, options.upchargesOf),
      );
    } else if (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed') {
      outcome = await options.payments.applyRefundEvent(
        { id: event.id, type: event.type },
        refundReport(event.data.object),
      );
    } else {
      const seen = await options.payments.noteStripeEvent({ id: event.id, type: event.type });
      if (seen === 'new' && event.type === 'checkout.session.expired') {
        await options.payments.markCheckoutSession(event.data.object.id, 'expired');
      }
      outcome = seen === 'replay' ? { outcome: 'replay' } : { outcome: 'ignored', reference: '' };
    }

    count(outcome.outcome);
    if (outcome.outcome === 'unknown') {
      // 200 all the same: Stripe would retry an error for days, and no retry makes the session ours.
      req.log.warn(
        { eventId: event.id, type: event.type, reason: 'stripe_unknown' },
        'Stripe event for nothing this site made',
      );
    } else if (outcome.outcome === 'recorded') {
      req.log.info(
        {
          eventId: event.id,
          type: event.type,
          reference: outcome.reference,
          payment: outcome.paymentId,
          flag: outcome.flag,
          ...(outcome.waitingRefunds ? { waitingRefunds: outcome.waitingRefunds } : {}),
        },
        outcome.flag ? 'Stripe money recorded and flagged for the desk' : 'Stripe money recorded',
      );
      options.onQueued?.();
    } else if (outcome.outcome === 'waiting') {
      // 200: the refund is kept, and recorded when its payment's event comes (events come in any order).
      // Answering an error instead would have Stripe retry for days a refund of a payment that is not
      // this site's at all (every refund on the account is sent here), and a Stripe account whose
      // endpoint keeps failing gets it disabled, payments included.
      req.log.warn(
        {
          eventId: event.id,
          type: event.type,
          refund: (object as { id?: unknown }).id,
          reason: 'stripe_refund_waiting',
        },
        'Stripe refund for a payment not recorded yet: kept until the payment comes',
      );
    } else if (outcome.outcome === 'failed') {
      req.log.info({ eventId: event.id, type: event.type, reference: outcome.reference }, 'Stripe payment failed');
    }
    res.json({ received: true, outcome: outcome.outcome });
    if (outcome.outcome === 'recorded' && options.settleFees) {
      options
        .settleFees()
        .catch((error: unknown) =>
          options.logger.warn(
            { reason: 'stripe_fee_unanswered', err: error instanceof Error ? error.message : String(error) },
            'Stripe fees not read after a payment: asked again on the next read of the books',
          ),
        );
    }
  });
  return router;
}
