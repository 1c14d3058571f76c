import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeCheckout } from '#server/payments/checkout-verdict.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { parseCsv } from '#shared/books/csv.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { dayIn } from '#shared/desk-format.ts';
import { approvedQuote } from '#tests/support/approved-quote.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
const timeZone = 'America/Chicago';

/** An amount column of a CSV in cents, summed. */
function sumOf(csv: string, column: string): number {
  const [header = [], ...rows] = parseCsv(csv);
  const index = header.indexOf(column);
  return rows.reduce((sum, row) => sum + Math.round(Number(row[index]) * 100), 0);
}

// A month on the desk: a card deposit, a balance by check, part of the card refunded through Stripe
// and cash given back at the counter. The month view and every export agree to the cent; refunds get
// credit notes; bad refunds and ranges are refused with what was wrong, and nothing is stored.
describe.each(backends)('the books on the desk on %s', (backend) => {
  let t: TestApp;
  let desk: { cookie: string; token: string };
  let reference: string;

  beforeAll(async () => {
    t = await createTestApp({ storage: await openTestStorage(backend) });
    desk = await staffSession(t.app, t.storage, staff);
    reference = await approvedQuote(t.storage, {
      // A company name a spreadsheet would run as a formula.
      payload: { name: 'Dana Whitfield', company: '=HYPERLINK("http://evil.example","Lincoln High")' },
      staff,
    });
    // The deposit by card on the site.
    await t.storage.payments.saveCheckoutSession(reference, {
      id: `cs_${backend}_books`,
      purpose: 'deposit',
      quoteVersion: 1,
      amountCents: 21_250,
      currency: 'usd',
      url: 'https://checkout.example/books',
      status: 'open',
      idempotencyKey: `key-${backend}-books`,
      createdAt: new Date(),
    });
    await t.storage.payments.applyCheckoutEvent(
      { id: `evt_${backend}_books`, type: 'checkout.session.completed' },
      `cs_${backend}_books`,
      { paymentIntent: `pi_${backend}_books` },
      (state) => judgeCheckout({ result: 'paid', amountTotal: 21_250, currency: 'usd' }, state),
    );
    const [card] = await t.storage.payments.paymentsOf(reference);
    // Stripe's fee on it, as its balance transaction gave it (the refund's is not known yet).
    await t.storage.stripeFees.recordFee(card?.id ?? 0, {
      feeCents: 646,
      netCents: 20_604,
      balanceTransaction: `txn_${backend}_books`,
    });
    // The balance by check at the counter.
    await t.storage.payments.recordOfflinePayment(reference, {
      amountCents: 21_250,
      method: 'check',
      purpose: 'balance',
      note: 'Check 1042',
      actor: `staff:${staff}`,
    });
    // $50 of the card refunded through Stripe.
    await t.storage.payments.applyRefundEvent(
      { id: `evt_${backend}_books_r`, type: 'refund.updated' },
      {
        id: `re_${backend}_books`,
        amountCents: 5_000,
        currency: 'usd',
        status: 'succeeded',
        paymentIntent: `pi_${backend}_books`,
        paymentId: card?.id ?? null,
      },
    );
  });

  const post = (path: string, fields: Record<string, string>) =>
    request(t.app)
      .post(path)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, ...fields });
  const get = (path: string) => request(t.app).get(path).set('Cookie', desk.cookie);

  it('records cash given back with a credit note, and refuses more than was paid or a bad amount', async () => {
    const at = `/staff/requests/${reference}/refunds`;
    const before = await t.storage.payments.paymentsOf(reference);
    for (const [fields, words] of [
      [{ amount: '375.01', method: 'cash', note: '' }, 'at most $375.00'],
      [{ amount: '-20', method: 'cash', note: '' }, 'more than 0'],
      [{ amount: '20', method: 'bitcoin', note: '' }, 'cash or check'],
    ] as const) {
      const answer = await post(at, fields).expect(422);
      expect(answer.text).toContain(words);
    }
    expect(await t.storage.payments.paymentsOf(reference)).toEqual(before);

    const done = await post(at, { amount: '20.00', method: 'cash', note: 'Two shirts short' }).expect(303);
    expect(done.headers.location).toBe(`/staff/requests/${reference}?done=refund-recorded#money`);
    const refund = (await t.storage.payments.paymentsOf(reference)).at(-1);
    expect(refund).toMatchObject({ kind: 'refund', method: 'cash', amountCents: 2_000, state: 'succeeded' });

    // Its credit note: the Stripe refund came first, so this is the second.
    const link = await get(`/staff/requests/${reference}/refunds/${refund?.id}/credit-note`).expect(303);
    expect(link.headers.location).toBe('/staff/books/credit-notes/CN-000002');
    const note = await get('/staff/books/credit-notes/CN-000002').expect(200);
    expect(note.text).toContain('Credit note');
    expect(note.text).toContain('INV-000001');
    expect(note.text).toContain('$20.00');
    // The invoice keeps its number and says what was paid and refunded; it is never edited.
    const invoice = await get(`/staff/requests/${reference}/invoice`).expect(200);
    expect(invoice.text).toContain('INV-000001');
    expect(invoice.text).toContain('$425.00');
    expect(invoice.text).toContain('$355.00');
    await get('/staff/books/credit-notes/CN-000099').expect(404);
  });

  it('shows the month’s gross, refunds and net, and exports files that match it to the cent', async () => {
    const today = dayIn(new Date().toISOString(), timeZone);
    const month = await get(`/staff/books?month=${today.slice(0, 7)}`).expect(200);
    const figures = month.text.replace(/<[^>]+>/g, ' ');
    expect(figures).toMatch(/Invoiced \(1\)\s+\$425\.00/);
    expect(figures).toMatch(/Received, gross \(2\)\s+\$425\.00/);
    expect(figures).toMatch(/Refunded \(2\)\s+\$70\.00/);
    expect(figures).toMatch(/Net received\s+\$355\.00/);
    expect(figures).toMatch(/Stripe fees \(1\)\s+\$6\.46/);
    expect(figures).toMatch(/Net after Stripe fees\s+\$348\.54/);
    expect(figures).toContain('Stripe has not given the fee of one card entry yet');

    const range = `from=${today.slice(0, 7)}-01&to=${today}`;
    const file = async (layout: string) => {
      const answer = await get(`/staff/books/export?${range}&layout=${layout}`).expect(200);
      expect(answer.headers['content-type']).toContain('text/csv');
      return answer.text;
    };
    const summary = parseCsv(await file('summary'));
    expect(summary).toContainEqual(['Payments received (gross)', '2', '425.00']);
    expect(summary).toContainEqual(['Refunds', '2', '70.00']);
    expect(summary).toContainEqual(['Net received', '', '355.00']);
    expect(summary).toContainEqual(['Stripe fees', '1', '6.46']);
    expect(summary).toContainEqual(['Stripe fees not known yet', '1', '']);
    expect(summary).toContainEqual(['Net after Stripe fees', '', '348.54']);
    // The bank files carry the fee as a line of its own: they sum to the net after fees.
    expect(sumOf(await file('quickbooks-bank'), 'Amount')).toBe(34_854);
    expect(sumOf(await file('xero-bank'), '*Amount')).toBe(34_854);
    expect(sumOf(await file('quickbooks-invoices'), 'ItemAmount')).toBe(42_500);
    const xero = await file('xero-invoices');
    // The invoice's lines, then the two credit notes, negative: $425 less $70.
    const [header = [], ...rows] = parseCsv(xero);
    const quantity = header.indexOf('*Quantity');
    const unit = header.indexOf('*UnitAmount');
    expect(rows.reduce((sum, row) => sum + Number(row[quantity]) * Math.round(Number(row[unit]) * 100), 0)).toBe(
      35_500,
    );
    expect(rows.map((row) => row[header.indexOf('*InvoiceNumber')])).toEqual([
      'INV-000001',
      'INV-000001',
      'CN-000001',
      'CN-000002',
    ]);
    // The formula the customer typed is text in the bookkeeper's spreadsheet.
    expect(rows[0]?.[0]).toBe('\'=HYPERLINK("http://evil.example","Lincoln High")');
    // Exported again: the same rows, the same numbers and ids.
    expect(await file('xero-invoices')).toBe(xero);
  });

  it('completes an order with a balance open only when the desk says why, and keeps why in the log', async () => {
    const move = (from: string, to: string, more: Record<string, string> = {}) =>
      post(`/staff/requests/${reference}/status`, { from, to, ...more }).expect(303);
    expect((await move('approved', 'in_production')).headers.location).toContain('done=moved');
    expect((await move('in_production', 'ready')).headers.location).toContain('done=moved');
    // $425 invoiced, $355 kept: $70 is still owed.
    expect((await move('ready', 'completed')).headers.location).toContain('done=balance-open');
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('ready');
    const page = await get(`/staff/requests/${reference}`).expect(200);
    expect(page.text).toContain('Completing with $70.00 still owed? Say why');
    const done = await move('ready', 'completed', { 'balance-reason': 'Written off: two shirts were misprinted' });
    expect(done.headers.location).toContain('done=moved');
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('completed');
    expect((await get(`/staff/requests/${reference}`).expect(200)).text).toContain(
      'Written off: two shirts were misprinted',
    );
  });

  it('gives a discount that lowers what is owed, with a credit note, and refunds nothing', async () => {
    const at = `/staff/requests/${reference}/discounts`;
    const rows = await t.storage.payments.paymentsOf(reference);
    expect((await post(at, { amount: '70.01', reason: 'Late' }).expect(422)).text).toContain('at most $70.00');
    expect((await post(at, { amount: '10', reason: '' }).expect(422)).text).toContain('Say why the discount');
    expect((await post(at, { amount: '-5', reason: 'Late' }).expect(422)).text).toContain('more than 0');
    expect(await t.storage.books.discountsOf(reference)).toEqual([]);

    const done = await post(at, { amount: '30', reason: 'Goodwill: delivered a day late' }).expect(303);
    expect(done.headers.location).toBe(`/staff/requests/${reference}?done=discount-given#money`);
    // No money moved: the payments are as they were; what is owed is lower.
    expect(await t.storage.payments.paymentsOf(reference)).toEqual(rows);
    const invoice = (await get(`/staff/requests/${reference}/invoice`).expect(200)).text.replace(/<[^>]+>/g, ' ');
    expect(invoice).toMatch(/Discount \(credit note\)\s+−\$30\.00/);
    expect(invoice).toMatch(/Balance due\s+\$40\.00/);
    const desk = (await get(`/staff/requests/${reference}`).expect(200)).text.replace(/<[^>]+>/g, ' ');
    expect(desk).toMatch(/Discount given\s+−\$30\.00/);
    const [discount] = await t.storage.books.discountsOf(reference);
    expect(discount).toMatchObject({ amountCents: 3_000, creditNoteNumber: 3, invoiceNumber: 1 });
    const note = (await get('/staff/books/credit-notes/CN-000003').expect(200)).text;
    expect(note).toContain('Discount: taken off what is owed');
    expect(note).toContain('Goodwill: delivered a day late');

    const today = dayIn(new Date().toISOString(), timeZone);
    const summary = parseCsv(
      (await get(`/staff/books/export?from=${today.slice(0, 7)}-01&to=${today}&layout=summary`).expect(200)).text,
    );
    expect(summary).toContainEqual(['Discounts given (credit notes)', '1', '30.00']);
    // A discount is no refund: the money received is unchanged.
    expect(summary).toContainEqual(['Net received', '', '355.00']);
  });

  it('gives the customer each credit note on their own page, and no other request’s', async () => {
    const path = await requestLinks(t.storage.customer, t.config.csrfSecret).pathFor(reference);
    if (!path) throw new Error('no customer link');
    const page = (await request(t.app).get(path).expect(200)).text.replace(/<[^>]+>/g, ' ');
    // The card refund's, the cash refund's and the discount's, oldest first, each with what it was.
    expect(page).toMatch(/Credit notes\s+CN-000001\s+Refund of\s+\$50\.00/);
    expect(page).toMatch(/CN-000002\s+Refund of\s+\$20\.00/);
    expect(page).toMatch(/CN-000003\s+Discount of\s+\$30\.00/);
    const note = await request(t.app).get(`${path}/credit-notes/CN-000003`).expect(200);
    expect(note.headers['cache-control']).toBe('no-store');
    const words = note.text.replace(/<[^>]+>/g, ' ');
    expect(words).toContain('INV-000001');
    expect(words).toContain('Goodwill: delivered a day late');
    expect(words).toContain('Back to your request');
    expect(note.text).toContain(`href="${path}"`);
    // Not the desk's way back, nor the desk's address for it.
    expect(note.text).not.toContain('/staff/');

    // Another request's note through this page, a number of none, or this note with a wrong secret: 404.
    const other = await approvedQuote(t.storage, { staff });
    await post(`/staff/requests/${other}/discounts`, { amount: '5', reason: 'Their own' }).expect(303);
    const theirs = (await t.storage.books.discountsOf(other))[0]?.creditNoteNumber;
    expect(theirs).toBe(4);
    await request(t.app).get(`${path}/credit-notes/CN-000004`).expect(404);
    await request(t.app).get(`${path}/credit-notes/CN-000099`).expect(404);
    await request(t.app).get(`${path}/credit-notes/not-a-number`).expect(404);
    const wrongSecret = path.replace(/\/[\w-]+$/, `/${'x'.repeat(43)}`);
    await request(t.app).get(`${wrongSecret}/credit-notes/CN-000003`).expect(404);
  });

  it('refuses an export of ten years, a range back to front, or an unknown file', async () => {
    const ten = await get('/staff/books/export?from=2016-01-01&to=2025-12-31&layout=summary').expect(422);
    expect(ten.text).toContain('at most 366 days');
    expect((await get('/staff/books/export?from=2026-02-01&to=2026-01-01&layout=summary').expect(422)).text).toContain(
      'swap them',
    );
    await get('/staff/books/export?from=2026-01-01&to=2026-01-31&layout=sage').expect(422);
    await get('/staff/books?month=2026-13').expect(400);
  });
});
