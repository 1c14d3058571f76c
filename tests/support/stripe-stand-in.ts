import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints the site calls (these machines cannot reach Stripe):
 * Checkout Sessions create, retrieve and expire, and refunds create, answering in Stripe's documented
 * shapes, form-encoded requests in and JSON out, a repeated Idempotency-Key answered with the first
 * answer. It also plays Stripe's hosted page: GET /pay/<session> shows the amount and a Pay button,
 * whose post marks the session paid, sends the site the signed `checkout.session.completed` (with
 * the `stripe` package's own test-header helper) and redirects to the session's success_url. A refund
 * is confirmed the same way, by a signed `refund.updated` sent just after the answer.
 *
 * For saved cards (a team store's checkout) it also answers Customers create, Checkout in setup mode
 * (its hosted page lets the test pick one of Stripe's test cards: one that succeeds, one declined for
 * insufficient funds, one that needs the cardholder's authentication), the session retrieved with its
 * SetupIntent expanded, off-session PaymentIntents confirmed at once (succeeded, or a 402 card_error
 * with Stripe's codes and the failed PaymentIntent) and a PaymentMethod detached. Every successful
 * payment has a charge with a balance transaction whose fee is Stripe's US card rate (2.9% + 30¢),
 * expanded when asked (`expand[]=latest_charge.balance_transaction`), as the statement reads fees.
 *
 * For the books: a PaymentIntent retrieved (its charge's balance transaction expanded when asked), a
 * refund retrieved (a succeeded one has its own balance transaction: the amount back, no fee returned,
 * as Stripe does for US cards), and payouts listed by arrival date (the test adds them with `payout`).
 * `balanceDown` makes those reads answer 500, as a Stripe outage would.
 */

/** Stripe's standard US card fee on `amount` cents: what the stand-in's balance transactions report. */
export const standInFee = (amount: number) => Math.round(amount * 0.029) + 30;

/** Stripe's test cards the setup page offers, by what an off-session charge on them does. */
const TEST_CARDS = {
  '4242424242424242': 'succeeds',
  '4000000000009995': 'declined',
  '4000002760003184': 'authentication',
} as const;
type CardBehaviour = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];

export const STAND_IN_SECRET_KEY = 'sk_test_standin0123456789abcdef';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_standin0123456789abcdef';

type Json = Record<string, unknown>;

/** `a[b][0][c]=1` form fields as nested objects (indices stay keys: enough to read them back). */
function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const seconds = () => Math.floor(Date.now() / 1000);

/** The app's Stripe settings for the stand-in: its keys, and its address in place of Stripe's API. */
export function standInStripeConfig(standIn: Pick<StripeStandIn, 'url'>) {
  const { port } = new URL(standIn.url);
  return {
    secretKey: STAND_IN_SECRET_KEY,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port: Number(port), protocol: 'http' as const },
  };
}

export interface StripeStandIn {
  /** http://127.0.0.1:PORT, for STRIPE_API_BASE. */
  url: string;
  /** Where events go (the site's /webhooks/stripe); set once the site is up. */
  webhookUrl: string | undefined;
  /**
   * How long the hosted page's payment event takes to reach the site after the customer is sent back
   * (0: before). Stripe's events often come a few seconds after the customer is back on the site.
   */
  eventDelayMs: number;
  /**
   * How long an off-session charge's answer is held after the charge is made (0: at once): a slow answer
   * the site may never hear, as when its process is killed between Stripe charging and the reply.
   */
  offSessionDelayMs: number;
  sessions: Map<string, Json>;
  refunds: Map<string, Json>;
  customers: Map<string, Json>;
  /** Every PaymentIntent made, off-session charges included (succeeded or not). */
  paymentIntents: Map<string, Json>;
  paymentMethods: Map<string, Json & { behaviour: CardBehaviour }>;
  /** Each API call as it came: method, path, idempotency key, form. */
  calls: { method: string; path: string; idempotencyKey: string | undefined; form: Json }[];
  /** A signed event posted to the site now; answers the site's status. */
  sendEvent(
    type: string,
    object: Json,
    options?: { id?: string; timestamp?: number; secret?: string },
  ): Promise<number>;
  /** Marks a session paid as the hosted page would, without sending anything. */
  pay(sessionId: string): Json;
  /** Completes a setup session with a test card as the hosted page would, without sending anything. */
  saveCard(sessionId: string, card: keyof typeof TEST_CARDS): Json;
  /** Refunds a payment whole as Stripe's Dashboard would, its event not sent: the site has not heard of it. */
  refundInDashboard(paymentIntent: string): Json;
  /** A payout Stripe made (paid unless told), arriving on `arrival` (a day, YYYY-MM-DD). */
  payout(amount: number, arrival: string, status?: string): Json;
  /** While true, retrieving PaymentIntents and refunds and listing payouts answer 500 (Stripe unreachable). */
  balanceDown: boolean;
  close(): Promise<void>;
}

/** The event Stripe would send for `object`, with its signed header. */
export function signedEvent(
  type: string,
  object: Json,
  { id: eventId = id('evt'), timestamp = seconds(), secret = STAND_IN_WEBHOOK_SECRET } = {},
) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: timestamp,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const stripe = new Stripe(STAND_IN_SECRET_KEY);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { payload, signature, id: eventId };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const payments = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json & { behaviour: CardBehaviour }>();
  const payouts: Json[] = [];
  /** Each succeeded refund's balance transaction, made when first asked for, by refund id. */
  const refundTransactions = new Map<string, Json>();
  /** Each successful payment's charge, with its balance transaction, by payment intent. */
  const charges = new Map<string, Json>();
  const chargeFor = (intent: string, amount: number, currency: unknown) => {
    const charge: Json = {
      id: id('ch'),
      object: 'charge',
      amount,
      currency,
      payment_intent: intent,
      balance_transaction: {
        id: id('txn'),
        object: 'balance_transaction',
        amount,
        fee: standInFee(amount),
        net: amount - standInFee(amount),
        currency,
      },
    };
    charges.set(intent, charge);
    return charge;
  };
  /** A payment intent as Stripe answers it: its charge an id, or whole when `latest_charge…` is expanded. */
  const intentAnswer = (intent: Json, expand: string[]) => {
    const charge = charges.get(String(intent.id));
    if (!charge) return { ...intent, latest_charge: null };
    return {
      ...intent,
      latest_charge: expand.includes('latest_charge.balance_transaction')
        ? charge
        : expand.includes('latest_charge')
          ? { ...charge, balance_transaction: (charge.balance_transaction as Json).id }
          : charge.id,
    };
  };
  const replies = new Map<string, { status: number; body: Json; form: string }>();
  const calls: StripeStandIn['calls'] = [];
  let base = '';

  const standIn: StripeStandIn = {
    url: '',
    webhookUrl: undefined,
    eventDelayMs: 0,
    offSessionDelayMs: 0,
    sessions,
    refunds,
    customers,
    paymentIntents,
    paymentMethods,
    calls,
    async sendEvent(type, object, options = {}) {
      if (!standIn.webhookUrl) throw new Error('the stand-in has no webhook address yet');
      const event = signedEvent(type, object, options);
      const answer = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
        body: event.payload,
      });
      await answer.arrayBuffer();
      return answer.status;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intent = id('pi');
      payments.set(intent, { id: intent, amount: session.amount_total, currency: session.currency });
      paymentIntents.set(intent, {
        id: intent,
        object: 'payment_intent',
        amount: session.amount_total,
        currency: session.currency,
        status: 'succeeded',
        metadata: session.metadata,
      });
      chargeFor(intent, Number(session.amount_total), session.currency);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent });
      return session;
    },
    saveCard(sessionId, card) {
      const session = sessions.get(sessionId);
      if (session?.mode !== 'setup') throw new Error(`no setup session ${sessionId}`);
      const method = id('pm');
      paymentMethods.set(method, {
        id: method,
        object: 'payment_method',
        type: 'card',
        customer: session.customer,
        card: { brand: 'visa', last4: card.slice(-4) },
        behaviour: TEST_CARDS[card],
      });
      const intent = id('seti');
      Object.assign(session, {
        status: 'complete',
        setup_intent: {
          id: intent,
          object: 'setup_intent',
          status: 'succeeded',
          usage: 'off_session',
          customer: session.customer,
          payment_method: method,
        },
      });
      return session;
    },
    refundInDashboard(paymentIntent) {
      const intent = payments.get(paymentIntent);
      if (!intent) throw new Error(`no payment ${paymentIntent}`);
      const refund: Json = {
        id: id('re'),
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: paymentIntent,
        metadata: {},
        status: 'succeeded',
        created: seconds(),
      };
      refunds.set(String(refund.id), refund);
      return refund;
    },
    balanceDown: false,
    payout(amount, arrival, status = 'paid') {
      const payout: Json = {
        id: id('po'),
        object: 'payout',
        amount,
        currency: 'usd',
        // As Stripe: the arrival day as its midnight UTC.
        arrival_date: Date.parse(`${arrival}T00:00:00Z`) / 1000,
        automatic: true,
        balance_transaction: id('txn'),
        created: seconds(),
        method: 'standard',
        status,
        type: 'bank_account',
        livemode: false,
      };
      payouts.push(payout);
      return payout;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const error = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify({ error: { type, message } }));
  };
  const json = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify(body));
  };

  /** The API: the answer to one call, before idempotency is applied. */
  /** An off-session PaymentIntent confirmed at once, as the saved card's test number makes it end. */
  function offSessionCharge(form: Json): { status: number; body: Json } {
    const card = paymentMethods.get(String(form.payment_method));
    const amount = Number(form.amount);
    if (!card || card.customer !== form.customer)
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
    if (!Number.isSafeInteger(amount) || amount < 50)
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'amount too small' } } };
    const intentId = id('pi');
    const intent: Json = {
      id: intentId,
      object: 'payment_intent',
      amount,
      currency: form.currency,
      customer: form.customer,
      payment_method: form.payment_method,
      description: form.description ?? null,
      metadata: form.metadata ?? {},
      off_session: form.off_session === 'true',
      created: seconds(),
      livemode: false,
      status: 'succeeded',
      amount_received: amount,
    };
    paymentIntents.set(intentId, intent);
    if (card.behaviour === 'succeeds') {
      payments.set(intentId, { id: intentId, amount, currency: form.currency });
      chargeFor(intentId, amount, form.currency);
      return { status: 200, body: intentAnswer(intent, Object.values((form.expand ?? {}) as Json).map(String)) };
    }
    Object.assign(intent, { status: 'requires_payment_method', amount_received: 0 });
    const [code, message] =
      card.behaviour === 'declined'
        ? ['card_declined', 'Your card has insufficient funds.']
        : ['authentication_required', 'This payment requires the cardholder to authenticate.'];
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code,
          ...(card.behaviour === 'declined' ? { decline_code: 'insufficient_funds' } : {}),
          message,
          payment_intent: intent,
        },
      },
    };
  }

  /** A refund as Stripe answers it: a succeeded one with its balance transaction, whole when expanded. */
  function refundAnswer(refund: Json, expand: string[]): Json {
    if (refund.status !== 'succeeded') return { ...refund, balance_transaction: null };
    const refundId = String(refund.id);
    const amount = -Number(refund.amount);
    const transaction = refundTransactions.get(refundId) ?? {
      id: id('txn'),
      object: 'balance_transaction',
      amount,
      fee: 0,
      net: amount,
      currency: refund.currency,
      type: 'refund',
      source: refundId,
    };
    refundTransactions.set(refundId, transaction);
    return { ...refund, balance_transaction: expand.includes('balance_transaction') ? transaction : transaction.id };
  }

  /** Payouts arriving in `arrival_date[gte]`…`[lt]`, newest first, as Stripe lists them. */
  function payoutList(query: URLSearchParams): Json {
    const bound = (name: string, fallback: number) => Number(query.get(`arrival_date[${name}]`) ?? fallback);
    const data = payouts
      .filter(
        (payout) =>
          Number(payout.arrival_date) >= bound('gte', 0) && Number(payout.arrival_date) < bound('lt', Infinity),
      )
      .sort((a, b) => Number(b.created) - Number(a.created));
    return { object: 'list', data, has_more: false, url: '/v1/payouts' };
  }

  /** The books' reads: a PaymentIntent, a refund, the payouts; undefined for any other call. */
  function balanceAnswer(method: string, path: string, query: URLSearchParams) {
    if (method !== 'GET') return undefined;
    const reads = /^\/v1\/(payment_intents|refunds)\/(\w+)$/.exec(path);
    if (!reads && path !== '/v1/payouts') return undefined;
    if (standIn.balanceDown)
      return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    if (!reads) return { status: 200, body: payoutList(query) };
    const expand = [...query.entries()].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
    const found = reads[1] === 'refunds' ? refunds.get(reads[2] ?? '') : paymentIntents.get(reads[2] ?? '');
    if (!found)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } },
      };
    return { status: 200, body: reads[1] === 'refunds' ? refundAnswer(found, expand) : intentAnswer(found, expand) };
  }

  function answer(method: string, path: string, form: Json, query: URLSearchParams): { status: number; body: Json } {
    const read = balanceAnswer(method, path, query);
    if (read) return read;
    if (method === 'POST' && path === '/v1/checkout/sessions' && form.mode === 'setup') {
      if (!customers.has(String(form.customer)))
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such customer' } } };
      const sessionId = id('cs');
      const session: Json = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'setup',
        customer: form.customer,
        currency: form.currency ?? null,
        amount_total: null,
        metadata: form.metadata ?? {},
        payment_status: 'no_payment_required',
        setup_intent: null,
        status: 'open',
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        created: seconds(),
        expires_at: seconds() + 24 * 3600,
        livemode: false,
        url: `${base}/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const item = ((form.line_items as Json | undefined)?.['0'] ?? {}) as Json;
      const price = (item.price_data ?? {}) as Json;
      const quantity = Number(item.quantity ?? 1);
      const amount = Number(price.unit_amount) * quantity;
      if (!Number.isSafeInteger(amount) || amount < 50) {
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'amount too small' } } };
      }
      const sessionId = id('cs');
      const session: Json = {
        id: sessionId,
        object: 'checkout.session',
        amount_subtotal: amount,
        amount_total: amount,
        currency: price.currency,
        customer_email: form.customer_email ?? null,
        metadata: form.metadata ?? {},
        mode: form.mode,
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        created: seconds(),
        expires_at: seconds() + 24 * 3600,
        livemode: false,
        url: `${base}/pay/${sessionId}`,
        description: ((price.product_data ?? {}) as Json).name,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    const session = /^\/v1\/checkout\/sessions\/(cs_[\w]+)(\/expire)?$/.exec(path);
    if (session) {
      const found = sessions.get(session[1] ?? '');
      if (!found)
        return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such checkout.session' } } };
      if (method === 'GET' && !session[2]) {
        // As Stripe: the SetupIntent is its id unless asked for with expand[]=setup_intent.
        const expand = [...query.entries()].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
        const intent = found.setup_intent as Json | null;
        const body: Json =
          intent && !expand.includes('setup_intent') ? { ...found, setup_intent: intent.id } : { ...found };
        // A paid session's PaymentIntent whole, its charge and balance transaction too, when expanded.
        const paid = paymentIntents.get(String(found.payment_intent));
        if (paid && expand.some((path) => path.startsWith('payment_intent')))
          body.payment_intent = intentAnswer(
            paid,
            expand
              .filter((path) => path.startsWith('payment_intent.'))
              .map((path) => path.slice('payment_intent.'.length)),
          );
        return { status: 200, body };
      }
      if (method === 'POST' && session[2]) {
        if (found.status !== 'open') {
          return {
            status: 400,
            body: { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' } },
          };
        }
        found.status = 'expired';
        return { status: 200, body: found };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = payments.get(String(form.payment_intent));
      if (!intent)
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
      // As Stripe: no more back than is left of the charge, whoever refunded the rest (the Dashboard too).
      const refunded = [...refunds.values()]
        .filter((refund) => refund.payment_intent === intent.id && refund.status !== 'failed')
        .reduce((sum, refund) => sum + Number(refund.amount), 0);
      const left = Number(intent.amount) - refunded;
      const amount = Number(form.amount ?? left);
      if (left <= 0 || amount > left) {
        const [code, message] =
          left <= 0
            ? ['charge_already_refunded', `Charge for ${intent.id} has already been refunded.`]
            : ['amount_too_large', `Refund amount is greater than unrefunded amount on charge (${left})`];
        return { status: 400, body: { error: { type: 'invalid_request_error', code, message } } };
      }
      const refundId = id('re');
      const refund: Json = {
        id: refundId,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        metadata: form.metadata ?? {},
        status: 'pending',
        created: seconds(),
      };
      refunds.set(refundId, refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Json = {
        id: id('cus'),
        object: 'customer',
        name: form.name ?? null,
        email: form.email ?? null,
        metadata: form.metadata ?? {},
        created: seconds(),
        livemode: false,
      };
      customers.set(String(customer.id), customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return offSessionCharge(form);
    const detach = /^\/v1\/payment_methods\/(pm_\w+)\/detach$/.exec(path);
    if (method === 'POST' && detach) {
      const found = paymentMethods.get(detach[1] ?? '');
      if (!found)
        return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
      found.customer = null;
      const { behaviour: _behaviour, ...shown } = found;
      return { status: 200, body: shown };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  async function api(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    raw: string,
    query: URLSearchParams,
  ) {
    if (req.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`)
      return error(res, 401, 'Invalid API Key provided');
    const form = parseStripeForm(raw);
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    calls.push({ method, path, idempotencyKey, form });
    if (idempotencyKey && method === 'POST') {
      const earlier = replies.get(idempotencyKey);
      if (earlier) {
        // Stripe answers a key used with other parameters with an error, not the first answer.
        if (earlier.form !== raw)
          return error(
            res,
            400,
            'Keys for idempotent requests can only be used with the same parameters',
            'idempotency_error',
          );
        res.setHeader('Idempotent-Replayed', 'true');
        return json(res, earlier.status, earlier.body);
      }
    }
    const reply = answer(method, path, form, query);
    if (idempotencyKey && method === 'POST') replies.set(idempotencyKey, { ...reply, form: raw });
    // The charge is made (and its key kept) before the answer leaves: a caller gone meanwhile never hears it.
    if (path === '/v1/payment_intents' && standIn.offSessionDelayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, standIn.offSessionDelayMs));
    if (res.destroyed) return;
    json(res, reply.status, reply.body);
    // Stripe confirms a card refund a moment after answering: so does the stand-in, when it can.
    if (path === '/v1/refunds' && reply.status === 200 && standIn.webhookUrl) {
      const refund = reply.body;
      setTimeout(() => {
        refund.status = 'succeeded';
        standIn.sendEvent('refund.updated', refund).catch(() => undefined);
      }, 50);
    }
  }

  /** The hosted page: the amount, and a Pay button. */
  async function hosted(res: ServerResponse, method: string, sessionId: string, raw: string) {
    const session = sessions.get(sessionId);
    if (!session) return error(res, 404, 'No such session');
    if (session.mode === 'setup') return hostedSetup(res, method, session, raw);
    if (method === 'GET') {
      const amount = (Number(session.amount_total) / 100).toFixed(2);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<!DOCTYPE html><html lang="en"><head><title>Pay - Stripe stand-in</title></head><body><main>
<h1>Pay ${String(session.description ?? '')}</h1><p id="amount">$${amount} ${String(session.currency).toUpperCase()}</p>
<p>Status: ${String(session.status)}</p>
<form method="post" action="/pay/${sessionId}"><button type="submit">Pay $${amount}</button></form></main></body></html>`);
    }
    if (session.status !== 'open') return error(res, 400, 'This session is no longer open');
    standIn.pay(sessionId);
    if (standIn.eventDelayMs > 0) {
      setTimeout(() => void standIn.sendEvent('checkout.session.completed', session), standIn.eventDelayMs);
    } else {
      await standIn.sendEvent('checkout.session.completed', session);
    }
    res.writeHead(303, { Location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId) });
    res.end();
  }

  /** The setup page: pick a test card and save it, which completes the session and sends its event. */
  async function hostedSetup(res: ServerResponse, method: string, session: Json, raw: string) {
    const sessionId = String(session.id);
    if (method === 'GET') {
      const options = Object.entries(TEST_CARDS)
        .map(([number, behaviour]) => `<option value="${number}">${number} (${behaviour})</option>`)
        .join('');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<!DOCTYPE html><html lang="en"><head><title>Save a card - Stripe stand-in</title></head><body><main>
<h1>Save your card</h1><p>Status: ${String(session.status)}</p>
<form method="post" action="/pay/${sessionId}"><label for="card">Card number</label>
<select id="card" name="card">${options}</select>
<button type="submit">Save card</button></form></main></body></html>`);
    }
    if (session.status !== 'open') return error(res, 400, 'This session is no longer open');
    const card = new URLSearchParams(raw).get('card') ?? '4242424242424242';
    if (!(card in TEST_CARDS)) return error(res, 400, 'Unknown test card');
    standIn.saveCard(sessionId, card as keyof typeof TEST_CARDS);
    await standIn.sendEvent('checkout.session.completed', session).catch(() => undefined);
    res.writeHead(303, { Location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId) });
    res.end();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = new URL(req.url ?? '/', base).pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      // A browser on the hosted page asks for its icon: none, and no error in the console for it.
      if (path === '/favicon.ico') {
        res.writeHead(204);
        return res.end();
      }
      const page = /^\/pay\/(cs_\w+)$/.exec(path);
      const query = new URL(req.url ?? '/', base).searchParams;
      const done = page ? hosted(res, method, page[1] ?? '', raw) : api(req, res, method, path, raw, query);
      done.catch((problem: unknown) => error(res, 500, String(problem), 'api_error'));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the stand-in did not start');
  base = `http://127.0.0.1:${address.port}`;
  standIn.url = base;
  return standIn;
}
