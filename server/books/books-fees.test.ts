import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#shared/books/csv.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { dayIn } from '#shared/desk-format.ts';
import { approvedQuote } from '#tests/support/approved-quote.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import {
  type StripeStandIn,
  signedEvent,
  standInFee,
  standInStripeConfig,
  startStripeStandIn,
} from '#tests/support/stripe-stand-in.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
const timeZone = 'America/Chicago';
/** Half of the $425.00 quote: the deposit, then the balance. */
const HALF = 21_250;

/** An amount column of a CSV in cents, summed. */
function sumOf(csv: string, column: string): number {
  const [header = [], ...rows] = parseCsv(csv);
  const index = header.indexOf(column);
  return rows.reduce((sum, row) => sum + Math.round(Number(row[index]) * 100), 0);
}

/** The page's text without its tags, to read figures as a person does. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

// Stripe's fees come from each card payment's balance transaction, read through the official package
// from the stand-in: kept with the payment as the webhook records it, fetched later when Stripe did not
// answer, shown on the month view with the payouts Stripe lists, and carried in the exports.
describe.each(backends)('Stripe fees and payouts in the books on %s', (backend) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let desk: { cookie: string; token: string };
  let reference: string;
  const month = dayIn(new Date().toISOString(), timeZone).slice(0, 7);

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({
      storage: await openTestStorage(backend),
      config: {
        stripe: standInStripeConfig(stripe),
      },
    });
    desk = await staffSession(t.app, t.storage, staff);
    reference = await approvedQuote(t.storage, { staff });
  });
  afterAll(() => stripe.close());

  const get = (path: string) => request(t.app).get(path).set('Cookie', desk.cookie);
  const deliver = (type: string, object: Record<string, unknown>) => {
    const event = signedEvent(type, object);
    return request(t.app)
      .post('/webhooks/stripe')
      .set('Stripe-Signature', event.signature)
      .set('Content-Type', 'application/json')
      .send(event.payload)
      .expect(200);
  };

  /** The customer pays `purpose` on Stripe's page; Stripe tells the site. Returns the payment row's id. */
  async function payByCard(purpose: 'deposit' | 'balance') {
    const id = `cs_test_${backend}_${purpose}`;
    stripe.sessions.set(id, {
      id,
      object: 'checkout.session',
      mode: 'payment',
      amount_total: HALF,
      currency: 'usd',
      metadata: { reference, purpose, quoteVersion: '1' },
      payment_status: 'unpaid',
      status: 'open',
    });
    await t.storage.payments.saveCheckoutSession(reference, {
      id,
      purpose,
      quoteVersion: 1,
      amountCents: HALF,
      currency: 'usd',
      url: `${stripe.url}/pay/${id}`,
      status: 'open',
      idempotencyKey: `key-${backend}-${purpose}`,
      createdAt: new Date(),
    });
    const session = stripe.pay(id);
    const answer = await deliver('checkout.session.completed', session);
    expect(answer.body.outcome).toBe('recorded');
    const row = (await t.storage.payments.paymentsOf(reference)).find((item) => item.stripeSessionId === id);
    return { paymentId: row?.id ?? 0, paymentIntent: String(session.payment_intent) };
  }

  const intentReads = (paymentIntent: string) =>
    stripe.calls.filter((call) => call.method === 'GET' && call.path === `/v1/payment_intents/${paymentIntent}`).length;

  it('keeps Stripe’s fee and net with a card payment as the webhook records it', async () => {
    const { paymentId } = await payByCard('deposit');
    await expect
      .poll(() => t.storage.stripeFees.feeOf(paymentId))
      .toMatchObject({
        feeCents: standInFee(HALF),
        netCents: HALF - standInFee(HALF),
      });
    expect((await t.storage.stripeFees.feeOf(paymentId))?.balanceTransaction).toMatch(/^txn_/);
  });

  it('records the payment when Stripe does not give its fee, and fetches the fee when the books are read', async () => {
    stripe.balanceDown = true;
    const { paymentId, paymentIntent } = await payByCard('balance');
    // The money is counted at once; the fee is not known yet.
    const row = (await t.storage.payments.paymentsOf(reference)).find((item) => item.id === paymentId);
    expect(row).toMatchObject({ kind: 'payment', state: 'succeeded', amountCents: HALF });
    await expect.poll(() => intentReads(paymentIntent)).toBeGreaterThan(0);
    expect(await t.storage.stripeFees.feeOf(paymentId)).toBeUndefined();

    // Stripe still down: the month says which fee is missing, and that the payouts did not come.
    const down = textOf((await get(`/staff/books?month=${month}`).expect(200)).text);
    expect(down).toContain('Stripe fee not known yet');
    expect(down).toContain('Stripe has not given the fee of one card entry yet');
    expect(down).toContain('Stripe did not answer just now');
    expect(down).toMatch(/Net received \$425\.00/);
    expect(down).toMatch(/Stripe fees \(1\) \$6\.46/);

    stripe.balanceDown = false;
    const back = textOf((await get(`/staff/books?month=${month}`).expect(200)).text);
    expect(back).not.toContain('not known yet');
    expect(await t.storage.stripeFees.feeOf(paymentId)).toMatchObject({ feeCents: standInFee(HALF) });
  });

  it('keeps a card refund’s own balance transaction: the money back, no fee returned', async () => {
    const [deposit] = await t.storage.payments.paymentsOf(reference);
    await request(t.app)
      .post(`/staff/requests/${reference}/payments/${deposit?.id}/refund`)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, amount: '50.00' })
      .expect(303);
    const asked = [...stripe.refunds.values()].at(-1) ?? {};
    asked.status = 'succeeded';
    await deliver('refund.updated', asked);
    const refund = (await t.storage.payments.paymentsOf(reference)).find((item) => item.kind === 'refund');
    expect(refund?.state).toBe('succeeded');
    await expect
      .poll(() => t.storage.stripeFees.feeOf(refund?.id ?? 0))
      .toMatchObject({
        feeCents: 0,
        netCents: -5_000,
      });
  });

  it('shows the month’s gross, fees, refunds and net adding up, with Stripe’s payouts, and exports the fees', async () => {
    stripe.payout(20_604, `${month}-15`);
    stripe.payout(20_604, `${month}-16`, 'in_transit');
    // Another month's payout is not this month's.
    stripe.payout(99_999, '2020-01-15');
    const page = textOf((await get(`/staff/books?month=${month}`).expect(200)).text);
    const fees = 2 * standInFee(HALF);
    expect(fees).toBe(1_292);
    expect(page).toMatch(/Received, gross \(2\) \$425\.00/);
    expect(page).toMatch(/Refunded \(1\) \$50\.00/);
    expect(page).toMatch(/Net received \$375\.00/);
    expect(page).toMatch(/Stripe fees \(3\) \$12\.92/);
    expect(page).toMatch(/Net after Stripe fees \$362\.08/);
    expect(page).toContain('Stripe fee $6.46');
    expect(page).toContain('Stripe payouts to the bank');
    expect(page).toMatch(/Paid · po_test_\w+ \$206\.04/);
    expect(page).toMatch(/In transit · po_test_\w+ \$206\.04/);
    expect(page).not.toContain('$999.99');
    expect(page).toMatch(/Paid to the bank \$206\.04/);

    const range = `from=${month}-01&to=${dayIn(new Date().toISOString(), timeZone)}`;
    const file = async (layout: string) =>
      (await get(`/staff/books/export?${range}&layout=${layout}`).expect(200)).text;
    const summary = parseCsv(await file('summary'));
    expect(summary).toContainEqual(['Payments received (gross)', '2', '425.00']);
    expect(summary).toContainEqual(['Refunds', '1', '50.00']);
    expect(summary).toContainEqual(['Net received', '', '375.00']);
    expect(summary).toContainEqual(['Stripe fees', '3', '12.92']);
    expect(summary).toContainEqual(['Stripe fees not known yet', '0', '']);
    expect(summary).toContainEqual(['Net after Stripe fees', '', '362.08']);
    // The bank files: each payment, each refund, each fee a line; their sum is the net after fees.
    const quickbooks = await file('quickbooks-bank');
    expect(sumOf(quickbooks, 'Amount')).toBe(36_208);
    expect(parseCsv(quickbooks).filter((row) => row[1]?.startsWith('FEE-'))).toHaveLength(2);
    const xero = await file('xero-bank');
    expect(sumOf(xero, '*Amount')).toBe(36_208);
    const feeRows = parseCsv(xero).filter((row) => row[4]?.startsWith('FEE-'));
    expect(feeRows.map((row) => [row[1], row[2]])).toEqual([
      ['-6.46', 'Stripe'],
      ['-6.46', 'Stripe'],
    ]);
    // Exported again: the same lines under the same ids.
    expect(await file('xero-bank')).toBe(xero);
  });

  it('keeps the fees in the books once the privacy purge has deleted the request and its payment rows', async () => {
    const before = textOf((await get(`/staff/books?month=${month}`).expect(200)).text);
    const far = new Date(Date.now() + 365 * 24 * 3600_000);
    const purged = await t.storage.submissions.deleteSubmissionsBefore(far, { ordersBefore: far });
    expect(purged.deleted).toBe(1);
    expect(await t.storage.payments.paymentsOf(reference)).toEqual([]);
    const after = textOf((await get(`/staff/books?month=${month}`).expect(200)).text);
    expect(after).toMatch(/Stripe fees \(3\) \$12\.92/);
    expect(after).toMatch(/Net after Stripe fees \$362\.08/);
    expect(after.match(/Stripe fee \$6\.46/g)).toHaveLength(2);
    expect(before).toMatch(/Net after Stripe fees \$362\.08/);
  });
});
