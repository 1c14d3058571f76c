import Stripe from 'stripe';
import type { StripeConfig } from '#server/config.ts';

/**
 * What Stripe's balance says of the shop's card money, over the official `stripe` package: the fee and
 * net of a payment or a refund, read from its balance transaction the way the team stores' statement
 * reads a charge's fee (the PaymentIntent with `latest_charge.balance_transaction` expanded), and the
 * payouts that reached the bank in a span of time.
 */

/** A balance transaction's figures: Stripe's fee (what it kept) and the net that reaches the balance. */
export interface StripeBalanceFigures {
  feeCents: number;
  netCents: number;
  balanceTransaction: string;
}

/** A payout as Stripe lists it. */
interface StripePayout {
  id: string;
  amountCents: number;
  currency: string;
  /** When it reaches (or reached) the bank. */
  arrival: Date;
  /** paid, pending, in_transit, canceled or failed. */
  status: string;
}

export interface StripeBalance {
  /** The fee on a PaymentIntent's charge; null while Stripe has no balance transaction for it. */
  paymentFigures(paymentIntent: string): Promise<StripeBalanceFigures | null>;
  /** A refund's own balance transaction (Stripe reports a fee on one only where it gives fees back). */
  refundFigures(refundId: string): Promise<StripeBalanceFigures | null>;
  /** Payouts arriving from `from` (included) to `to` (excluded), oldest first. */
  payoutsBetween(from: Date, to: Date): Promise<StripePayout[]>;
}

/** The figures of an expanded balance transaction; null when Stripe gave only its id, or none. */
function figuresOf(transaction: string | Stripe.BalanceTransaction | null | undefined) {
  if (!transaction || typeof transaction === 'string') return null;
  return { feeCents: transaction.fee, netCents: transaction.net, balanceTransaction: transaction.id };
}

/**
 * The figures of a PaymentIntent's charge, read with `latest_charge.balance_transaction` expanded (the
 * books' read, and the team stores' charges and pay links); null when Stripe did not expand them.
 */
export function chargeFigures(intent: Stripe.PaymentIntent | string | null | undefined) {
  if (!intent || typeof intent === 'string') return null;
  const charge = intent.latest_charge;
  return figuresOf(charge && typeof charge === 'object' ? charge.balance_transaction : null);
}

/** At most this many payouts a month: a shop paid out daily has about thirty. */
const MAX_PAYOUTS = 200;

export function stripeBalance(config: StripeConfig): StripeBalance {
  const stripe = new Stripe(config.secretKey, {
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
    // Read while a page waits: a slow Stripe is reported on the page, not waited on.
    timeout: 10_000,
    maxNetworkRetries: 1,
    telemetry: false,
  });
  return {
    async paymentFigures(paymentIntent) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntent, {
        expand: ['latest_charge.balance_transaction'],
      });
      return chargeFigures(intent);
    },
    async refundFigures(refundId) {
      const refund = await stripe.refunds.retrieve(refundId, { expand: ['balance_transaction'] });
      return figuresOf(refund.balance_transaction);
    },
    async payoutsBetween(from, to) {
      const listed = await stripe.payouts
        .list({
          arrival_date: { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) },
          limit: 100,
        })
        .autoPagingToArray({ limit: MAX_PAYOUTS });
      return listed
        .map((payout) => ({
          id: payout.id,
          amountCents: payout.amount,
          currency: payout.currency,
          arrival: new Date(payout.arrival_date * 1000),
          status: payout.status,
        }))
        .sort((a, b) => a.arrival.getTime() - b.arrival.getTime() || a.id.localeCompare(b.id));
    },
  };
}
