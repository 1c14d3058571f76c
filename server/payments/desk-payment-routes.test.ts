import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { approvedQuote } from '#tests/support/approved-quote.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const staff = 'owner@seenwear.example';

// The desk's money without Stripe: payments taken at the shop, a waived deposit, the invoice; and the
// customer's page saying how to pay the shop. On each database.
describe.each(backends)('the desk’s money on %s', (backend) => {
  let t: TestApp;
  let desk: { cookie: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({
      storage: await openTestStorage(backend),
      config: { submissionRateLimit: 3, csrfSecret, trustProxy: 1 },
    });
    desk = await staffSession(t.app, t.storage, staff);
  });

  /** A request whose quote v1 ($400, 50 % deposit) the customer approved. */
  const approved = () =>
    approvedQuote(t.storage, { payload: { name: 'Dana Whitfield', company: 'Lincoln High Boosters' }, staff });

  const post = (path: string, fields: Record<string, string>) =>
    request(t.app)
      .post(path)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, ...fields });

  it('records a payment taken at the shop, and refuses an amount or a method it cannot read', async () => {
    const reference = await approved();
    const at = `/staff/requests/${reference}/payments`;
    for (const bad of [
      { amount: '-5', method: 'cash', purpose: 'deposit' },
      { amount: 'lots', method: 'cash', purpose: 'deposit' },
      { amount: '0', method: 'cash', purpose: 'deposit' },
      { amount: '10.001', method: 'cash', purpose: 'deposit' },
      { amount: '10', method: 'bitcoin', purpose: 'deposit' },
      { amount: '10', method: 'cash', purpose: 'tip' },
    ]) {
      expect((await post(at, bad).expect(303)).headers.location).toBe(
        `/staff/requests/${reference}?done=payment-bad#money`,
      );
    }
    expect(await t.storage.payments.paymentsOf(reference)).toEqual([]);
    await post(at, { amount: '$212.50', method: 'check', purpose: 'deposit', note: 'Check 1042' }).expect(303);
    expect(
      (await t.storage.payments.paymentsOf(reference)).map(({ amountCents, method, note, recordedBy }) => ({
        amountCents,
        method,
        note,
        recordedBy,
      })),
    ).toEqual([{ amountCents: 21_250, method: 'check', note: 'Check 1042', recordedBy: `staff:${staff}` }]);
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', desk.cookie).expect(200);
    expect(page.text).toContain('Deposit paid.');
    expect(page.text).toContain('If cancelled now: the terms refund $212.50 of the $212.50 paid.');
    expect(page.text).toContain('Recorded a $212.50 deposit (Check)');
    // No card payments here: no refund through Stripe is offered.
    expect(page.text).not.toContain('Refund through Stripe');
  });

  it('waives the deposit only with a reason, and lets production start', async () => {
    const reference = await approved();
    const back = `/staff/requests/${reference}`;
    const move = () => post(`${back}/status`, { from: 'approved', to: 'in_production' });
    expect((await move().expect(303)).headers.location).toBe(`${back}?done=deposit-due`);
    const refused = await request(t.app).get(`${back}?done=deposit-due`).set('Cookie', desk.cookie).expect(200);
    expect(refused.text).toContain('Production waits for the deposit');
    expect((await post(`${back}/deposit-waiver`, { reason: '  ' }).expect(303)).headers.location).toBe(
      `${back}?done=waive-bad#money`,
    );
    await post(`${back}/deposit-waiver`, { reason: 'Pays on purchase order 5531' }).expect(303);
    expect((await move().expect(303)).headers.location).toBe(`${back}?done=moved`);
    const page = await request(t.app).get(back).set('Cookie', desk.cookie).expect(200);
    expect(page.text).toContain('Pays on purchase order 5531');
  });

  it('shows the customer how to pay the shop, and both sides the invoice with its tax line', async () => {
    const reference = await approved();
    const path = (await requestLinks(t.storage.customer, csrfSecret).pathFor(reference)) ?? '';
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('The $212.50 deposit is due to start production.');
    expect(page.text).toContain('Pay at the shop by cash, check or card');
    expect(page.text).not.toContain('/pay/deposit');
    expect(page.text).toContain('Production starts once the $212.50 deposit is paid');

    const invoice = await request(t.app).get(`${path}/invoice`).expect(200);
    // The number the books issued, once, in the order quotes were approved.
    const issued = await t.storage.books.invoiceOf(reference, 1);
    const number = `INV-${String(issued?.number).padStart(6, '0')}`;
    for (const text of [
      number,
      'Lincoln High Boosters',
      'Front print',
      '$400.00',
      '$25.00',
      '$425.00',
      '1420 Market Street',
    ]) {
      expect(invoice.text).toContain(text);
    }
    // The tax is on its own line, not among the items, and a total that includes it never adds it again.
    expect(invoice.text).not.toContain('Sales tax 6.25%');
    expect(invoice.text).toContain('The total includes sales tax.');
    expect(invoice.text).not.toMatch(/plus sales tax/i);
    expect(page.text).toContain('The total includes sales tax.');
    expect(page.text).not.toMatch(/plus sales tax|Sales tax is added/i);
    // The desk opens the same invoice with its own way back; neither copy is kept by a cache or a search engine.
    const deskInvoice = await request(t.app)
      .get(`/staff/requests/${reference}/invoice`)
      .set('Cookie', desk.cookie)
      .expect(200);
    expect(deskInvoice.text).toContain(number);
    expect(deskInvoice.text).toContain('Back to the request');
    expect(invoice.text).toContain('Back to your request');
    for (const answer of [invoice, deskInvoice]) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    await request(t.app).get(`/staff/requests/${reference}/invoice`).set('Accept', 'text/html').expect(303);
    await request(t.app).get(`/requests/${reference}/wrong-secret/invoice`).expect(404);
  });

  it('counts pay posts against the page’s rate limit', async () => {
    const reference = await approved();
    const path = (await requestLinks(t.storage.customer, csrfSecret).pathFor(reference)) ?? '';
    const session = await visitorSession(t.app, '/contact-us');
    const pay = () =>
      request(t.app)
        .post(`${path}/pay/deposit`)
        .set('Cookie', session.cookie)
        .set('X-Forwarded-For', `198.51.100.${backend === 'sqlite' ? 1 : 2}`)
        .type('form')
        .send({ [CSRF_FIELD]: session.token });
    for (let i = 0; i < 3; i += 1) expect((await pay()).headers.location).toBe(`${path}?done=pay-offline#payment`);
    expect((await pay()).status).toBe(429);
  });
});
