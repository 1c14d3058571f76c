import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { openStoreAtDesk, storeBuyer, teeRequest } from '#tests/support/store-desk.ts';
import {
  type StripeStandIn,
  signedEvent,
  standInFee,
  standInStripeConfig,
  startStripeStandIn,
} from '#tests/support/stripe-stand-in.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const _DAY = 24 * 3_600_000;
const _zone = 'America/Chicago';

// Stripe's signed events settle a team store's sessions on the real app, against the Stripe stand-in: a
// card saved or a pay link paid is recorded though the buyer never comes back, once whatever arrives
// first, a payment for another amount is held for the shop, and a forged event changes nothing.
describe.each(backends)('a team store’s Stripe events on %s', (backend) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let staff: { cookie: string; token: string };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({
      storage: await openTestStorage(backend),
      config: {
        submissionRateLimit: 1000,
        stripe: standInStripeConfig(stripe),
      },
    });
    staff = await staffSession(t.app, t.storage, 'owner@seenwear.example');
  });
  afterAll(() => stripe.close());

  /** Posts a signed event to the webhook, as Stripe would (or a forger, with another secret). */
  function deliver(type: string, object: Record<string, unknown>, options: Parameters<typeof signedEvent>[2] = {}) {
    const event = signedEvent(type, object, options);
    return request(t.app)
      .post('/webhooks/stripe')
      .set('Stripe-Signature', event.signature)
      .set('Content-Type', 'application/json')
      .send(event.payload);
  }
  const sessionOf = (id: string) => {
    const session = stripe.sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  };

  let made = 0;
  async function openedStore(minimum: number, charging: 'minimum' | 'as-sold' = 'minimum') {
    made += 1;
    const reference = await teeRequest(t.storage, `pat-hook-${made}@example.com`);
    const { store, path } = await openStoreAtDesk(t.app, t.storage, staff, reference, {
      title: 'Hornets webhook store',
      minimum: String(minimum),
      charging,
    });
    const tee = store.products[0];
    if (!tee) throw new Error('no tee in the store');
    return { reference, store, tee, path };
  }

  /** A buyer who puts one tee in the cart and goes to Stripe to save a card: the session and their cookie. */
  async function checkedOut(path: string, productId: number, email: string) {
    const { post, cookie } = await storeBuyer(t.app, path);
    await post(`${path}/cart`, { product: String(productId), colour: 'Navy', size: 'M', quantity: '1' });
    const checkout = await post(`${path}/checkout`, { name: email.split('@')[0] ?? 'Buyer', email, consent: 'yes' });
    const sessionId = /\/pay\/(cs_test_\w+)$/.exec(checkout.headers.location ?? '')?.[1] ?? '';
    return { sessionId, cookie };
  }

  const orderOf = async (storeId: number, email: string) => {
    const order = (await t.storage.teamStores.ordersOf(storeId)).find((each) => each.buyerEmail === email);
    if (!order) throw new Error(`no order for ${email}`);
    return order;
  };
  const mailsAbout = async (reference: string, about: string) =>
    (await t.storage.outbox.notificationsOf(reference)).filter(
      (mail) => mail.facts?.kind === 'team-store' && mail.facts.about === about,
    ).length;

  /** A store closed with a buyer whose card was refused: their order page, waiting for the pay link. */
  async function refusedOrder() {
    const opened = await openedStore(1);
    const buyer = await checkedOut(opened.path, opened.tee.id, 'declined@example.com');
    stripe.saveCard(buyer.sessionId, '4000000000009995');
    const back = await request(t.app)
      .get(`${opened.path}/saved?session=${buyer.sessionId}`)
      .set('Cookie', buyer.cookie())
      .expect(303);
    const orderPage = (back.headers.location ?? '').split('?')[0] ?? '';
    await request(t.app)
      .post(`/staff/stores/${opened.store.id}/close`)
      .set('Cookie', staff.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: staff.token })
      .expect(303);
    expect(await orderOf(opened.store.id, 'declined@example.com')).toMatchObject({ state: 'failed' });
    const visitor = await visitorSession(t.app, orderPage);
    const pay = await request(t.app)
      .post(`${orderPage}/pay`)
      .set('Cookie', visitor.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: visitor.token })
      .expect(303);
    const paySession = /\/pay\/(cs_test_\w+)$/.exec(pay.headers.location ?? '')?.[1] ?? '';
    return { ...opened, orderPage, paySession };
  }

  it('saves a card from Stripe’s event though the buyer never comes back, counted once with the return', async () => {
    const { reference, store, tee, path } = await openedStore(2);
    const buyer = await checkedOut(path, tee.id, 'tab-closed@example.com');
    expect(sessionOf(buyer.sessionId)).toMatchObject({ mode: 'setup' });
    stripe.saveCard(buyer.sessionId, '4242424242424242');
    const completed = sessionOf(buyer.sessionId);

    // A forged event (signed with another secret) is refused and saves nothing.
    await deliver('checkout.session.completed', completed, { secret: 'whsec_someoneelse0123456789' }).expect(400);
    expect(await orderOf(store.id, 'tab-closed@example.com')).toMatchObject({ state: 'saving', paymentMethod: null });

    const first = await deliver('checkout.session.completed', completed, { id: 'evt_store_saved_1' }).expect(200);
    expect(first.body).toEqual({ received: true, outcome: 'recorded' });
    const saved = await orderOf(store.id, 'tab-closed@example.com');
    expect(saved.state).toBe('saved');
    expect(saved.paymentMethod).toMatch(/^pm_test_/);
    expect((await request(t.app).get(path).expect(200)).text).toContain('1 of 2');

    // The same event again, Stripe's second delivery of it, and then the buyer's return: nothing moves twice.
    expect((await deliver('checkout.session.completed', completed, { id: 'evt_store_saved_1' })).body.outcome).toBe(
      'already',
    );
    expect((await deliver('checkout.session.completed', completed)).body.outcome).toBe('already');
    const back = await request(t.app)
      .get(`${path}/saved?session=${buyer.sessionId}`)
      .set('Cookie', buyer.cookie())
      .expect(303);
    expect(back.headers.location).toMatch(/\/orders\/\d+\/[^/?]+\?done=saved$/);
    expect(await t.storage.teamStores.piecesCounted(store.id)).toBe(1);
    expect(await mailsAbout(reference, 'placed')).toBe(1);
    expect(await orderOf(store.id, 'tab-closed@example.com')).toMatchObject({
      state: 'saved',
      paymentMethod: saved.paymentMethod,
    });
  });

  it('records a pay-link payment from Stripe’s event alone, once, with the fee Stripe reports', async () => {
    const { reference, store, tee, orderPage, paySession } = await refusedOrder();
    const total = tee.shopPriceCents + 500;
    const paidSession = stripe.pay(paySession);
    expect(paidSession).toMatchObject({ mode: 'payment', amount_total: total });

    // A forged event for the paid session: refused, the order still unpaid and nobody mailed.
    await deliver('checkout.session.completed', paidSession, { secret: 'whsec_someoneelse0123456789' }).expect(400);
    expect(await orderOf(store.id, 'declined@example.com')).toMatchObject({ state: 'failed' });
    expect(await mailsAbout(reference, 'paid')).toBe(0);

    const answer = await deliver('checkout.session.completed', paidSession, { id: 'evt_store_paid_1' }).expect(200);
    expect(answer.body.outcome).toBe('recorded');
    const paid = await orderOf(store.id, 'declined@example.com');
    expect(paid).toMatchObject({ state: 'paid', totalCents: total, feeCents: standInFee(total) });
    expect(paid.paymentIntent).toBe(paidSession.payment_intent);
    // The shop sees it paid without the buyer having come back.
    const desk = await request(t.app).get(`/staff/stores/${store.id}`).set('Cookie', staff.cookie).expect(200);
    expect(desk.text).toContain('Paid by link');

    expect((await deliver('checkout.session.completed', paidSession, { id: 'evt_store_paid_1' })).body.outcome).toBe(
      'already',
    );
    expect((await deliver('checkout.session.async_payment_succeeded', paidSession)).body.outcome).toBe('already');
    const back = await request(t.app).get(`${orderPage}/paid?session=${paySession}`).expect(303);
    expect(back.headers.location).toBe(`${orderPage}?done=paid`);
    expect((await request(t.app).get(orderPage).expect(200)).text).toContain('Paid. Thank you');
    expect(await mailsAbout(reference, 'paid')).toBe(1);
    expect(await orderOf(store.id, 'declined@example.com')).toMatchObject({ state: 'paid', feeCents: paid.feeCents });
  });

  it('records a pay link paid in an older tab, and flags a second payment for a refund instead of recording it', async () => {
    const { reference, store, tee, orderPage, paySession: first } = await refusedOrder();
    const total = tee.shopPriceCents + 500;
    // The buyer presses Pay again in another tab: a new session, which the order now keeps.
    const visitor = await visitorSession(t.app, orderPage);
    const again = await request(t.app)
      .post(`${orderPage}/pay`)
      .set('Cookie', visitor.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: visitor.token })
      .expect(303);
    const second = /\/pay\/(cs_test_\w+)$/.exec(again.headers.location ?? '')?.[1] ?? '';
    expect(second).not.toBe(first);
    expect((await orderOf(store.id, 'declined@example.com')).paySessionId).toBe(second);

    // Paid in the first tab: still this order's payment, for exactly what it owes.
    const firstPaid = stripe.pay(first);
    expect((await deliver('checkout.session.completed', firstPaid)).body.outcome).toBe('recorded');
    expect(await orderOf(store.id, 'declined@example.com')).toMatchObject({
      state: 'paid',
      totalCents: total,
      paymentIntent: firstPaid.payment_intent,
    });
    // Then paid in the second as well: not recorded over the first, but said for the shop to refund.
    const secondPaid = stripe.pay(second);
    expect((await deliver('checkout.session.completed', secondPaid)).body.outcome).toBe('held');
    expect(await orderOf(store.id, 'declined@example.com')).toMatchObject({ paymentIntent: firstPaid.payment_intent });
    expect(
      t.lines.some(
        (line) =>
          line.reason === 'store_paid_twice' && line.paymentIntent === secondPaid.payment_intent && line.level === 40,
      ),
    ).toBe(true);
    expect(await mailsAbout(reference, 'paid')).toBe(1);
  });

  it('holds a payment Stripe took for another amount for the shop, never marking it paid', async () => {
    const { reference, store, tee, orderPage, paySession } = await refusedOrder();
    const total = tee.shopPriceCents + 500;
    // Stripe's page took a dollar less than the order owes (a session changed on the way, say).
    sessionOf(paySession).amount_total = total - 100;
    const paidSession = stripe.pay(paySession);
    const answer = await deliver('checkout.session.completed', paidSession).expect(200);
    expect(answer.body.outcome).toBe('held');
    const held = await orderOf(store.id, 'declined@example.com');
    expect(held.state).toBe('failed');
    expect(held.chargeError).toContain(`Paid $${((total - 100) / 100).toFixed(2)} on Stripe`);
    expect(await mailsAbout(reference, 'paid')).toBe(0);
    expect(
      t.lines.some((line) => line.reason === 'store_payment_mismatch' && line.order === held.id && line.level === 40),
    ).toBe(true);
    const desk = await request(t.app).get(`/staff/stores/${store.id}`).set('Cookie', staff.cookie).expect(200);
    expect(desk.text).toContain('check it by hand');
    // The organiser's and the buyer's pages say nothing of it, and the buyer's return does not mark it paid.
    const back = await request(t.app).get(`${orderPage}/paid?session=${paySession}`).expect(303);
    expect(back.headers.location).toBe(`${orderPage}?done=not-paid`);
    expect((await deliver('checkout.session.completed', paidSession)).body.outcome).toBe('held');
    const after = await orderOf(store.id, 'declined@example.com');
    expect(after.state).toBe('failed');
    expect(after.paymentIntent).not.toBe(paidSession.payment_intent);
  });

  it('records an order paid when ordering from Stripe’s event, the buyer coming back after it to their order', async () => {
    const { reference, store, tee, path } = await openedStore(20, 'as-sold');
    const buyer = await checkedOut(path, tee.id, 'pays-now@example.com');
    const paidSession = stripe.pay(buyer.sessionId);
    expect(paidSession).toMatchObject({ mode: 'payment', amount_total: tee.shopPriceCents + 500 });
    expect((await deliver('checkout.session.completed', paidSession)).body.outcome).toBe('recorded');
    expect(await orderOf(store.id, 'pays-now@example.com')).toMatchObject({ state: 'paid' });
    const back = await request(t.app)
      .get(`${path}/paid?session=${buyer.sessionId}`)
      .set('Cookie', buyer.cookie())
      .expect(303);
    expect(back.headers.location).toMatch(/\/orders\/\d+\/[^/?]+\?done=paid$/);
    expect(
      (
        await request(t.app)
          .get(back.headers.location ?? '')
          .expect(200)
      ).text,
    ).toContain('Paid');
    expect(await mailsAbout(reference, 'paid')).toBe(1);
  });

  it('leaves a session whose metadata names an order of another session to the payments’ own records', async () => {
    const { store, tee, path } = await openedStore(2);
    const buyer = await checkedOut(path, tee.id, 'other@example.com');
    const order = await orderOf(store.id, 'other@example.com');
    const stranger = {
      ...sessionOf(buyer.sessionId),
      id: 'cs_test_notthestores',
      status: 'complete',
      metadata: { store: String(store.id), storeOrder: String(order.id) },
    };
    const answer = await deliver('checkout.session.completed', stranger).expect(200);
    expect(answer.body.outcome).toBe('unknown');
    expect(await orderOf(store.id, 'other@example.com')).toMatchObject({ state: 'saving' });
  });
});
