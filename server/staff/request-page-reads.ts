import type { CustomerStore } from '#server/customer/customer-store.ts';
import type { PaymentStore } from '#server/payments/payment-store.ts';
import type { MoneyReads } from '#server/requests/money-of.ts';
import type { VersionStore } from '#server/requests/version-store.ts';

/**
 * The money card's reads for one desk request page, each sent once: the page reads the quotes and approvals
 * for its own sections, and the card would read them again, with the deposit waiver twice, and so would
 * each mail previewed under the status forms (on PostgreSQL every read is a round trip, which a page with
 * years of orders feels). The payments, the waiver and the discounts start with the page's other reads;
 * the card and the previews then wait on those, not on new queries.
 */
export function requestPageReads(
  payments: Pick<PaymentStore, 'paymentsOf' | 'depositWaiverOf' | 'checkoutSessionsOf'>,
  books: MoneyReads['books'],
  reference: string,
  read: { quotes: ReturnType<VersionStore['quotesOf']>; approvals: ReturnType<CustomerStore['approvalsOf']> },
): MoneyReads & { payments: Pick<PaymentStore, 'checkoutSessionsOf'> } {
  const paid = payments.paymentsOf(reference);
  const waiver = payments.depositWaiverOf(reference);
  const discounts = books.discountsOf(reference);
  // Rejections surface where the page awaits them, not as unhandled here while the other reads run.
  for (const read of [paid, waiver, discounts]) read.catch(() => undefined);
  // Read for this page's request only: another's would be answered with this one's rows.
  const ofThisPage =
    <T>(value: Promise<T>) =>
    (asked: string): Promise<T> =>
      asked === reference ? value : Promise.reject(new Error(`The page of ${reference} was asked for ${asked}`));
  return {
    versions: { quotesOf: ofThisPage(read.quotes) },
    customer: { approvalsOf: ofThisPage(read.approvals) },
    payments: {
      paymentsOf: ofThisPage(paid),
      depositWaiverOf: ofThisPage(waiver),
      checkoutSessionsOf: (asked) => payments.checkoutSessionsOf(asked),
    },
    books: { discountsOf: ofThisPage(discounts) },
  };
}
