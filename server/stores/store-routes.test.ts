import { inflateSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { wallClockIn } from '#shared/groups/zoned-time.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { openStoreAtDesk, storeBuyer, teeRequest } from '#tests/support/store-desk.ts';
import {
  type StripeStandIn,
  standInFee,
  standInStripeConfig,
  startStripeStandIn,
} from '#tests/support/stripe-stand-in.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 24 * 3_600_000;
const zone = 'America/Chicago';

/** The lines of text a pdfkit file draws, in order: each TJ's hex strings decoded (Helvetica's WinAnsi). */
function pdfLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/\[([^\]]*)\] TJ/g))
      lines.push(
        [...(shown[1] ?? '').matchAll(/<([0-9a-f]*)>/g)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
  }
  return lines;
}

// The store's routes against the real app and the Stripe stand-in: the desk opens a store priced by the
// engine, buyers fill a cart kept on the server and save a card, and every refused input leaves
// nothing stored and nothing charged. On each database.
describe.each(backends)('a team store’s pages on %s', (backend) => {
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

  let made = 0;
  /** A screen-printed tee request, and a store the desk opened for it: a tee in two colours and a hoodie. */
  async function openedStore(
    minimum = 3,
    charging: 'minimum' | 'as-sold' = 'minimum',
    extra: Record<string, string> = {},
  ) {
    made += 1;
    const reference = await teeRequest(t.storage, `pat-${made}@example.com`);
    const form = await request(t.app)
      .get(`/staff/requests/${reference}/stores/new`)
      .set('Cookie', staff.cookie)
      .expect(200);
    expect(form.text).toContain('Open a store for');
    const opened = await openStoreAtDesk(t.app, t.storage, staff, reference, {
      title: 'Hornets fall fundraiser',
      minimum: String(minimum),
      asksNames: 'on',
      asksNumbers: 'on',
      product1Colours: 'navy, White',
      product1Sizes: 'S, M, L, XL, 2XL',
      product2: 'gildan-18500',
      product2Colours: 'Black',
      charging,
      ...extra,
    });
    return { reference, ...opened };
  }

  const buyer = (path: string) => storeBuyer(t.app, path);

  /** A buyer who adds `quantity` tees in M and saves `card`: their order page's path. */
  async function placed(
    path: string,
    productId: number,
    email: string,
    card: '4242424242424242' | '4000000000009995' | '4000002760003184',
    buyerName?: string,
    group?: string,
  ) {
    const visitor = await buyer(path);
    await visitor.post(`${path}/cart`, { product: String(productId), colour: 'Navy', size: 'M', quantity: '1' });
    const checkout = await visitor.post(`${path}/checkout`, {
      name: buyerName ?? email.split('@')[0] ?? 'Buyer',
      email,
      consent: 'yes',
      ...(group ? { group } : {}),
    });
    const sessionId = /\/pay\/(cs_test_\w+)$/.exec(checkout.headers.location ?? '')?.[1] ?? '';
    stripe.saveCard(sessionId, card);
    const saved = await request(t.app)
      .get(`${path}/saved?session=${sessionId}`)
      .set('Cookie', visitor.cookie())
      .expect(303);
    return (saved.headers.location ?? '').split('?')[0] ?? '';
  }

  it('prices each product from the engine plus the markup, and shows the counter', async () => {
    const { store, path } = await openedStore(24);
    const [tee, hoodie] = store.products;
    expect(tee).toMatchObject({ title: 'Gildan 5000 Heavy Cotton tee', colours: ['Navy', 'White'] });
    expect(tee?.sizes.map((size) => size.size)).toEqual(['S', 'M', 'L', 'XL', '2XL']);
    expect(tee?.sizes.find((size) => size.size === '2XL')?.upchargeCents).toBe(200);
    expect(hoodie?.sizes.map((size) => size.size)).toContain('5XL');
    expect(tee?.shopPriceCents).toBeGreaterThan(0);
    const page = await request(t.app).get(path).expect(200);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.text).toContain('noindex');
    expect(page.text).toContain('0 of 24 — 24 more and the order goes ahead');
    expect(page.text).toContain('Raises $5.00 for the club on every piece');
  });

  it('keeps the counter moving with a small script asking the count, the page whole without it', async () => {
    const { store, path } = await openedStore(2);
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain(`data-count-url="${path}/count"`);
    expect(page.text).toContain('<script src="/stores/live-counter.js" defer=""></script>');
    const script = await request(t.app).get('/stores/live-counter.js').expect(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.text).toContain('data-count-url');
    expect((await request(t.app).get(`${path}/count`).expect(200)).body).toEqual({
      pieces: 0,
      percent: 0,
      text: '0 of 2 — 2 more and the order goes ahead',
    });
    await placed(path, tee.id, 'count@example.com', '4242424242424242');
    const moved = await request(t.app).get(`${path}/count`).expect(200);
    expect(moved.headers['cache-control']).toContain('no-store');
    expect(moved.body).toEqual({ pieces: 1, percent: 50, text: '1 of 2 — 1 more and the order goes ahead' });
    await request(t.app).get('/stores/no-such-store-here/count').expect(404);
  });

  it('refuses a late window past two weeks on the opening form, opening nothing', async () => {
    const { reference } = await openedStore(2);
    const before = (await t.storage.teamStores.storesOf(reference)).length;
    const refused = await request(t.app)
      .post(`/staff/requests/${reference}/stores`)
      .set('Cookie', staff.cookie)
      .type('form')
      .send({
        [CSRF_FIELD]: staff.token,
        title: 'Too late',
        opensAt: wallClockIn(new Date(Date.now() - 60_000), zone),
        closesAt: wallClockIn(new Date(Date.now() + 14 * DAY), zone),
        minimum: '2',
        expected: '24',
        markup: '5.00',
        delivery: 'pickup',
        product1: 'gildan-5000',
        product1Colours: 'Navy',
        lateDays: '99',
      })
      .expect(422);
    expect(refused.text).toContain('Write the late days as 0 to 14.');
    expect(await t.storage.teamStores.storesOf(reference)).toHaveLength(before);
  });

  it('answers 404 for a store that does not exist', async () => {
    await request(t.app).get('/stores/no-such-store-here').expect(404);
    await request(t.app).get('/stores/NOT..valid').expect(404);
  });

  it('refuses what the store does not offer with a clear 4xx, storing nothing', async () => {
    const { store, path } = await openedStore();
    const [tee] = store.products;
    const visitor = await buyer(path);
    const line = {
      product: String(tee?.id),
      colour: 'Navy',
      size: 'M',
      quantity: '1',
      backName: 'KIM',
      backNumber: '7',
    };
    const refused = [
      [{ ...line, size: '5XL' }, 'Choose a size this product offers.'],
      [{ ...line, colour: 'Red' }, 'Choose a colour this product comes in.'],
      [{ ...line, quantity: '0' }, 'Choose from 1 to 50 pieces.'],
      [{ ...line, quantity: '10000' }, 'Choose from 1 to 50 pieces.'],
      [{ ...line, backName: 'ALEXANDRIANNA' }, 'A name on the back fits 12 letters at most.'],
      [{ ...line, backNumber: '123' }, 'A number of up to 2 digits'],
      [{ ...line, product: '999999' }, 'Choose a product from this store.'],
    ] as const;
    for (const [fields, message] of refused) {
      const answer = await visitor.post(`${path}/cart`, fields);
      expect(answer.status, message).toBe(422);
      expect(answer.text).toContain(message);
    }
    expect(visitor.cookie()).not.toContain('store_cart=');
    expect(await t.storage.teamStores.ordersOf(store.id)).toEqual([]);
  });

  it('prices the cart on the server whatever the post says, and saves the card without charging it', async () => {
    const { store, path } = await openedStore();
    const [tee, hoodie] = store.products;
    if (!tee || !hoodie) throw new Error('no products');
    const visitor = await buyer(path);
    const added = await visitor.post(`${path}/cart`, {
      product: String(tee.id),
      colour: 'White',
      size: '2XL',
      quantity: '2',
      backName: 'Kim',
      backNumber: '7',
      price: '0.01',
      total: '0.01',
    });
    expect(added.status).toBe(303);
    await visitor.post(`${path}/cart`, { product: String(hoodie.id), colour: 'Black', size: 'L', quantity: '1' });
    const expected = 2 * (tee.shopPriceCents + 500 + 200) + (hoodie.shopPriceCents + 500);
    const page = await request(t.app).get(path).set('Cookie', visitor.cookie()).expect(200);
    expect(page.text).toContain(`Total $${(expected / 100).toFixed(2)}`);
    expect(page.text).toContain('2 × Gildan 5000 Heavy Cotton tee, White, 2XL — KIM 7');

    // No consent, no checkout.
    const noConsent = await visitor.post(`${path}/checkout`, { name: 'Kim Lee', email: 'kim@example.com' });
    expect(noConsent.status).toBe(422);
    expect(noConsent.text).toContain('Tick the box');
    const checkout = await visitor.post(`${path}/checkout`, {
      name: 'Kim Lee',
      email: 'kim@example.com',
      consent: 'yes',
      total: '1',
    });
    expect(checkout.status).toBe(303);
    const sessionId = /\/pay\/(cs_test_\w+)$/.exec(checkout.headers.location ?? '')?.[1] ?? '';
    expect(stripe.sessions.get(sessionId)).toMatchObject({ mode: 'setup', status: 'open' });
    stripe.saveCard(sessionId, '4242424242424242');
    const saved = await request(t.app)
      .get(`${path}/saved?session=${sessionId}`)
      .set('Cookie', visitor.cookie())
      .expect(303);
    expect(saved.headers.location).toMatch(new RegExp(`^${path}/orders/\\d+/[\\w-]{43}\\?done=saved$`));
    const order = await request(t.app)
      .get(saved.headers.location ?? '')
      .expect(200);
    expect(order.text).toContain('Nothing is charged unless the store reaches its minimum');
    // Nothing was charged at checkout.
    expect(stripe.paymentIntents.size).toBe(0);
    const counted = await request(t.app).get(path).expect(200);
    expect(counted.text).toContain('3 of 3 — the minimum is reached');
  });

  it('refuses a cart changed after the store closed, and the close charges each saved card its total', async () => {
    const { reference, store, path } = await openedStore(2);
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    const visitor = await buyer(path);
    await visitor.post(`${path}/cart`, { product: String(tee.id), colour: 'Navy', size: 'M', quantity: '2' });
    const checkout = await visitor.post(`${path}/checkout`, {
      name: 'Bo Ray',
      email: 'bo@example.com',
      consent: 'yes',
    });
    const sessionId = /\/pay\/(cs_test_\w+)$/.exec(checkout.headers.location ?? '')?.[1] ?? '';
    stripe.saveCard(sessionId, '4242424242424242');
    await request(t.app).get(`${path}/saved?session=${sessionId}`).set('Cookie', visitor.cookie()).expect(303);

    const late = await buyer(path);
    await late.post(`${path}/cart`, { product: String(tee.id), colour: 'Navy', size: 'L', quantity: '1' });
    const closed = await request(t.app)
      .post(`/staff/stores/${store.id}/close`)
      .set('Cookie', staff.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: staff.token })
      .expect(303);
    expect(closed.headers.location).toBe(`/staff/stores/${store.id}?done=charged`);
    const refused = await late.post(`${path}/cart`, {
      product: String(tee.id),
      colour: 'Navy',
      size: 'M',
      quantity: '1',
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('not taking orders now');
    const lateCart = await late.post(`${path}/checkout`, { name: 'Late', email: 'late@example.com', consent: 'yes' });
    expect(lateCart.status).toBe(409);

    const charges = [...stripe.paymentIntents.values()].filter(
      (intent) => (intent.metadata as Record<string, string>).store === String(store.id),
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amount: 2 * (tee.shopPriceCents + 500),
      status: 'succeeded',
      off_session: true,
    });
    const keys = stripe.calls.filter((call) => call.path === '/v1/payment_intents').map((call) => call.idempotencyKey);
    expect(keys.at(-1)).toMatch(new RegExp(`:store${store.id}:r1:o\\d+:${2 * (tee.shopPriceCents + 500)}$`));
    const desk = await request(t.app).get(`/staff/stores/${store.id}`).set('Cookie', staff.cookie).expect(200);
    expect(desk.text).toContain('Closed: minimum reached, cards charged');
    expect(desk.text).toContain('$10.00');
    // The statement: the sale, the shop's price, Stripe's fee as its balance transaction said, the club's rest.
    const sale = 2 * (tee.shopPriceCents + 500);
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const figure = (id: string) => new RegExp(`data-testid="statement-${id}">([^<]+)<`).exec(desk.text)?.[1];
    expect(figure('sales')).toBe(money(sale));
    expect(figure('shop')).toBe(money(2 * tee.shopPriceCents));
    expect(figure('fees')).toBe(money(standInFee(sale)));
    expect(figure('payout')).toBe(money(1000 - standInFee(sale)));
    expect(await t.storage.teamStores.ordersOf(store.id)).toEqual([
      expect.objectContaining({ state: 'charged', feeCents: standInFee(sale), totalCents: sale }),
    ]);
    const mails = (await t.storage.outbox.notificationsOf(reference)).map((mail) => mail.facts);
    expect(mails).toContainEqual(expect.objectContaining({ kind: 'team-store', about: 'charged' }));
    // The organiser's read-only page, from the link the desk shows: the same totals and statement,
    // the buyers' names without their addresses, and no control of the shop's.
    const organiserLink = /id="organiser-link"[^>]*value="([^"]+)"/.exec(desk.text)?.[1] ?? '';
    const organiser = await request(t.app).get(new URL(organiserLink).pathname).expect(200);
    expect(organiser.headers['x-robots-tag']).toContain('noindex');
    expect(organiser.text).toContain('Bo Ray');
    expect(organiser.text).not.toContain('bo@example.com');
    expect(organiser.text).toContain(`data-testid="statement-payout">${money(1000 - standInFee(sale))}<`);
    expect(organiser.text).not.toContain('Copy this store');
    await request(t.app)
      .get(`${new URL(organiserLink).pathname.slice(0, -3)}abc`)
      .expect(404);
  });

  it('turns a store closed with its minimum into one run on the board, its papers sorted by team then surname, and mails the bags', async () => {
    const { reference, store, path } = await openedStore(3, 'minimum', { sortBy: 'team' });
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    // The store sorts by team: a checkout without one is refused, nothing saved.
    const visitor = await buyer(path);
    await visitor.post(`${path}/cart`, { product: String(tee.id), colour: 'Navy', size: 'M', quantity: '1' });
    const missing = await visitor.post(`${path}/checkout`, {
      name: 'No Team',
      email: 'no@example.com',
      consent: 'yes',
    });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain('Write your team: the bags are sorted by it.');
    await placed(path, tee.id, 'zed@example.com', '4242424242424242', 'Zed Adams', 'Varsity');
    await placed(path, tee.id, 'amy@example.com', '4242424242424242', 'Amy Young', 'JV');
    await placed(path, tee.id, 'cal@example.com', '4242424242424242', 'Cal Brown', 'Varsity');
    // Nothing goes into production before the close.
    await request(t.app).get(`/staff/stores/${store.id}/pickup-list.pdf`).set('Cookie', staff.cookie).expect(409);

    await request(t.app)
      .post(`/staff/stores/${store.id}/close`)
      .set('Cookie', staff.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: staff.token })
      .expect(303);
    // One order on the board for the three pieces, its press day from the shop's load.
    const onBoard = (await t.storage.production.boardOrders()).filter((order) => order.reference === reference);
    expect(onBoard).toEqual([
      expect.objectContaining({ status: 'proof_approved', pieces: 3, service: 'screen-printing' }),
    ]);
    expect(onBoard[0]?.pressDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const desk = await request(t.app).get(`/staff/stores/${store.id}`).set('Cookie', staff.cookie).expect(200);
    expect(desk.text).toContain(`On the board as request ${reference}`);
    expect(desk.text).toContain('Bags ready: mail the buyers');

    const paper = async (name: string) => {
      const answer = await request(t.app)
        .get(`/staff/stores/${store.id}/${name}.pdf`)
        .set('Cookie', staff.cookie)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(answer.headers['content-type']).toContain('application/pdf');
      return pdfLines(answer.body as Buffer);
    };
    // By team first (JV before Varsity), then by surname within a team (Adams before Brown).
    const pickup = (await paper('pickup-list')).filter((line) => line.includes('piece'));
    expect(pickup.map((line) => line.split(' · ').slice(0, 2).join(' · '))).toEqual([
      'JV · Amy Young',
      'Varsity · Zed Adams',
      'Varsity · Cal Brown',
    ]);
    const labels = await paper('bag-labels');
    expect(labels.filter((line) => ['Amy Young', 'Zed Adams', 'Cal Brown'].includes(line))).toEqual([
      'Amy Young',
      'Zed Adams',
      'Cal Brown',
    ]);
    const work = await paper('work-order');
    expect(work).toContain(`3 × ${tee.title}, Navy, M`);
    expect(work).toContain(`    1 × ${tee.title}, Navy, M`);
    expect(work.some((line) => line.startsWith('Team Varsity · Zed Adams'))).toBe(true);

    await request(t.app)
      .post(`/staff/stores/${store.id}/bags-ready`)
      .set('Cookie', staff.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: staff.token })
      .expect(303);
    const bagMails = (await t.storage.outbox.notificationsOf(reference)).filter(
      (mail) => mail.facts?.kind === 'team-store' && mail.facts.about === 'bag-ready',
    );
    expect(bagMails).toHaveLength(3);
    // Said once: a second press is refused and mails nobody again.
    await request(t.app)
      .post(`/staff/stores/${store.id}/bags-ready`)
      .set('Cookie', staff.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: staff.token })
      .expect(409);
  });

  it('takes late add-ons after a close that met the minimum, and charges them at once', async () => {
    const { store, path } = await openedStore(1, 'minimum', { lateDays: '3' });
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    await placed(path, tee.id, 'first@example.com', '4242424242424242');
    await request(t.app)
      .post(`/staff/stores/${store.id}/close`)
      .set('Cookie', staff.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: staff.token })
      .expect(303);
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('late add-ons are taken until');
    const late = await buyer(path);
    const added = await late.post(`${path}/cart`, {
      product: String(tee.id),
      colour: 'Navy',
      size: 'M',
      quantity: '1',
    });
    expect(added.status).toBe(303);
    const withCart = await request(t.app).get(path).set('Cookie', late.cookie()).expect(200);
    expect(withCart.text).toContain(`Pay $${((tee.shopPriceCents + 500) / 100).toFixed(2)} and place my order`);
    expect(withCart.text).not.toContain('Keep my card on file');
    const checkout = await late.post(`${path}/checkout`, { name: 'Lou Late', email: 'lou@example.com' });
    expect(checkout.status).toBe(303);
    const sessionId = /\/pay\/(cs_test_\w+)$/.exec(checkout.headers.location ?? '')?.[1] ?? '';
    // Charged at once: the minimum is already met, so nothing waits for a close.
    expect(stripe.sessions.get(sessionId)).toMatchObject({ mode: 'payment', amount_total: tee.shopPriceCents + 500 });
    stripe.pay(sessionId);
    const paid = await request(t.app).get(`${path}/paid?session=${sessionId}`).set('Cookie', late.cookie()).expect(303);
    expect(paid.headers.location).toMatch(/\?done=paid$/);
    expect((await t.storage.teamStores.ordersOf(store.id)).map((order) => order.state)).toEqual(['charged', 'paid']);
  });

  it('mails a pay link when the bank refuses the charge or asks for authentication, and takes the payment through it', async () => {
    const { reference, store, path } = await openedStore(2);
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    const ok = await placed(path, tee.id, 'ok@example.com', '4242424242424242');
    const declined = await placed(path, tee.id, 'declined@example.com', '4000000000009995');
    const authenticate = await placed(path, tee.id, 'auth@example.com', '4000002760003184');
    await request(t.app)
      .post(`/staff/stores/${store.id}/close`)
      .set('Cookie', staff.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: staff.token })
      .expect(303);
    const states = (await t.storage.teamStores.ordersOf(store.id)).map((order) => [
      order.buyerEmail,
      order.state,
      order.chargeError,
    ]);
    expect(states).toEqual([
      ['ok@example.com', 'charged', null],
      ['declined@example.com', 'failed', 'card_declined'],
      ['auth@example.com', 'failed', 'authentication_required'],
    ]);
    const mails = (await t.storage.outbox.notificationsOf(reference)).map((mail) => mail.facts);
    expect(mails.filter((facts) => facts?.kind === 'team-store' && facts.about === 'pay-link')).toHaveLength(2);
    expect((await request(t.app).get(ok).expect(200)).text).toContain('Charged');

    const page = await request(t.app).get(authenticate).expect(200);
    const amount = `$${((tee.shopPriceCents + 500) / 100).toFixed(2)}`;
    expect(page.text).toContain(`Pay ${amount}`);
    const session = await visitorSession(t.app, authenticate);
    const pay = await request(t.app)
      .post(`${authenticate}/pay`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, amount: '1' })
      .expect(303);
    const paySession = /\/pay\/(cs_test_\w+)$/.exec(pay.headers.location ?? '')?.[1] ?? '';
    expect(stripe.sessions.get(paySession)).toMatchObject({ mode: 'payment', amount_total: tee.shopPriceCents + 500 });
    stripe.pay(paySession);
    const paid = await request(t.app).get(`${authenticate}/paid?session=${paySession}`).expect(303);
    expect(paid.headers.location).toBe(`${authenticate}?done=paid`);
    expect((await request(t.app).get(authenticate).expect(200)).text).toContain('Paid. Thank you');
    const paidOrder = (await t.storage.teamStores.ordersOf(store.id)).find(
      (each) => each.buyerEmail === 'auth@example.com',
    );
    expect(paidOrder).toMatchObject({ state: 'paid', feeCents: standInFee(tee.shopPriceCents + 500) });
    // Nothing to pay twice, and nothing to pay on an order charged already.
    await request(t.app)
      .post(`${authenticate}/pay`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token })
      .expect(409);
    expect((await request(t.app).get(declined).expect(200)).text).toContain('Please pay below');
    // A buyer who pays on Stripe's page and never comes back: recorded when their order is next opened.
    const again = await visitorSession(t.app, declined);
    const started = await request(t.app)
      .post(`${declined}/pay`)
      .set('Cookie', again.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: again.token })
      .expect(303);
    stripe.pay(/\/pay\/(cs_test_\w+)$/.exec(started.headers.location ?? '')?.[1] ?? '');
    expect((await request(t.app).get(declined).expect(200)).text).toContain('Paid. Thank you');
    // A wrong secret opens nothing.
    await request(t.app)
      .get(`${declined.slice(0, -3)}abc`)
      .expect(404);
  });

  it('moves the close while the store is open, and copies a store for next season', async () => {
    const { store } = await openedStore();
    const post = (action: string, fields: Record<string, string> = {}) =>
      request(t.app)
        .post(action)
        .set('Cookie', staff.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: staff.token, ...fields });
    const later = new Date(Date.now() + 30 * DAY);
    await post(`/staff/stores/${store.id}/extend`, { closesAt: wallClockIn(later, zone) }).expect(303);
    const moved = await t.storage.teamStores.storeById(store.id);
    expect(Math.abs((moved?.closesAt.getTime() ?? 0) - later.getTime())).toBeLessThan(60_000);
    const past = await post(`/staff/stores/${store.id}/extend`, {
      closesAt: wallClockIn(new Date(Date.now() - DAY), zone),
    });
    expect(past.status).toBe(422);

    const copy = await request(t.app).get(`/staff/stores/${store.id}/copy`).set('Cookie', staff.cookie).expect(200);
    expect(copy.text).toContain('value="Hornets fall fundraiser"');
    expect(copy.text).toContain('value="Navy, White"');
    expect(copy.text).toContain('value="S, M, L, XL, 2XL"');

    await post(`/staff/stores/${store.id}/close`).expect(303);
    const closed = await post(`/staff/stores/${store.id}/extend`, { closesAt: wallClockIn(later, zone) });
    expect(closed.status).toBe(409);
  });

  it('bounds the posts from one address and the guesses at a private link', async () => {
    // Its own database: the other tests' posts from this address count in theirs.
    const strict = await createTestApp({ storage: await openTestStorage(backend), config: { submissionRateLimit: 1 } });
    const { reference } = await strict.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Organiser',
      email: 'pat@example.com',
      payload: {},
      formValues: {},
      files: [],
    });
    const store = await strict.storage.teamStores.openStore(
      reference,
      {
        title: 'Limits',
        opensAt: new Date(Date.now() - DAY),
        closesAt: new Date(Date.now() + DAY),
        minimumPieces: 1,
        charging: 'minimum',
        expectedPieces: 1,
        markupCents: 0,
        delivery: 'pickup',
        shippingCents: 0,
        asksNames: false,
        asksNumbers: false,
        sortBy: '',
        lateDays: 0,
      },
      [
        {
          garment: 'gildan-5000',
          title: 'Tee',
          colours: ['Navy'],
          sizes: [{ size: 'M', upchargeCents: 0 }],
          shopPriceCents: 1000,
        },
      ],
      { slug: `limits-${backend}`, organiserSalt: 'salt' },
      'staff:owner@example.com',
    );
    const path = `/stores/limits-${backend}`;
    const session = await visitorSession(strict.app, path);
    const add = () =>
      request(strict.app)
        .post(`${path}/cart`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({
          [CSRF_FIELD]: session.token,
          product: String(store?.products[0]?.id),
          colour: 'Navy',
          size: 'M',
          quantity: '1',
        });
    // Ten times the form's limit: a school orders from one address.
    for (let post = 0; post < 10; post += 1) expect((await add()).status).toBe(303);
    expect((await add()).status).toBe(429);
    const wrong = `${path}/orders/1/${'a'.repeat(43)}`;
    expect((await request(strict.app).get(wrong)).status).toBe(404);
    expect((await request(strict.app).get(wrong)).status).toBe(429);
    await strict.storage.close();
  });

  it('in a store that prints whatever sells, takes each payment when ordering and charges nothing at the close', async () => {
    const { store, path } = await openedStore(20, 'as-sold');
    expect(store.charging).toBe('as-sold');
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    const visitor = await buyer(path);
    await visitor.post(`${path}/cart`, { product: String(tee.id), colour: 'Navy', size: 'M', quantity: '2' });
    const page = await request(t.app).get(path).set('Cookie', visitor.cookie()).expect(200);
    const total = 2 * (tee.shopPriceCents + 500);
    expect(page.text).toContain(`Pay $${(total / 100).toFixed(2)} and place my order`);
    expect(page.text).not.toContain('Keep my card on file');
    const checkout = await visitor.post(`${path}/checkout`, { name: 'Eve Park', email: 'eve@example.com' });
    expect(checkout.status).toBe(303);
    const sessionId = /\/pay\/(cs_test_\w+)$/.exec(checkout.headers.location ?? '')?.[1] ?? '';
    expect(stripe.sessions.get(sessionId)).toMatchObject({ mode: 'payment', amount_total: total });
    stripe.pay(sessionId);
    const paid = await request(t.app)
      .get(`${path}/paid?session=${sessionId}`)
      .set('Cookie', visitor.cookie())
      .expect(303);
    expect(paid.headers.location).toMatch(/\?done=paid$/);
    expect((await request(t.app).get(path).expect(200)).text).toContain('2 pieces ordered so far');
    const before = [...stripe.paymentIntents.values()].filter((intent) => intent.off_session === true).length;
    const closed = await request(t.app)
      .post(`/staff/stores/${store.id}/close`)
      .set('Cookie', staff.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: staff.token })
      .expect(303);
    expect(closed.headers.location).toBe(`/staff/stores/${store.id}?done=charged`);
    expect([...stripe.paymentIntents.values()].filter((intent) => intent.off_session === true)).toHaveLength(before);
    const desk = await request(t.app).get(`/staff/stores/${store.id}`).set('Cookie', staff.cookie).expect(200);
    expect(desk.text).toContain('Closed: paid when ordered, all of it printed');
    expect(desk.text).toContain(`data-testid="statement-sales">$${(total / 100).toFixed(2)}<`);
  });
});
