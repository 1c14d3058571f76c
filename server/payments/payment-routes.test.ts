import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import {
  type StripeStandIn,
  signedEvent,
  standInStripeConfig,
  startStripeStandIn,
} from '#tests/support/stripe-stand-in.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const staff = 'owner@seenwear.example';
// $400.00 at 50 %: a $200.00 deposit.
const terms: QuoteTerms = {
  lines: [{ label: 'Front print', quantity: 40, unitCents: 1000 }],
  notes: '',
  validUntil: '2099-01-31',
  depositPercent: 50,
};

// The customer pays through Stripe Checkout (the real `stripe` package against the local stand-in),
// and only Stripe's signed webhook records money: on each database.
describe.each(backends)('card payments on %s', (backend) => {
  let t: TestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const storage = await openTestStorage(backend);
    t = await createTestApp({
      storage,
      config: {
        submissionRateLimit: 1000,
        csrfSecret,
        stripe: standInStripeConfig(stripe),
      },
    });
  });
  afterAll(() => stripe.close());

  /** The desk's refund of `amount` from a card payment, as its money card posts it. */
  async function deskRefund(reference: string, paymentId: number | undefined, amount: string) {
    const desk = await staffSession(t.app, t.storage, staff);
    const answer = await request(t.app)
      .post(`/staff/requests/${reference}/payments/${paymentId}/refund`)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, amount })
      .expect(303);
    return { desk, location: answer.headers.location as string };
  }

  /** A quote request with quote v1 approved on the customer's page, and a session to post from it. */
  async function approvedRequest() {
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield' },
      files: [],
    });
    await t.storage.versions.sendQuote(reference, terms, {
      from: 'new',
      to: 'quoted',
      actor: `staff:${staff}`,
      mail: (version) => ({ kind: 'quote-sent', version }),
    });
    const path = (await requestLinks(t.storage.customer, csrfSecret).pathFor(reference)) ?? '';
    const session = await visitorSession(t.app, '/contact-us');
    const post = (action: string, fields: Record<string, string> = {}) =>
      request(t.app)
        .post(`${path}${action}`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });
    await post('/quotes/1/decision', { decision: 'approved', name: 'Dana Whitfield', accept: 'yes' }).expect(303);
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('approved');
    return { reference, path, post };
  }

  /** Posts a signed event to the webhook, as Stripe would. */
  function deliver(type: string, object: Record<string, unknown>, options: Parameters<typeof signedEvent>[2] = {}) {
    const event = signedEvent(type, object, options);
    return request(t.app)
      .post('/webhooks/stripe')
      .set('Stripe-Signature', event.signature)
      .set('Content-Type', 'application/json')
      .send(event.payload);
  }

  const webhookCount = async (outcome: string) =>
    (await t.metrics.stripeWebhooks.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;

  it('offers the deposit after approval and sends the customer to one Checkout Session for exactly it', async () => {
    const { reference, path, post } = await approvedRequest();
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('Pay the $200.00 deposit');
    expect(page.text).toContain(`action="${path}/pay/deposit"`);
    // The form's answer is a redirect to Stripe's page: the CSP lets the form go there, and nowhere else.
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${stripe.url};`);

    const before = stripe.calls.length;
    // A double click: two posts, one session. A forged amount in the form is not read.
    const [first, second] = await Promise.all([
      post('/pay/deposit', { amount: '1' }),
      post('/pay/deposit', { amount: '1' }),
    ]);
    expect(first.status).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(first.headers.location).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
    const creates = stripe.calls.slice(before).filter((call) => call.path === '/v1/checkout/sessions');
    expect(new Set(creates.map((call) => call.idempotencyKey)).size).toBe(1);
    expect(creates[0]?.idempotencyKey).toBe(
      `seenwear:${await t.storage.payments.checkoutKeySalt()}:${reference}:v1:deposit:20000:0`,
    );
    const sessions = [...stripe.sessions.values()].filter(
      (item) => (item.metadata as Record<string, string>).reference === reference,
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      amount_total: 20_000,
      currency: 'usd',
      customer_email: 'dana@example.com',
      metadata: { reference, purpose: 'deposit', quoteVersion: '1' },
      success_url: `https://shop.example${path}?paid={CHECKOUT_SESSION_ID}#payment`,
      cancel_url: `https://shop.example${path}?done=payment-cancelled#payment`,
    });

    // A later click goes back to the same open session, Stripe asked only whether it is still open.
    const again = await post('/pay/deposit').expect(303);
    expect(again.headers.location).toBe(first.headers.location);
    expect(stripe.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${String(sessions[0]?.id)}`,
    });
  });

  it('marks nothing paid on the return from Stripe: only the signed webhook records the payment', async () => {
    const { reference, path, post } = await approvedRequest();
    const location = (await post('/pay/deposit').expect(303)).headers.location as string;
    const sessionId = location.split('/').at(-1) ?? '';
    const back = await request(t.app).get(`${path}?paid=${sessionId}`).expect(200);
    expect(back.text).toContain('Your payment is being confirmed');
    // Loads itself again at an address without a fragment (one with #payment would be a jump within the
    // page for Chromium, and the page would never change), and offers no second payment meanwhile.
    expect(back.text).toContain(`<meta http-equiv="refresh" content="5; url=${path}?paid=${sessionId}"/>`);
    expect(back.text).not.toMatch(/Pay the \$[\d.,]+ deposit/);
    expect(back.text).not.toContain(`action="${path}/pay/deposit"`);
    expect(back.text).toContain('is being confirmed by the card company: nothing more to do');
    expect(back.text).not.toContain('pay it below');
    expect(await t.storage.payments.paymentsOf(reference)).toEqual([]);

    const session = stripe.pay(sessionId);
    // Paid on Stripe, its webhook not here yet: pressing Pay again leads back to "being confirmed", not
    // to a second payment.
    const creates = stripe.calls.filter((call) => call.path === '/v1/checkout/sessions').length;
    expect((await post('/pay/deposit').expect(303)).headers.location).toBe(
      `https://shop.example${path}?paid=${sessionId}#payment`,
    );
    expect(stripe.calls.filter((call) => call.path === '/v1/checkout/sessions')).toHaveLength(creates);
    expect((await request(t.app).get(`${path}?paid=${sessionId}`).expect(200)).text).toContain(
      'Your payment is being confirmed',
    );
    expect((await deliver('checkout.session.completed', session)).status).toBe(200);
    const confirmed = await request(t.app).get(`${path}?paid=${sessionId}`).expect(200);
    expect(confirmed.text).toContain('your payment is recorded');
    expect(confirmed.text).not.toContain('Pay the $200.00 deposit');
    const [payment] = await t.storage.payments.paymentsOf(reference);
    expect(payment).toMatchObject({
      amountCents: 20_000,
      state: 'succeeded',
      stripeSessionId: sessionId,
      stripePaymentIntent: session.payment_intent,
    });
  });

  it('refuses a forged or stale signature with 400, stores nothing, counts it and raises the alert line', async () => {
    const { reference, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    const session = stripe.pay(sessionId);
    const refusedBefore = await webhookCount('bad_signature');
    await deliver('checkout.session.completed', session, { secret: 'whsec_someoneelse0123456789' }).expect(400);
    await deliver('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 3600 }).expect(
      400,
    );
    await request(t.app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ type: 'checkout.session.completed' }))
      .expect(400);
    expect(await t.storage.payments.paymentsOf(reference)).toEqual([]);
    expect(await webhookCount('bad_signature')).toBe(refusedBefore + 3);
    expect(t.lines.some((line) => line.alert === 'stripe_signature' && line.level === 50)).toBe(true);
  });

  it('ignores a replayed event, and answers 200 with a warning for a session it never made', async () => {
    const { reference, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    const session = stripe.pay(sessionId);
    const eventId = `evt_replay_${backend}`;
    expect((await deliver('checkout.session.completed', session, { id: eventId }).expect(200)).body.outcome).toBe(
      'recorded',
    );
    expect((await deliver('checkout.session.completed', session, { id: eventId }).expect(200)).body.outcome).toBe(
      'replay',
    );
    expect(await t.storage.payments.paymentsOf(reference)).toHaveLength(1);

    const stranger = { ...session, id: 'cs_test_notours', metadata: {} };
    expect((await deliver('checkout.session.completed', stranger).expect(200)).body.outcome).toBe('unknown');
    expect(t.lines.some((line) => line.reason === 'stripe_unknown' && line.level === 40)).toBe(true);
  });

  it('holds an amount that is not what was asked, flagged to the desk and not counted', async () => {
    const { reference, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    const session = { ...stripe.pay(sessionId), amount_total: 100 };
    await deliver('checkout.session.completed', session).expect(200);
    const [payment] = await t.storage.payments.paymentsOf(reference);
    expect(payment).toMatchObject({ state: 'held', flag: 'amount-mismatch', amountCents: 100 });
    const path = (await requestLinks(t.storage.customer, csrfSecret).pathFor(reference)) ?? '';
    const back = await request(t.app).get(`${path}?paid=${sessionId}`).expect(200);
    expect(back.text).toContain('Your payment reached us, but not as we expected');
    expect(back.text).not.toContain('http-equiv="refresh"');
    const desk = await staffSession(t.app, t.storage, staff);
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', desk.cookie).expect(200);
    expect(page.text).toContain('Not what the site asked: held, not counted as paid.');
    expect(page.text).toContain('Refund through Stripe');
  });

  it('stores a payment for a cancelled request, flagged with its refund, and refunds it when Stripe confirms', async () => {
    const { reference, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    await t.storage.desk.changeRequestStatus(reference, { from: 'approved', to: 'cancelled', actor: `staff:${staff}` });
    await deliver('checkout.session.completed', stripe.pay(sessionId)).expect(200);
    const [payment] = await t.storage.payments.paymentsOf(reference);
    expect(payment).toMatchObject({ state: 'succeeded', flag: 'request-cancelled', amountCents: 20_000 });

    const desk = await staffSession(t.app, t.storage, staff);
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', desk.cookie).expect(200);
    expect(page.text).toContain('Paid on a cancelled request');
    expect(page.text).toContain('Cancelled after paying: the terms refund $200.00 of the $200.00 paid.');
    const refund = await deskRefund(reference, payment?.id, '200.00');
    expect(refund.location).toBe(`/staff/requests/${reference}?done=refund-asked#money`);
    const asked = [...stripe.refunds.values()].at(-1);
    expect(asked).toMatchObject({
      amount: 20_000,
      payment_intent: payment?.stripePaymentIntent,
      metadata: { reference, paymentId: String(payment?.id) },
    });
    // Asked, not yet confirmed: still paid.
    expect((await t.storage.payments.paymentsOf(reference)).find((row) => row.kind === 'refund')?.state).toBe(
      'pending',
    );
    await deliver('refund.updated', { ...asked, status: 'succeeded' }).expect(200);
    expect((await t.storage.payments.paymentsOf(reference)).find((row) => row.kind === 'refund')?.state).toBe(
      'succeeded',
    );
    const mails = (await t.storage.outbox.notificationsOf(reference)).map((mail) => mail.facts?.kind);
    expect(mails).toEqual(expect.arrayContaining(['payment-receipt', 'payment-flagged', 'refund-receipt']));
  });

  it('records nothing and says so when Stripe refuses a refund (the charge refunded in its Dashboard meanwhile)', async () => {
    const { reference, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    await deliver('checkout.session.completed', stripe.pay(sessionId)).expect(200);
    const [payment] = await t.storage.payments.paymentsOf(reference);
    // Refunded whole in Stripe's Dashboard; its event has not reached the site yet.
    stripe.refundInDashboard(payment?.stripePaymentIntent ?? '');

    const { desk, location } = await deskRefund(reference, payment?.id, '200.00');
    expect(location).toBe(`/staff/requests/${reference}?done=refund-failed#money`);
    // Stripe answered 400: no refund is kept as asked, and the payment still counts as paid.
    expect((await t.storage.payments.paymentsOf(reference)).map((row) => row.kind)).toEqual(['payment']);
    const page = await request(t.app)
      .get(`/staff/requests/${reference}?done=refund-failed`)
      .set('Cookie', desk.cookie)
      .expect(200);
    expect(page.text).toContain(
      'Stripe did not take the refund: nothing was refunded. Try again, or use the Dashboard.',
    );
  });

  it('waits for a bank debit: records it when the async success comes, and logs a failure without money', async () => {
    const { reference, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    const session = stripe.pay(sessionId);
    // Completed, but the money is still on its way (payment_status unpaid): nothing yet.
    await deliver('checkout.session.completed', { ...session, payment_status: 'unpaid' }).expect(200);
    expect(await t.storage.payments.paymentsOf(reference)).toEqual([]);
    await deliver('checkout.session.async_payment_succeeded', session).expect(200);
    expect((await t.storage.payments.paymentsOf(reference)).map((row) => row.amountCents)).toEqual([20_000]);

    const other = await approvedRequest();
    const otherId = ((await other.post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    await deliver('checkout.session.async_payment_failed', { ...stripe.pay(otherId), payment_status: 'unpaid' }).expect(
      200,
    );
    expect(await t.storage.payments.paymentsOf(other.reference)).toEqual([]);
    const events = (await t.storage.desk.getRequest(other.reference))?.events ?? [];
    expect(events.some((event) => event.type === 'payment_failed')).toBe(true);
    // The failed session is done with: the next click makes a new one.
    const again = (await other.post('/pay/deposit').expect(303)).headers.location as string;
    expect(again).not.toContain(otherId);
  });

  it('notes a session Stripe expired, and makes a new one on the next click', async () => {
    const { reference, post } = await approvedRequest();
    const first = (await post('/pay/deposit').expect(303)).headers.location as string;
    const sessionId = first.split('/').at(-1) ?? '';
    const session = stripe.sessions.get(sessionId) ?? {};
    session.status = 'expired';
    await deliver('checkout.session.expired', session).expect(200);
    expect((await t.storage.payments.checkoutSessionsOf(reference)).map((item) => item.status)).toEqual(['expired']);
    const second = (await post('/pay/deposit').expect(303)).headers.location as string;
    expect(second).not.toBe(first);
    expect(stripe.calls.at(-1)?.idempotencyKey).toBe(
      `seenwear:${await t.storage.payments.checkoutKeySalt()}:${reference}:v1:deposit:20000:1`,
    );
  });

  /** The customer's page's "Paid so far" figure, as shown. */
  async function paidSoFar(path: string) {
    const page = await request(t.app).get(path).expect(200);
    return { text: page.text, paid: /Paid so far<\/dt><dd[^>]*>([^<]+)</.exec(page.text)?.[1] };
  }

  it('refunds a held payment without taking it off what was paid', async () => {
    const { reference, path, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    // $50 taken against a $200 session: held, not counted. Then the deposit paid in cash at the shop.
    await deliver('checkout.session.completed', { ...stripe.pay(sessionId), amount_total: 5_000 }).expect(200);
    const [held] = await t.storage.payments.paymentsOf(reference);
    expect(held).toMatchObject({ state: 'held', amountCents: 5_000 });
    const desk = await staffSession(t.app, t.storage, staff);
    await request(t.app)
      .post(`/staff/requests/${reference}/payments`)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, amount: '200.00', method: 'cash', purpose: 'deposit' })
      .expect(303);
    expect((await paidSoFar(path)).paid).toBe('$200.00');

    // The held $50 goes back to the card: it was never counted, so nothing comes off what was paid.
    expect((await deskRefund(reference, held?.id, '50.00')).location).toBe(
      `/staff/requests/${reference}?done=refund-asked#money`,
    );
    const asked = [...stripe.refunds.values()].at(-1);
    await deliver('refund.updated', { ...asked, status: 'succeeded' }).expect(200);
    expect(
      (await t.storage.payments.paymentsOf(reference)).map((row) => [row.kind, row.state, row.amountCents]),
    ).toEqual([
      ['payment', 'held', 5_000],
      ['payment', 'succeeded', 20_000],
      ['refund', 'succeeded', 5_000],
    ]);
    const after = await paidSoFar(path);
    expect(after.paid).toBe('$200.00');
    expect(after.text).not.toContain('Pay the $50.00 deposit');
    const move = await request(t.app)
      .post(`/staff/requests/${reference}/status`)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, from: 'approved', to: 'in_production' })
      .expect(303);
    expect(move.headers.location).toBe(`/staff/requests/${reference}?done=moved`);
  });

  it('keeps a refund Stripe reports before its payment, and counts it once the payment comes', async () => {
    const { reference, path, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    const session = stripe.pay(sessionId);
    // Refunded whole in the Dashboard at once; its event overtakes the payment's.
    const refund = stripe.refundInDashboard(String(session.payment_intent));
    expect((await deliver('refund.created', refund)).status).toBe(200);
    expect(
      t.lines.some((line) => line.reason === 'stripe_refund_waiting' && line.refund === refund.id && line.level === 40),
    ).toBe(true);
    await deliver('checkout.session.completed', session).expect(200);
    expect(
      (await t.storage.payments.paymentsOf(reference)).map((row) => [row.kind, row.state, row.amountCents]),
    ).toEqual([
      ['payment', 'succeeded', 20_000],
      ['refund', 'succeeded', 20_000],
    ]);
    // Paid and given back: the deposit is asked again, not shown as settled.
    const page = await paidSoFar(path);
    expect(page.paid).toBe('$0.00');
    expect(page.text).toContain('Pay the $200.00 deposit');
    // A later event for the same refund changes nothing.
    await deliver('refund.updated', refund).expect(200);
    expect(await t.storage.payments.paymentsOf(reference)).toHaveLength(2);
  });

  it('sends Stripe only the refunds that fit what is left, however many the desk posts at once', async () => {
    const { reference, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    await deliver('checkout.session.completed', stripe.pay(sessionId)).expect(200);
    const [payment] = await t.storage.payments.paymentsOf(reference);
    const desk = await staffSession(t.app, t.storage, staff);
    const refundCalls = () =>
      stripe.calls.filter(
        (call) => call.path === '/v1/refunds' && call.form.payment_intent === payment?.stripePaymentIntent,
      );
    // $200 paid: any two of these fit, all three do not.
    const answers = await Promise.all(
      ['80.00', '90.00', '70.00'].map((amount) =>
        request(t.app)
          .post(`/staff/requests/${reference}/payments/${payment?.id}/refund`)
          .set('Cookie', desk.cookie)
          .type('form')
          .send({ [CSRF_FIELD]: desk.token, amount }),
      ),
    );
    const outcomes = answers.map((answer) => String(answer.headers.location).split('done=')[1]).sort();
    expect(outcomes).toEqual(['refund-asked#money', 'refund-asked#money', 'refund-bad#money']);
    expect(refundCalls()).toHaveLength(2);
    const refunds = (await t.storage.payments.paymentsOf(reference)).filter((row) => row.kind === 'refund');
    expect(refunds).toHaveLength(2);
    expect(refunds.every((row) => row.stripeRefundId?.startsWith('re_'))).toBe(true);
    expect(refunds.reduce((sum, row) => sum + row.amountCents, 0)).toBeLessThanOrEqual(20_000);
  });

  it('asks Stripe once for a double-clicked refund, however quickly Stripe answers the first click', async () => {
    const { reference, post } = await approvedRequest();
    const sessionId = ((await post('/pay/deposit').expect(303)).headers.location as string).split('/').at(-1) ?? '';
    await deliver('checkout.session.completed', stripe.pay(sessionId)).expect(200);
    const [payment] = await t.storage.payments.paymentsOf(reference);
    const desk = await staffSession(t.app, t.storage, staff);
    // The desk's refund form as the page sends it, with the newest refund it showed.
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', desk.cookie).expect(200);
    const seen = /name="seen" value="(\d+)"/.exec(page.text)?.[1];
    expect(seen).toBe('0');
    const click = () =>
      request(t.app)
        .post(`/staff/requests/${reference}/payments/${payment?.id}/refund`)
        .set('Cookie', desk.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: desk.token, amount: '25.00', seen });
    // Two clicks at once, then a third once the first two are answered: one refund all the same.
    const answers = [...(await Promise.all([click(), click()])), await click()];
    expect(answers.map((answer) => answer.headers.location)).toEqual(
      Array(3).fill(`/staff/requests/${reference}?done=refund-asked#money`),
    );
    const refunds = (await t.storage.payments.paymentsOf(reference)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => row.amountCents)).toEqual([2_500]);
    expect(
      stripe.calls.filter(
        (call) => call.path === '/v1/refunds' && call.form.payment_intent === payment?.stripePaymentIntent,
      ),
    ).toHaveLength(1);
    // Another amount from that same page: it did not show the refund, so nothing more is asked.
    const stale = await request(t.app)
      .post(`/staff/requests/${reference}/payments/${payment?.id}/refund`)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, amount: '10.00', seen });
    expect(stale.headers.location).toBe(`/staff/requests/${reference}?done=refund-stale#money`);
    const after = await request(t.app)
      .get(`/staff/requests/${reference}?done=refund-stale`)
      .set('Cookie', desk.cookie)
      .expect(200);
    expect(after.text).toContain('Another refund of that payment was asked since this page was loaded');
    expect(after.text).toContain(`name="seen" value="${refunds[0]?.id}"`);
  });

  it('answers 400 with a message for a signed event whose object is missing', async () => {
    const answer = await deliver('checkout.session.completed', null as unknown as Record<string, unknown>);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/no object/i);
    const refund = await deliver('refund.created', null as unknown as Record<string, unknown>);
    expect(refund.status).toBe(400);
  });

  it('offers nothing to pay before approval, and opens no session for a wrong link', async () => {
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Ana',
      email: 'ana@example.com',
      payload: {},
      files: [],
    });
    const path = (await requestLinks(t.storage.customer, csrfSecret).pathFor(reference)) ?? '';
    const session = await visitorSession(t.app, '/contact-us');
    const post = (to: string) =>
      request(t.app)
        .post(to)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token });
    expect((await post(`${path}/pay/deposit`).expect(303)).headers.location).toBe(
      `${path}?done=nothing-to-pay#payment`,
    );
    await post(`/requests/${reference}/not-the-secret/pay/deposit`).expect(404);
    await post(`${path}/pay/everything`).expect(404);
  });
});
