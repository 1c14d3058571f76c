import Stripe from 'stripe';
import type { StripeConfig } from '#server/config.ts';
import { chargeFigures } from './stripe-balance.ts';

/**
 * The saved-card calls a team store makes, over the official `stripe` package: a customer, Checkout in
 * setup mode (the card kept with the buyer's consent, nothing charged), the off-session charge at the
 * store's close, the card released when the store missed its minimum, and Checkout in payment mode for
 * a buyer whose card was refused. The shape returned is the stores' own (server/stores/store-cards.ts):
 * the app hands this in, so that feature never imports this one. Each call is a function of the Stripe
 * client below; `savedCards` only makes the client and binds them to it.
 */

const CURRENCY = 'usd';

type CustomerAsk = { name: string; email: string; metadata: Record<string, string> };
type SetupAsk = { customer: string; successUrl: string; cancelUrl: string; metadata: Record<string, string> };
type ChargeAsk = {
  customer: string;
  paymentMethod: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
};
type PaymentAsk = {
  amountCents: number;
  description: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
};

/** Stripe's fee on a PaymentIntent's charge, from its balance transaction when expanded; null when not told. */
const feeOf = (intent: Stripe.PaymentIntent | string | null): number | null => chargeFigures(intent)?.feeCents ?? null;

/** A customer-facing decline: Stripe answered, and asking again with the same card will not help. */
const isCardError = (error: unknown): error is Stripe.errors.StripeCardError =>
  error instanceof Stripe.errors.StripeCardError;

/** A customer for the buyer, whom the saved card belongs to. */
async function createCustomer(stripe: Stripe, ask: CustomerAsk, key: string) {
  const customer = await stripe.customers.create(
    { name: ask.name, email: ask.email, metadata: ask.metadata },
    { idempotencyKey: key },
  );
  return customer.id;
}

/** Checkout in setup mode: the buyer's card kept with their consent, nothing charged. */
async function startSetup(stripe: Stripe, ask: SetupAsk, key: string) {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'setup',
      currency: CURRENCY,
      customer: ask.customer,
      success_url: ask.successUrl,
      cancel_url: ask.cancelUrl,
      metadata: ask.metadata,
      setup_intent_data: { metadata: ask.metadata },
    },
    { idempotencyKey: key },
  );
  if (!session.url) throw new Error(`Stripe answered session ${session.id} without a page address`);
  return { id: session.id, url: session.url };
}

/** A setup session's state, and the card it kept once complete. */
async function setupOutcome(stripe: Stripe, sessionId: string) {
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] });
  const intent = session.setup_intent;
  const method = typeof intent === 'object' && intent ? intent.payment_method : null;
  return {
    status:
      session.status === 'complete'
        ? ('complete' as const)
        : session.status === 'expired'
          ? ('expired' as const)
          : ('open' as const),
    paymentMethod: typeof method === 'string' ? method : (method?.id ?? null),
  };
}

/** The off-session charge at the store's close: a decline is final, an unreachable Stripe is tried again later. */
async function chargeSaved(stripe: Stripe, ask: ChargeAsk, key: string) {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: ask.amountCents,
        currency: CURRENCY,
        customer: ask.customer,
        payment_method: ask.paymentMethod,
        off_session: true,
        confirm: true,
        description: ask.description,
        metadata: ask.metadata,
        // The fee as Stripe reports it, for the store's statement.
        expand: ['latest_charge.balance_transaction'],
      },
      { idempotencyKey: key },
    );
    if (intent.status === 'succeeded') return { ok: true as const, paymentIntent: intent.id, feeCents: feeOf(intent) };
    return {
      ok: false as const,
      code: intent.status,
      message: `The charge ended as ${intent.status}`,
      paymentIntent: intent.id,
      final: true,
    };
  } catch (error) {
    if (isCardError(error)) {
      const intent = error.payment_intent;
      return {
        ok: false as const,
        code: error.code ?? 'card_declined',
        message: error.message,
        paymentIntent: intent?.id ?? null,
        final: true,
      };
    }
    return {
      ok: false as const,
      code: 'unreachable',
      message: error instanceof Error ? error.message : String(error),
      paymentIntent: null,
      final: false,
    };
  }
}

/** The saved card let go (detached from its customer): a store that missed its minimum keeps no card. */
async function release(stripe: Stripe, paymentMethod: string) {
  await stripe.paymentMethods.detach(paymentMethod);
}

/** Checkout in payment mode, for a buyer whose card was refused or a store that charges as it sells. */
async function startPayment(stripe: Stripe, ask: PaymentAsk, key: string) {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: CURRENCY, unit_amount: ask.amountCents, product_data: { name: ask.description } },
        },
      ],
      customer_email: ask.email,
      success_url: ask.successUrl,
      cancel_url: ask.cancelUrl,
      metadata: ask.metadata,
      payment_intent_data: { metadata: ask.metadata, description: ask.description },
    },
    { idempotencyKey: key },
  );
  if (!session.url) throw new Error(`Stripe answered session ${session.id} without a page address`);
  return { id: session.id, url: session.url };
}

/** A payment session's state: paid or not, its payment intent, amount and Stripe's fee. */
async function paymentOutcome(stripe: Stripe, sessionId: string) {
  const session = await stripe.checkout.sessions.retrieve(sessionId, {
    expand: ['payment_intent.latest_charge.balance_transaction'],
  });
  const intent = session.payment_intent;
  return {
    paid: session.payment_status === 'paid',
    paymentIntent: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountCents: session.amount_total ?? 0,
    feeCents: feeOf(intent),
  };
}

/** The stores' Stripe calls on one client: its timeouts and retries, and the database's salt for idempotency keys. */
export function savedCards(config: StripeConfig, keySalt: () => Promise<string>) {
  const stripe = new Stripe(config.secretKey, {
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  return {
    keySalt,
    createCustomer: (ask: CustomerAsk, key: string) => createCustomer(stripe, ask, key),
    startSetup: (ask: SetupAsk, key: string) => startSetup(stripe, ask, key),
    setupOutcome: (sessionId: string) => setupOutcome(stripe, sessionId),
    chargeSaved: (ask: ChargeAsk, key: string) => chargeSaved(stripe, ask, key),
    release: (paymentMethod: string) => release(stripe, paymentMethod),
    startPayment: (ask: PaymentAsk, key: string) => startPayment(stripe, ask, key),
    paymentOutcome: (sessionId: string) => paymentOutcome(stripe, sessionId),
  };
}
