import type { StripeBalanceFigures } from './stripe-balance.ts';

/** A card payment or refund whose Stripe fee is not known yet, with what to ask Stripe about it. */
export type FeeToFetch =
  | { paymentId: number; kind: 'payment'; paymentIntent: string }
  | { paymentId: number; kind: 'refund'; refundId: string };

/**
 * Stripe's fee and net, kept on the payment row they belong to. A row stays "not known yet" (null)
 * until Stripe has answered for it; a fee once written is not written again.
 */
export interface StripeFeeStore {
  /** Counted card payments and refunds without a fee yet, oldest first, at most `limit`. */
  feesToFetch(limit: number): Promise<FeeToFetch[]>;
  /** Writes Stripe's figures on the row, unless another writer did first; true when this one wrote. */
  recordFee(paymentId: number, figures: StripeBalanceFigures): Promise<boolean>;
  /** The figures kept on a row; undefined while not known (or no such row). */
  feeOf(paymentId: number): Promise<StripeBalanceFigures | undefined>;
}
