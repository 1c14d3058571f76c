import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceView } from '#server/payments/invoice-view.ts';
import { moneyOf } from '#server/requests/money-of.ts';
import { invoiceNumberText } from '#shared/books/book-numbers.ts';
import { ledgerOf } from '#shared/books/ledger.ts';
import { formatMoney } from '#shared/money.ts';
import { backends, openTestStorage, type TestStorage } from '#tests/support/test-storage.ts';

const staff = 'staff:owner@seenwear.example' as const;
const shop = {
  appName: 'Seenwear',
  contact: { phone: '5550100123', email: 'hello@seenwear.example' },
  address: { street: '1420 Market Street', city: 'Springfield', region: 'IL', postalCode: '62701' },
} as Parameters<typeof invoiceView>[1]['shop'];

/** One move on an order: money in at the counter, cash or a check given back, or a goodwill discount. */
const move = fc.oneof(
  fc.record({ kind: fc.constant('discount' as const), cents: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({
    kind: fc.constant('payment' as const),
    cents: fc.integer({ min: 1, max: 60_000 }),
    method: fc.constantFrom('cash' as const, 'check' as const, 'card-in-shop' as const),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    cents: fc.integer({ min: 1, max: 60_000 }),
    method: fc.constantFrom('cash' as const, 'check' as const),
  }),
);

// For any order and any sequence of payments and refunds (a refund past what was paid refused, as the
// desk refuses it), the books' ledger, the order's money (the customer's page) and the invoice agree.
describe.each(backends)('the books balance on %s', (backend) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  it('gives the same balance in the ledger, on the customer’s page and on the invoice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 100, max: 9_000 }),
        fc.array(move, { maxLength: 8 }),
        async (quantity, unitCents, moves) => {
          const { reference } = await storage.submissions.saveSubmission({
            kind: 'quote',
            name: 'Dana Whitfield',
            email: 'dana@example.com',
            payload: { name: 'Dana Whitfield' },
            files: [],
          });
          await storage.versions.sendQuote(
            reference,
            {
              lines: [{ label: 'Tees', quantity, unitCents }],
              notes: '',
              validUntil: '2099-01-31',
              depositPercent: 50,
            },
            { from: 'new', to: 'quoted', actor: staff, mail: (version) => ({ kind: 'quote-sent', version }) },
          );
          await storage.customer.decideVersion(
            reference,
            { subject: 'quote', version: 1, decision: 'approved', name: 'Dana', comment: '', ip: '', userAgent: '' },
            () => ({ ok: true, to: 'approved' }),
          );
          let netPaid = 0;
          let discounted = 0;
          for (const item of moves) {
            if (item.kind === 'discount') {
              const outcome = await storage.books.giveDiscount(reference, {
                amountCents: item.cents,
                reason: 'Goodwill',
                actor: staff,
              });
              expect(outcome.ok).toBe(item.cents <= quantity * unitCents - discounted - netPaid);
              if (outcome.ok) discounted += item.cents;
            } else if (item.kind === 'payment') {
              await storage.payments.recordOfflinePayment(reference, {
                amountCents: item.cents,
                method: item.method,
                purpose: 'other',
                note: '',
                actor: staff,
              });
              netPaid += item.cents;
            } else {
              const outcome = await storage.offlineRefunds.recordOfflineRefund(reference, {
                amountCents: item.cents,
                method: item.method,
                note: '',
                actor: staff,
              });
              expect(outcome.ok).toBe(item.cents <= netPaid);
              if (outcome.ok) netPaid -= item.cents;
            }
          }

          const books = await storage.books.booksOf(reference);
          const [invoice] = books.invoices;
          const discounts = await storage.books.discountsOf(reference);
          const ledger = ledgerOf(
            invoice?.totalCents ?? 0,
            books.entries,
            discounts.reduce((sum, discount) => sum + discount.amountCents, 0),
          );
          const { money } = await moneyOf(storage, reference);
          const view = await invoiceView(storage, {
            reference,
            shop,
            taxStatement: 'Plus sales tax.',
            timeZone: 'America/Chicago',
            back: { path: '/', label: 'Back' },
            numberOf: async (ref, version) => {
              const issued = await storage.books.invoiceOf(ref, version);
              return issued && invoiceNumberText(issued.number);
            },
          });
          expect(invoice?.totalCents).toBe(quantity * unitCents);
          expect(ledger.netPaidCents).toBe(netPaid);
          expect(ledger.discountCents).toBe(discounted);
          expect(money?.paidCents).toBe(ledger.netPaidCents);
          expect(money?.balanceCents).toBe(ledger.balanceCents);
          expect(view?.number).toBe(invoiceNumberText(invoice?.number ?? 0));
          expect(view?.paid).toBe(formatMoney(ledger.netPaidCents));
          expect(view?.balanceDue).toBe(formatMoney(Math.max(0, ledger.balanceCents)));
          // Every refund has its own credit note, numbered without gaps across the books.
          expect(
            books.entries.filter((entry) => entry.kind === 'refund').every((entry) => entry.creditNoteNumber),
          ).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
    await storage.books.post();
    const all = await storage.books.between(new Date(0), new Date(Date.now() + 86_400_000));
    const invoiceNumbers = all.invoices.map((invoice) => invoice.number);
    expect(invoiceNumbers).toEqual(invoiceNumbers.map((_, index) => index + 1));
    const notes = [
      ...all.entries.flatMap((entry) => (entry.creditNoteNumber ? [entry.creditNoteNumber] : [])),
      ...all.discounts.map((discount) => discount.creditNoteNumber),
    ];
    expect([...notes].sort((a, b) => a - b)).toEqual(notes.map((_, index) => index + 1));
  }, 120_000);
});
