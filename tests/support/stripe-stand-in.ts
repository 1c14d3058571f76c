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
 */

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
  sessions: Map<string, Json>;
  refunds: Map<string, Json>;
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
  /** Refunds a payment whole as Stripe's Dashboard would, its event not sent: the site has not heard of it. */
  refundInDashboard(paymentIntent: string): Json;
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
  const replies = new Map<string, { status: number; body: Json; form: string }>();
  const calls: StripeStandIn['calls'] = [];
  let base = '';

  const standIn: StripeStandIn = {
    url: '',
    webhookUrl: undefined,
    eventDelayMs: 0,
    sessions,
    refunds,
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
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent });
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
  function answer(method: string, path: string, form: Json): { status: number; body: Json } {
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
      if (method === 'GET' && !session[2]) return { status: 200, body: found };
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
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  async function api(req: IncomingMessage, res: ServerResponse, method: string, path: string, raw: string) {
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
    const reply = answer(method, path, form);
    if (idempotencyKey && method === 'POST') replies.set(idempotencyKey, { ...reply, form: raw });
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
  async function hosted(res: ServerResponse, method: string, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) return error(res, 404, 'No such session');
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
      const done = page ? hosted(res, method, page[1] ?? '') : api(req, res, method, path, raw);
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
