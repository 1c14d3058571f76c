import { describe, expect, it } from 'vitest';
import type { Approval } from '#server/customer/customer-store.ts';
import { moneyOf } from '#server/requests/money-of.ts';
import type { SentQuote } from '#server/requests/version-store.ts';
import { requestPageReads } from './request-page-reads.ts';

// A desk request page on PostgreSQL pays a round trip for every read: its money card works from what the page
// read, and sends each of its own reads once.
describe('a desk request page’s reads for its money card', () => {
  const storage = () => {
    const asked: string[] = [];
    const noting =
      <T>(what: string, answer: T) =>
      async (reference: string): Promise<T> => {
        asked.push(`${what} ${reference}`);
        return answer;
      };
    return {
      asked,
      paymentsOf: noting('payments', []),
      depositWaiverOf: noting('waiver', undefined),
      checkoutSessionsOf: noting('sessions', []),
    };
  };
  const discountsAsked: string[] = [];
  const noDiscounts = {
    discountsOf: async (reference: string) => {
      discountsAsked.push(reference);
      return [];
    },
  };
  const read = { quotes: Promise.resolve([] as SentQuote[]), approvals: Promise.resolve([] as Approval[]) };

  it('reads the payments, the deposit waiver and the discounts once, however often the card and the previews ask', async () => {
    const counted = storage();
    const reads = requestPageReads(counted, noDiscounts, 'Q-2026-000001', read);
    await moneyOf(reads, 'Q-2026-000001');
    await reads.payments.depositWaiverOf('Q-2026-000001');
    // A mail previewed under the status forms reads the money again, as the outbox would.
    await moneyOf(reads, 'Q-2026-000001');
    expect(counted.asked.sort()).toEqual(['payments Q-2026-000001', 'waiver Q-2026-000001']);
    expect(discountsAsked).toEqual(['Q-2026-000001']);
  });

  it('answers only for its own request', async () => {
    const reads = requestPageReads(storage(), noDiscounts, 'Q-2026-000001', read);
    await expect(reads.versions.quotesOf('Q-2026-000002')).rejects.toThrow(/Q-2026-000001 was asked for Q-2026-000002/);
  });
});
