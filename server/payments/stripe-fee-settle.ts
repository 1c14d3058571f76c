import type { Logger } from 'pino';
import type { StripeBalance } from './stripe-balance.ts';
import type { StripeFeeStore } from './stripe-fee-store.ts';

/** At most this many rows asked about per run: a page waiting on it asks Stripe a bounded number of times. */
const PER_RUN = 25;

/**
 * Asks Stripe for the fee of every counted card payment and refund that has none yet, and keeps what it
 * says. Run after the webhook records money and before the books are read: the payment is recorded
 * whatever Stripe answers here, and a row Stripe did not answer for is asked about again on the next run.
 * Resolves to how many rows are still without a fee after this run.
 */
export function stripeFeeSettler(deps: {
  balance: Pick<StripeBalance, 'paymentFigures' | 'refundFigures'>;
  fees: StripeFeeStore;
  logger: Logger;
}): () => Promise<number> {
  let running: Promise<number> | undefined;
  async function run(): Promise<number> {
    const rows = await deps.fees.feesToFetch(PER_RUN);
    let missing = 0;
    for (const row of rows) {
      try {
        const figures =
          row.kind === 'payment'
            ? await deps.balance.paymentFigures(row.paymentIntent)
            : await deps.balance.refundFigures(row.refundId);
        if (figures) await deps.fees.recordFee(row.paymentId, figures);
        else missing += 1;
      } catch (error) {
        missing += 1;
        deps.logger.warn(
          {
            payment: row.paymentId,
            reason: 'stripe_fee_unanswered',
            err: error instanceof Error ? error.message.slice(0, 200) : String(error),
          },
          'Stripe did not give the fee of a card payment: asked again on the next read of the books',
        );
      }
    }
    return missing;
  }
  // One run at a time: the webhook and a page asking at once share the same answers.
  return () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
}
