import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDueOn } from '#shared/books/invoice-terms.ts';
import { approvedQuote } from '#tests/support/approved-quote.ts';
import { backends, openTestStorage, runSql, type TestStorage } from '#tests/support/test-storage.ts';

const staff = 'staff:owner@seenwear.example' as const;
const CHICAGO = 'America/Chicago';

// Payment terms on each database: set on the request, frozen on the invoice the books issue, its due
// day counted on the shop's calendar, and the open invoices on terms listed until paid.
describe.each(backends)('invoice terms on %s', (backend) => {
  let storage: TestStorage;
  let clockNow = new Date('2026-03-01T03:00:00.000Z');

  beforeAll(async () => {
    storage = await openTestStorage(backend, { now: () => clockNow });
  });
  afterAll(() => storage.close());

  /** The approval dated `at`, as if the customer approved then (the books date the invoice from it). */
  const approvedAt = (reference: string, at: string) =>
    runSql(
      storage.location,
      'update approvals set at = $1 where submission_id = (select id from submissions where reference = $2)',
      [at, reference],
    );

  it('is due on receipt until the desk sets terms, and refuses a request that is not there', async () => {
    const reference = await approvedQuote(storage, { name: 'Ray Moreno', email: 'ray@example.com' });
    expect(await storage.books.termsOf(reference)).toEqual({ netDays: 0, poNumber: '' });
    expect(await storage.books.termsOf('Q-2026-9999')).toBeUndefined();
    expect(await storage.books.setTerms('Q-2026-9999', { netDays: 30, poNumber: '', actor: staff })).toBe(false);
    const [invoice] = (await storage.books.booksOf(reference)).invoices;
    expect(invoice).toMatchObject({ netDays: 0, poNumber: '' });
    // Due on receipt: not a receivable on terms.
    expect((await storage.books.receivables()).map((item) => item.invoice.reference)).not.toContain(reference);
  });

  // Approved at 9 pm in Chicago on the last day of February, already March 1 in UTC.
  it('freezes the terms with the invoice, due 30 days from its issue day in the shop’s time zone', async () => {
    const reference = await approvedQuote(storage, { name: 'Lee Okafor', email: 'lee@example.com' });
    await approvedAt(reference, '2026-03-01T03:00:00.000Z');
    // Set after the approval, before the books issue the invoice: the invoice carries them.
    expect(await storage.books.setTerms(reference, { netDays: 30, poNumber: 'PO-4500123', actor: staff })).toBe(true);
    expect(await storage.books.termsOf(reference)).toEqual({ netDays: 30, poNumber: 'PO-4500123' });
    const [invoice] = (await storage.books.booksOf(reference)).invoices;
    expect(invoice).toMatchObject({ netDays: 30, poNumber: 'PO-4500123' });
    if (!invoice) throw new Error('no invoice');
    // Issued on Feb 28 on the shop's clock (March 1 in UTC): due March 30, not March 31.
    expect(invoiceDueOn(invoice.issuedAt, invoice.netDays, CHICAGO)).toBe('2026-03-30');
    expect(invoiceDueOn(invoice.issuedAt, invoice.netDays, 'UTC')).toBe('2026-03-31');

    // A later change is for the next invoice: the one issued keeps its terms.
    await storage.books.setTerms(reference, { netDays: 0, poNumber: '', actor: staff });
    expect((await storage.books.booksOf(reference)).invoices).toMatchObject([{ netDays: 30, poNumber: 'PO-4500123' }]);
    const events = (await storage.desk.getRequest(reference))?.events ?? [];
    expect(events.filter((event) => event.type === 'payment-terms').map((event) => event.data)).toEqual([
      { netDays: 30, poNumber: 'PO-4500123' },
      { netDays: 0 },
    ]);
  });

  it('gives a revised quote’s invoice the terms set since, the earlier invoice keeping its own', async () => {
    const reference = await approvedQuote(storage, { name: 'Kim Tran', email: 'kim@example.com' });
    await storage.books.setTerms(reference, { netDays: 30, poNumber: 'PO-1', actor: staff });
    await storage.books.post();
    await storage.books.setTerms(reference, { netDays: 60, poNumber: 'PO-2', actor: staff });
    await storage.versions.sendQuote(
      reference,
      {
        lines: [{ label: 'Front print, 50 tees', quantity: 50, unitCents: 1000 }],
        notes: '',
        validUntil: '2099-01-31',
        depositPercent: 50,
      },
      { from: 'approved', to: 'quoted', actor: staff, mail: (version) => ({ kind: 'quote-sent', version }) },
    );
    await storage.customer.decideVersion(
      reference,
      { subject: 'quote', version: 2, decision: 'approved', name: 'Kim', comment: '', ip: '', userAgent: '' },
      () => ({ ok: true, to: 'approved' }),
    );
    const { invoices } = await storage.books.booksOf(reference);
    expect(invoices.map(({ quoteVersion, netDays, poNumber }) => ({ quoteVersion, netDays, poNumber }))).toEqual([
      { quoteVersion: 1, netDays: 30, poNumber: 'PO-1' },
      { quoteVersion: 2, netDays: 60, poNumber: 'PO-2' },
    ]);
    expect(await storage.books.invoicesIssuedOf(reference)).toEqual(invoices);
    // Only the newest is owed on: the revision replaced what the first asked.
    const open = (await storage.books.receivables()).filter((item) => item.invoice.reference === reference);
    expect(open.map((item) => [item.invoice.quoteVersion, item.balanceCents])).toEqual([[2, 50_000]]);
  });

  it('lists an open invoice on terms with its balance until a check pays it, with the check’s number kept', async () => {
    clockNow = new Date('2026-04-02T15:00:00.000Z');
    const reference = await approvedQuote(storage, { name: 'Sam Reyes', email: 'sam@example.com' });
    await storage.books.setTerms(reference, { netDays: 45, poNumber: '', actor: staff });
    await storage.books.post();
    const open = await storage.books.receivables();
    expect(open.find((item) => item.invoice.reference === reference)).toMatchObject({
      balanceCents: 42_500,
      invoice: { netDays: 45 },
    });
    const [invoice] = (await storage.books.booksOf(reference)).invoices;
    await storage.payments.recordOfflinePayment(reference, {
      amountCents: 20_000,
      method: 'check',
      purpose: 'balance',
      note: '',
      actor: staff,
      checkNumber: '1234',
      invoiceNumber: invoice?.number ?? 0,
    });
    expect((await storage.books.receivables()).find((item) => item.invoice.reference === reference)).toMatchObject({
      balanceCents: 22_500,
    });
    await storage.payments.recordOfflinePayment(reference, {
      amountCents: 22_500,
      method: 'check',
      purpose: 'balance',
      note: '',
      actor: staff,
      checkNumber: '1301',
    });
    // Checked against the balance before the second check: recorded only while no money moved since.
    expect(
      await storage.payments.recordOfflinePayment(reference, {
        amountCents: 100,
        method: 'check',
        purpose: 'balance',
        note: '',
        actor: staff,
        seenPayment: 0,
      }),
    ).toBe('stale');
    const { entries } = await storage.books.booksOf(reference);
    expect(entries).toMatchObject([
      { method: 'check', checkNumber: '1234', invoiceNumber: invoice?.number, amountCents: 20_000 },
      { method: 'check', checkNumber: '1301', invoiceNumber: invoice?.number, amountCents: 22_500 },
    ]);
    expect((await storage.payments.paymentsOf(reference)).map((payment) => payment.checkNumber)).toEqual([
      '1234',
      '1301',
    ]);
    // Paid in full: no longer owed on.
    expect((await storage.books.receivables()).map((item) => item.invoice.reference)).not.toContain(reference);
  });

  it('owes nothing on a cancelled order’s invoice, whatever its terms said', async () => {
    const reference = await approvedQuote(storage, { name: 'Kim Lowe', email: 'kim@example.com' });
    await storage.books.setTerms(reference, { netDays: 30, poNumber: '', actor: staff });
    await storage.books.post();
    expect((await storage.books.receivables()).map((item) => item.invoice.reference)).toContain(reference);
    await runSql(storage.location, "update submissions set status = 'cancelled' where reference = $1", [reference]);
    expect((await storage.books.receivables()).map((item) => item.invoice.reference)).not.toContain(reference);
  });
});
