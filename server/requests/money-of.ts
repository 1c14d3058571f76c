import type { Approval, CustomerStore } from '#server/customer/customer-store.ts';
import type { PaymentStore, StoredPayment } from '#server/payments/payment-store.ts';
import { type ApprovedQuote, type OrderMoney, orderMoney } from '#shared/payments/order-money.ts';
import type { SentQuote, VersionStore } from './version-store.ts';

/** What the order's money is read from: the sent quotes, the customer's approvals and the payments (reads only). */
/** The books' credit notes of a request, refunds' and discounts', as the customer's own page lists them. */
export interface CreditNoteReads {
  refundsNumberedOf(
    reference: string,
  ): Promise<readonly { creditNoteNumber: number | null; amountCents: number; at: Date }[]>;
  discountsOf(reference: string): Promise<readonly { creditNoteNumber: number; amountCents: number; at: Date }[]>;
}

export interface MoneyReads {
  versions: Pick<VersionStore, 'quotesOf'>;
  customer: Pick<CustomerStore, 'approvalsOf'>;
  payments: Pick<PaymentStore, 'paymentsOf' | 'depositWaiverOf'>;
  /** Goodwill discounts: they lower what is owed (the books keep them, each with a credit note). */
  books: { discountsOf(reference: string): Promise<readonly { amountCents: number }[]> };
}

/** The newest quote version the customer approved (in person or on their page). */
function approvedQuoteOf(quotes: readonly SentQuote[], approvals: readonly Approval[]): SentQuote | undefined {
  const version = approvals
    .filter((item) => item.subject === 'quote' && item.decision === 'approved')
    .reduce((newest, item) => Math.max(newest, item.version), 0);
  return quotes.find((quote) => quote.version === version);
}

/** An order's money and the rows it is made of, as stored now. */
export async function moneyOf(
  reads: MoneyReads,
  reference: string,
): Promise<{ money: OrderMoney | undefined; payments: StoredPayment[]; quote: SentQuote | undefined }> {
  const [quotes, approvals, payments, waiver, discounts] = await Promise.all([
    reads.versions.quotesOf(reference),
    reads.customer.approvalsOf(reference),
    reads.payments.paymentsOf(reference),
    reads.payments.depositWaiverOf(reference),
    reads.books.discountsOf(reference),
  ]);
  const quote = approvedQuoteOf(quotes, approvals);
  const approved: ApprovedQuote | undefined = quote && {
    version: quote.version,
    totalCents: quote.totalCents,
    depositPercent: quote.depositPercent,
  };
  const discountCents = discounts.reduce((sum, item) => sum + item.amountCents, 0);
  return { money: orderMoney(approved, payments, waiver !== undefined, discountCents), payments, quote };
}
