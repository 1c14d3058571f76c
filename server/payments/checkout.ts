import Stripe from 'stripe';
import type { StripeConfig } from '#server/config.ts';
import type { PaymentPurpose } from '#shared/payments/order-money.ts';
import type { PaymentStore, StoredCheckoutSession } from './payment-store.ts';

/**
 * Stripe Checkout, in one place: everything the site asks of Stripe goes through here, so another feature
 * that takes money (a group order's share) calls `startCheckout` with its purpose, amount and metadata and
 * gets the same rules: the amount comes from the server, one session per request, version, purpose and amount
 * (and group entry) however often it is asked for, an old one expired first.
 */

/** The currency every order is priced in (shared/money.ts formats en-US as USD). */
const CURRENCY = 'usd';
/** Stripe keeps a Checkout Session open 24 hours: one made longer ago than this is made again. */
const REUSE_FOR_MS = 23 * 60 * 60_000;

/** What the site asks Stripe for: the few calls it makes, so the tests' stand-in answers the same shapes. */
export interface CheckoutGateway {
  createSession(
    ask: {
      amountCents: number;
      description: string;
      customerEmail: string;
      successUrl: string;
      cancelUrl: string;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<{ id: string; url: string; status: StoredCheckoutSession['status'] }>;
  retrieveSession(id: string): Promise<{ id: string; status: StoredCheckoutSession['status'] }>;
  expireSession(id: string): Promise<void>;
  createRefund(
    ask: { paymentIntent: string; amountCents: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string; status: string; amountCents: number; currency: string }>;
  /** The event in a webhook's raw body, once its Stripe-Signature checks out; throws otherwise. */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event;
}

const sessionStatus = (status: Stripe.Checkout.Session.Status | null): StoredCheckoutSession['status'] =>
  status === 'complete' ? 'complete' : status === 'expired' ? 'expired' : 'open';

/** The gateway over the official `stripe` package, pointed at STRIPE_API_BASE when set. */
export function stripeGateway(config: StripeConfig): CheckoutGateway {
  const stripe = new Stripe(config.secretKey, {
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
    // The customer waits on the answer: a slow Stripe is reported rather than waited on for 80 s.
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  return {
    async createSession(ask, idempotencyKey) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: CURRENCY, unit_amount: ask.amountCents, product_data: { name: ask.description } },
            },
          ],
          customer_email: ask.customerEmail,
          success_url: ask.successUrl,
          cancel_url: ask.cancelUrl,
          metadata: ask.metadata,
          payment_intent_data: { metadata: ask.metadata, description: ask.description },
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a page address`);
      return { id: session.id, url: session.url, status: sessionStatus(session.status) };
    },
    async retrieveSession(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      return { id: session.id, status: sessionStatus(session.status) };
    },
    async expireSession(id) {
      await stripe.checkout.sessions.expire(id);
    },
    async createRefund(ask, idempotencyKey) {
      const refund = await stripe.refunds.create(
        { payment_intent: ask.paymentIntent, amount: ask.amountCents, metadata: ask.metadata },
        { idempotencyKey },
      );
      return {
        id: refund.id,
        status: refund.status ?? 'pending',
        amountCents: refund.amount,
        currency: refund.currency,
      };
    },
    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    },
  };
}

/** What a feature asks to be paid. */
export interface CheckoutAsk {
  reference: string;
  purpose: PaymentPurpose;
  /** The quote version the amount comes from (0 when none). */
  quoteVersion: number;
  /** Worked out on the server from what is stored, never read from a form. */
  amountCents: number;
  /** What the customer sees on Stripe's page: "Deposit for order Q-2026-000123". */
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** More for the webhook and the Dashboard; the reference, purpose and version are always added. */
  metadata?: Record<string, string>;
  /** A group member's share: their sessions are theirs alone, never the request's own. */
  groupEntryId?: number;
}

/**
 * A Checkout Session's address for `ask`: the one made before when it is still open and asks the same,
 * else a new one (any other open session of this request and purpose expired first, so an old amount
 * cannot be paid as well). The idempotency key is this database's salt, the request, version, purpose,
 * amount and how many such sessions came before: a double click, or two instances at once, get the same
 * session.
 */
export async function startCheckout(
  deps: {
    gateway: CheckoutGateway;
    payments: Pick<
      PaymentStore,
      'checkoutSessionsOf' | 'saveCheckoutSession' | 'markCheckoutSession' | 'checkoutKeySalt'
    >;
    now: () => Date;
  },
  ask: CheckoutAsk,
): Promise<string> {
  const entry = ask.groupEntryId ?? null;
  const sessions = (await deps.payments.checkoutSessionsOf(ask.reference)).filter(
    (item) => item.purpose === ask.purpose && (item.groupEntryId ?? null) === entry,
  );
  const same = (item: StoredCheckoutSession) =>
    item.quoteVersion === ask.quoteVersion && item.amountCents === ask.amountCents && item.currency === CURRENCY;
  for (const session of sessions) {
    if (session.status !== 'open') continue;
    if (same(session) && deps.now().getTime() - session.createdAt.getTime() < REUSE_FOR_MS) {
      const current = await deps.gateway.retrieveSession(session.id);
      if (current.status === 'open') return session.url;
      // Paid, its webhook on the way: back to the page that says so, never to a second payment. Only
      // the webhook records it (and marks the session complete).
      if (current.status === 'complete') return ask.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);
      await deps.payments.markCheckoutSession(session.id, current.status);
    } else {
      await deps.gateway.expireSession(session.id).catch(() => undefined);
      await deps.payments.markCheckoutSession(session.id, 'expired');
    }
  }
  const tries = sessions.filter(same).length;
  const owner = entry === null ? '' : `:e${entry}`;
  // The database's own salt first: references restart in another database (a staging copy on the same
  // Stripe account, a restore), and Stripe refuses a key it saw with other parameters for a day.
  const salt = await deps.payments.checkoutKeySalt();
  const idempotencyKey = `seenwear:${salt}:${ask.reference}:v${ask.quoteVersion}:${ask.purpose}${owner}:${ask.amountCents}:${tries}`;
  const metadata = {
    ...ask.metadata,
    ...(entry === null ? {} : { groupEntry: String(entry) }),
    reference: ask.reference,
    purpose: ask.purpose,
    quoteVersion: String(ask.quoteVersion),
  };
  const created = await deps.gateway.createSession(
    {
      amountCents: ask.amountCents,
      description: ask.description,
      customerEmail: ask.customerEmail,
      successUrl: ask.successUrl,
      cancelUrl: ask.cancelUrl,
      metadata,
    },
    idempotencyKey,
  );
  await deps.payments.saveCheckoutSession(ask.reference, {
    id: created.id,
    purpose: ask.purpose,
    quoteVersion: ask.quoteVersion,
    amountCents: ask.amountCents,
    currency: CURRENCY,
    url: created.url,
    status: created.status,
    idempotencyKey,
    createdAt: deps.now(),
    groupEntryId: entry,
  });
  return created.url;
}

/**
 * Checkout as another feature takes money through it (a group member's share): sessions started by
 * `startCheckout`'s rules, and one looked up or expired with Stripe. The app hands it to that feature.
 */
export function checkoutFor(deps: Parameters<typeof startCheckout>[0]) {
  return {
    start: (ask: CheckoutAsk) => startCheckout(deps, ask),
    expireSession: (id: string) => deps.gateway.expireSession(id),
    retrieveSession: (id: string) => deps.gateway.retrieveSession(id),
  };
}
