import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { approvedQuote } from '#tests/support/approved-quote.ts';
import { backends, openTestStorage, type TestStorage } from '#tests/support/test-storage.ts';
import { createBooksStore } from './books-queries.ts';

const staff = 'staff:owner@seenwear.example' as const;
/** $400 of prints and $33 of tax: the invoice keeps the two apart. */
const terms: QuoteTerms = {
  lines: [
    { label: 'Front print', quantity: 40, unitCents: 1000 },
    { label: 'Sales tax', quantity: 1, unitCents: 3300 },
  ],
  notes: '',
  validUntil: '2099-01-31',
  depositPercent: 50,
};

// The books on each database: invoices numbered once and without gaps, money posted once, and a request
// the privacy purge deletes leaving its invoice, amounts, dates and numbers, without its names.
describe.each(backends)('books on %s', (backend) => {
  let storage: TestStorage;
  let clockNow = new Date('2018-05-01T08:00:00.000Z');

  beforeAll(async () => {
    storage = await openTestStorage(backend, { now: () => clockNow });
  });
  afterAll(() => storage.close());

  const approvedRequest = (name: string) =>
    approvedQuote(storage, {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      payload: { name, company: `${name} Sports Club` },
      terms,
    });

  it('keeps a purged request’s invoice number, amounts and credit note, with the names emptied', async () => {
    const purged = await approvedRequest('Dana Whitfield');
    await storage.payments.recordOfflinePayment(purged, {
      amountCents: 21_650,
      method: 'check',
      purpose: 'deposit',
      note: 'Check 1042 from Dana',
      actor: staff,
    });
    expect(
      await storage.offlineRefunds.recordOfflineRefund(purged, {
        amountCents: 2_000,
        method: 'cash',
        note: 'Dana: two shirts short',
        actor: staff,
      }),
    ).toMatchObject({ ok: true });
    expect(
      await storage.books.giveDiscount(purged, { amountCents: 1_000, reason: 'Dana’s club: a day late', actor: staff }),
    ).toEqual({ ok: true, creditNoteNumber: 2 });
    const before = await storage.books.booksOf(purged);
    expect(before.invoices).toMatchObject([
      {
        number: 1,
        quoteVersion: 1,
        subtotalCents: 40_000,
        taxCents: 3_300,
        totalCents: 43_300,
        customer: { name: 'Dana Whitfield', company: 'Dana Whitfield Sports Club' },
        purgedAt: null,
      },
    ]);
    expect(before.entries).toMatchObject([
      { kind: 'payment', amountCents: 21_650, method: 'check', invoiceNumber: 1, creditNoteNumber: null },
      { kind: 'refund', amountCents: 2_000, method: 'cash', invoiceNumber: 1, creditNoteNumber: 1 },
    ]);

    clockNow = new Date('2026-03-01T12:00:00.000Z');
    const kept = await approvedRequest('Lee Okafor');
    // Posting twice numbers nothing twice.
    await storage.books.post();
    await storage.books.post();
    expect((await storage.books.booksOf(kept)).invoices.map((invoice) => invoice.number)).toEqual([2]);

    const result = await storage.submissions.deleteSubmissionsBefore(new Date('2025-03-01T00:00:00.000Z'), {
      ordersBefore: new Date('2019-03-01T00:00:00.000Z'),
    });
    expect(result.deleted).toBe(1);
    expect(await storage.submissions.getSubmission(purged)).toBeUndefined();
    expect(await storage.payments.paymentsOf(purged)).toEqual([]);

    const after = await storage.books.booksOf(purged);
    expect(after.invoices).toMatchObject([
      {
        number: 1,
        reference: purged,
        subtotalCents: 40_000,
        taxCents: 3_300,
        totalCents: 43_300,
        issuedAt: before.invoices[0]?.issuedAt,
        customer: { name: '', email: '', company: '' },
      },
    ]);
    expect(after.invoices[0]?.purgedAt).toBeInstanceOf(Date);
    expect(after.entries.map(({ purgedAt, note, ...entry }) => ({ ...entry, note }))).toEqual(
      before.entries.map(({ purgedAt, note, ...entry }) => ({ ...entry, note: '' })),
    );
    expect((await storage.books.creditNote(1))?.entry).toMatchObject({ amountCents: 2_000, reference: purged });
    // The discount's credit note stays too, its reason emptied with the names.
    expect(await storage.books.discountsOf(purged)).toMatchObject([
      { amountCents: 1_000, creditNoteNumber: 2, invoiceNumber: 1, reason: '' },
    ]);

    // The next invoice follows on: the purge left no gap and took no number back.
    const next = await approvedRequest('Sam Reyes');
    expect((await storage.books.invoiceOf(next, 1))?.number).toBe(3);

    // Issued at once from several connections (PostgreSQL's pool): the numbers still run without gaps.
    const together = await Promise.all(['Ana Ruiz', 'Ben Cole', 'Cy Hart', 'Di Moss'].map(approvedRequest));
    await Promise.all([storage.books.post(), storage.books.post(), storage.books.post()]);
    const numbers = await Promise.all(together.map(async (ref) => (await storage.books.invoiceOf(ref, 1))?.number));
    expect([...numbers].sort()).toEqual([4, 5, 6, 7]);

    // Past the books' own years, a purged request's records go; a request still kept keeps its own.
    const gone = await storage.books.deleteBefore(new Date(Date.now() + 86_400_000));
    expect(gone).toEqual({ invoices: 1, entries: 2 });
    expect(await storage.books.discountsOf(purged)).toEqual([]);
    expect((await storage.books.booksOf(purged)).invoices).toEqual([]);
    expect((await storage.books.booksOf(kept)).invoices).toHaveLength(1);
  });

  it('posts a history from before the books a batch at a time: every invoice once, in order, the money against it', async () => {
    // Batches of two over five approved and paid requests: several transactions, one after the other.
    const batched = createBooksStore(storage.database, { postBatch: 2 });
    const names = ['Eve Long', 'Flo Park', 'Gus Ward', 'Hal Kim', 'Ivy Nash'];
    const references: string[] = [];
    for (const name of names) {
      const reference = await approvedRequest(name);
      await storage.payments.recordOfflinePayment(reference, {
        amountCents: 10_000,
        method: 'cash',
        purpose: 'deposit',
        note: '',
        actor: staff,
      });
      references.push(reference);
    }
    await batched.post();
    const books = await Promise.all(references.map((reference) => storage.books.booksOf(reference)));
    const numbers = books.map((book) => book.invoices.map((invoice) => invoice.number));
    const first = numbers[0]?.[0] ?? 0;
    expect(numbers).toEqual(names.map((_, index) => [first + index]));
    expect(books.map((book) => book.entries.map((entry) => [entry.amountCents, entry.invoiceNumber]))).toEqual(
      names.map((_, index) => [[10_000, first + index]]),
    );
  });
});
