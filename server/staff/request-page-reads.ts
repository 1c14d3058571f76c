import type { MoneyReads } from '#server/payments/money-of.ts';
import type { Storage } from '#server/storage/types.ts';

/**
 * The money card's reads for one desk request page, each sent once: the page reads the quotes and approvals
 * for its own sections, and the card would read them again, with the deposit waiver twice (on PostgreSQL
 * every read is a round trip, which a page with years of orders feels). The payments and the waiver start
 * with the page's other reads; the card then waits on those, not on new queries.
 */
export function requestPageReads(
  storage: Pick<Storage, 'paymentsOf' | 'depositWaiverOf' | 'checkoutSessionsOf'>,
  reference: string,
  read: { quotes: ReturnType<Storage['quotesOf']>; approvals: ReturnType<Storage['approvalsOf']> },
): MoneyReads & Pick<Storage, 'checkoutSessionsOf'> {
  const payments = storage.paymentsOf(reference);
  const waiver = storage.depositWaiverOf(reference);
  // Rejections surface where the page awaits them, not as unhandled here while the other reads run.
  payments.catch(() => undefined);
  waiver.catch(() => undefined);
  // Read for this page's request only: another's would be answered with this one's rows.
  const ofThisPage =
    <T>(value: Promise<T>) =>
    (asked: string): Promise<T> =>
      asked === reference ? value : Promise.reject(new Error(`The page of ${reference} was asked for ${asked}`));
  return {
    quotesOf: ofThisPage(read.quotes),
    approvalsOf: ofThisPage(read.approvals),
    paymentsOf: ofThisPage(payments),
    depositWaiverOf: ofThisPage(waiver),
    checkoutSessionsOf: (asked) => storage.checkoutSessionsOf(asked),
  };
}
