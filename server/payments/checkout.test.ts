import { describe, expect, it } from 'vitest';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { type CheckoutGateway, startCheckout } from './checkout.ts';

/** A gateway that keeps the idempotency key of each session asked for, and answers a new open one. */
function recordingGateway(keys: string[]): CheckoutGateway {
  let made = 0;
  return {
    async createSession(_ask, idempotencyKey) {
      keys.push(idempotencyKey);
      made += 1;
      return { id: `cs_test_${made}`, url: `https://checkout.example/${made}`, status: 'open' };
    },
    async retrieveSession(id) {
      return { id, status: 'open' };
    },
    async expireSession() {},
    async createRefund() {
      throw new Error('no refunds here');
    },
    verifyEvent() {
      throw new Error('no events here');
    },
  };
}

// Two databases on one Stripe account (a staging copy, a restore that hands out the same references
// again) must not ask Stripe with the same idempotency key: Stripe would refuse the second for a day.
describe.each(backends)('Checkout idempotency keys on %s', (backend) => {
  it('differ between two databases that hand out the same reference', async () => {
    const references: string[] = [];
    const keysPerDatabase: string[][] = [];
    for (const _database of [1, 2]) {
      const storage = await openTestStorage(backend);
      try {
        const { reference } = await storage.submissions.saveSubmission({
          kind: 'quote',
          name: 'Dana Whitfield',
          email: 'dana@example.com',
          payload: {},
          files: [],
        });
        references.push(reference);
        const keys: string[] = [];
        const ask = {
          reference,
          purpose: 'deposit' as const,
          quoteVersion: 1,
          amountCents: 12_000,
          description: `Deposit for order ${reference}`,
          customerEmail: 'dana@example.com',
          successUrl: 'https://shop.example/ok',
          cancelUrl: 'https://shop.example/cancel',
        };
        await startCheckout(
          { gateway: recordingGateway(keys), payments: storage.payments, now: () => new Date() },
          ask,
        );
        keysPerDatabase.push(keys);
      } finally {
        await storage.close();
      }
    }
    expect(references[0]).toBe(references[1]);
    const [first, second] = keysPerDatabase;
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second?.[0]).not.toBe(first?.[0]);
    expect(first?.[0]).toContain(`:${references[0]}:v1:deposit:12000:0`);
  });
});
