import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestLinks } from '#server/requests/request-links.ts';
import { invoiceNumberText } from '#shared/books/book-numbers.ts';
import { parseCsv } from '#shared/books/csv.ts';
import { invoiceDueOn } from '#shared/books/invoice-terms.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { dayIn, formatDay } from '#shared/desk-format.ts';
import { approvedQuote } from '#tests/support/approved-quote.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage, runSql } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const timeZone = 'America/Chicago';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A CSV's rows as header-keyed records. */
function recordsOf(csv: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(csv);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

// Net terms on the desk: the terms set (and refused when wrong), the invoice issued with them and its due
// date on both copies, a check recorded against it with its number, and the exports and the month view
// carrying the due date, the terms and the check's number.
describe.each(backends)('invoice terms on the desk on %s', (backend) => {
  let t: TestApp;
  let desk: { cookie: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({
      storage: await openTestStorage(backend),
      config: { submissionRateLimit: 3, csrfSecret, trustProxy: 1 },
    });
    desk = await staffSession(t.app, t.storage, staff);
  });

  const post = (path: string, fields: Record<string, string>) =>
    request(t.app)
      .post(path)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, ...fields });
  const get = (path: string) => request(t.app).get(path).set('Cookie', desk.cookie);

  it('sets Net 30 with a PO number, refusing other terms or a long number, and issues the invoice with them', async () => {
    const reference = await approvedQuote(t.storage, {
      name: 'Lee Okafor',
      email: 'lee@example.com',
      payload: { name: 'Lee Okafor', company: 'Lincoln High' },
      staff,
    });
    const at = `/staff/requests/${reference}/terms`;
    for (const [fields, words] of [
      [{ net: '7', po: '' }, 'Choose the terms'],
      [{ net: 'soon', po: '' }, 'Choose the terms'],
      [{ net: '30', po: 'x'.repeat(41) }, 'to 40 characters'],
    ] as const) {
      const answer = await post(at, fields).expect(422);
      expect(answer.text).toContain(words);
    }
    expect(await t.storage.books.termsOf(reference)).toEqual({ netDays: 0, poNumber: '' });
    // Without a CSRF token: refused, nothing stored.
    await request(t.app).post(at).set('Cookie', desk.cookie).type('form').send({ net: '30', po: 'PO-1' }).expect(403);

    const done = await post(at, { net: '30', po: '  PO-4500123 ' }).expect(303);
    expect(done.headers.location).toBe(`/staff/requests/${reference}?done=terms-set#terms`);
    expect(await t.storage.books.termsOf(reference)).toEqual({ netDays: 30, poNumber: 'PO-4500123' });
    await post('/staff/requests/Q-2026-9999/terms', { net: '30', po: '' }).expect(404);

    const invoice = await t.storage.books.invoiceOf(reference, 1);
    if (!invoice) throw new Error('no invoice');
    const due = invoiceDueOn(invoice.issuedAt, 30, timeZone);
    const number = invoiceNumberText(invoice.number);
    // The desk's page: the terms as issued, and that a change is for the next invoice.
    const page = await get(`/staff/requests/${reference}`).expect(200);
    expect(page.text).toContain(`${number} was issued net 30, due ${formatDay(due)}, PO PO-4500123`);
    expect(page.text).toContain('a change here applies to the');
    expect(page.text).toContain('Set the payment terms for the next invoice: Net 30, PO PO-4500123');

    // Both copies of the invoice: terms, due date, PO number; not overdue.
    const customerPage = (await requestLinks(t.storage.customer, csrfSecret).pathFor(reference)) ?? '';
    for (const path of [`/staff/requests/${reference}/invoice`, `${customerPage}/invoice`]) {
      const shown = await get(path).expect(200);
      expect(shown.text).toContain('Net 30');
      expect(shown.text).toContain(formatDay(due));
      expect(shown.text).toContain('PO-4500123');
      expect(shown.text).not.toContain('Overdue');
    }

    // A later change leaves the issued invoice as it was.
    await post(at, { net: '0', po: '' }).expect(303);
    expect(await t.storage.books.invoiceOf(reference, 1)).toMatchObject({ netDays: 30, poNumber: 'PO-4500123' });
    expect((await get(`/staff/requests/${reference}/invoice`)).text).toContain('Net 30');
  });

  it('records a check against the invoice with its number, refusing more than the balance, and exports it', async () => {
    const reference = await approvedQuote(t.storage, { name: 'Sam Reyes', email: 'sam@example.com', staff });
    await post(`/staff/requests/${reference}/terms`, { net: '30', po: 'PO-88' }).expect(303);
    const invoice = await t.storage.books.invoiceOf(reference, 1);
    if (!invoice) throw new Error('no invoice');
    const number = invoiceNumberText(invoice.number);
    const due = invoiceDueOn(invoice.issuedAt, 30, timeZone);

    // The month view lists it among the open invoices on terms.
    const month = await get(`/staff/books?month=${dayIn(invoice.issuedAt.toISOString(), timeZone).slice(0, 7)}`);
    expect(month.text).toContain('Open invoices on terms');
    expect(month.text).toMatch(new RegExp(`${number}</span> · Sam Reyes`));
    expect(month.text).toContain(`Net 30, PO PO-88 · due ${formatDay(due)}`);

    const at = `/staff/requests/${reference}/payments`;
    const check = { method: 'check', purpose: 'balance', note: '' };
    for (const [fields, words] of [
      [{ ...check, amount: '425.01', check: '1234' }, 'more than the balance of $425.00'],
      [{ ...check, amount: '100', check: '1'.repeat(21) }, 'to 20 characters'],
      [{ ...check, amount: '100', check: '1234', invoice: 'INV-999999' }, 'is not an invoice of this request'],
    ] as const) {
      const answer = await post(at, fields).expect(422);
      expect(answer.text).toContain(words);
    }
    expect(await t.storage.payments.paymentsOf(reference)).toEqual([]);

    await post(at, { ...check, amount: '425.00', check: '1234', invoice: number }).expect(303);
    const [paid] = await t.storage.payments.paymentsOf(reference);
    expect(paid).toMatchObject({ method: 'check', checkNumber: '1234', invoiceNumber: invoice.number });
    const shown = await get(`/staff/requests/${reference}/invoice`).expect(200);
    expect(shown.text).toContain('Balance · Check #1234');
    expect(shown.text).toMatch(/Balance due<\/dt><dd[^>]*>\$0\.00/);

    // Paid: off the open invoices.
    const after = await get('/staff/books').expect(200);
    expect(after.text).not.toContain(`${number}</span> · Sam Reyes`);

    const day = dayIn(new Date().toISOString(), timeZone);
    const file = async (layout: string) =>
      recordsOf((await get(`/staff/books/export?from=${day}&to=${day}&layout=${layout}`).expect(200)).text);
    const [year, monthOf, date] = due.split('-');
    expect((await file('quickbooks-invoices')).find((row) => row.InvoiceNo === number)).toMatchObject({
      DueDate: `${monthOf}/${date}/${year}`,
      Terms: 'Net 30',
    });
    expect((await file('xero-invoices')).find((row) => row['*InvoiceNumber'] === number)).toMatchObject({
      '*DueDate': due,
      Reference: `Order ${reference}, PO PO-88`,
    });
    expect((await file('xero-bank')).find((row) => row.Reference === `PAY-${paid?.id}`)).toMatchObject({
      'Check Number': '1234',
    });
  });

  it('says an unpaid invoice is overdue since the day after its due date', async () => {
    const reference = await approvedQuote(t.storage, { name: 'Ada Brooks', email: 'ada@example.com', staff });
    await post(`/staff/requests/${reference}/terms`, { net: '15', po: '' }).expect(303);
    await runSql(
      t.storage.location,
      'update approvals set at = $1 where submission_id = (select id from submissions where reference = $2)',
      [new Date(Date.now() - 20 * DAY_MS).toISOString(), reference],
    );
    const invoice = await t.storage.books.invoiceOf(reference, 1);
    if (!invoice) throw new Error('no invoice');
    const due = invoiceDueOn(invoice.issuedAt, 15, timeZone);
    const since = invoiceDueOn(invoice.issuedAt, 16, timeZone);
    const shown = await get(`/staff/requests/${reference}/invoice`).expect(200);
    expect(shown.text).toContain('Net 15');
    expect(shown.text).toContain(formatDay(due));
    expect(shown.text).toContain(`Overdue since ${formatDay(since)}`);
  });

  it('never calls a due-on-receipt invoice overdue: a deposit now and the rest at hand-over is the usual way', async () => {
    const reference = await approvedQuote(t.storage, { name: 'Bo Chen', email: 'bo@example.com', staff });
    await runSql(
      t.storage.location,
      'update approvals set at = $1 where submission_id = (select id from submissions where reference = $2)',
      [new Date(Date.now() - 20 * DAY_MS).toISOString(), reference],
    );
    const shown = await get(`/staff/requests/${reference}/invoice`).expect(200);
    expect(shown.text).toContain('Due on receipt');
    expect(shown.text).not.toContain('Overdue');
  });
});
