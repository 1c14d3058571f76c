/**
 * What a team store asks of Stripe, in its own words: the app hands in the payments feature's
 * implementation (server/payments/saved-cards.ts), so this folder never reaches into that feature.
 * Every call that changes anything carries an idempotency key the caller makes from what it stores.
 */

/** How an off-session charge ended. */
export type ChargeOutcome =
  | { ok: true; paymentIntent: string; feeCents: number | null }
  | {
      ok: false;
      /** Stripe's code: card_declined, authentication_required, expired_card… */
      code: string;
      message: string;
      paymentIntent: string | null;
      /** False when Stripe could not be reached or answered oddly: the close tries the order again later. */
      final: boolean;
    };

export interface StoreCards {
  /** A Stripe customer for the buyer, whom the saved card belongs to. */
  createCustomer(ask: { name: string; email: string; metadata: Record<string, string> }, key: string): Promise<string>;
  /** Stripe Checkout in setup mode: the buyer saves a card, agreeing to be charged later; nothing is charged. */
  startSetup(
    ask: { customer: string; successUrl: string; cancelUrl: string; metadata: Record<string, string> },
    key: string,
  ): Promise<{ id: string; url: string }>;
  /** A setup session's state, and the card it saved once complete. */
  setupOutcome(sessionId: string): Promise<{ status: 'open' | 'complete' | 'expired'; paymentMethod: string | null }>;
  /** Charges the saved card without the buyer present, for exactly `amountCents`. */
  chargeSaved(
    ask: {
      customer: string;
      paymentMethod: string;
      amountCents: number;
      description: string;
      metadata: Record<string, string>;
    },
    key: string,
  ): Promise<ChargeOutcome>;
  /** Forgets the saved card (detached from the customer): a store that missed its minimum keeps no card. */
  release(paymentMethod: string): Promise<void>;
  /** Checkout in payment mode, for a buyer whose saved card was refused. */
  startPayment(
    ask: {
      amountCents: number;
      description: string;
      email: string;
      successUrl: string;
      cancelUrl: string;
      metadata: Record<string, string>;
    },
    key: string,
  ): Promise<{ id: string; url: string }>;
  /** A payment session's state: paid, with its payment intent and amount. */
  paymentOutcome(
    sessionId: string,
  ): Promise<{ paid: boolean; paymentIntent: string | null; amountCents: number; feeCents: number | null }>;
  /** The database's own salt for idempotency keys (references restart in another database). */
  keySalt(): Promise<string>;
}
