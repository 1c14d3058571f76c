import { offlineMethods } from '#server/payments/payment-store.ts';
import { depositOf } from '#shared/requests/quote.ts';
import type { SeedPayment, SeedRequest } from './seed-store.ts';

/** The seed's draws: one of the items, a yes with chance p. */
interface Draws {
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
}

/**
 * The money of a made-up order (the seed that measures the desk, in the payment rows the site writes): most
 * customers pay the deposit soon after approving the quote, by card on the site or at the shop; the balance
 * is paid when the order is collected; a card deposit of an order cancelled after approval is now and then
 * refunded. Each movement is logged as the live site logs it.
 */
export function seedMoney(request: SeedRequest, random: Draws, staff: SeedPayment['by']) {
  const approved = () => request.quotes.at(-1);
  const record = (payment: SeedPayment, data: Record<string, unknown>) => {
    request.payments.push(payment);
    request.events.push({ at: payment.at, actor: payment.by, type: payment.kind, data });
  };
  const pay = (purpose: SeedPayment['purpose'], amountCents: number, at: Date) => {
    if (amountCents <= 0) return;
    const card = random.chance(0.55);
    const method = card ? 'card' : random.pick(offlineMethods);
    record(
      { kind: 'payment', method, purpose, amountCents, at, by: card ? 'system' : staff },
      { amountCents, currency: 'usd', method, purpose },
    );
  };
  const paid = (purpose: SeedPayment['purpose']) =>
    request.payments.filter((payment) => payment.kind === 'payment' && payment.purpose === purpose);

  return {
    /**
     * After the quote's approval: the deposit it asks, most of the time, and always for an order that goes
     * into production (the desk holds it back until the deposit is paid).
     */
    deposit(at: Date, { required }: { required: boolean }) {
      const quote = approved();
      if (quote && (required || random.chance(0.9)))
        pay('deposit', depositOf(quote.totalCents, quote.depositPercent), at);
    },
    /** At collection: what is left of the quote's total. */
    balance(at: Date) {
      const quote = approved();
      const sum = request.payments.reduce((total, payment) => total + payment.amountCents, 0);
      if (quote) pay('balance', quote.totalCents - sum, at);
    },
    /** On a cancellation: now and then a card deposit goes back. */
    refund(at: Date) {
      const [deposit] = paid('deposit');
      if (deposit?.method !== 'card' || !random.chance(0.6)) return;
      record(
        {
          kind: 'refund',
          method: 'card',
          purpose: 'deposit',
          amountCents: deposit.amountCents,
          at,
          by: 'system',
          refundOf: request.payments.indexOf(deposit),
        },
        { amountCents: deposit.amountCents, currency: 'usd' },
      );
    },
  };
}
