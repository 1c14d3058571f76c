import { pieceCents } from '#shared/stores/store-rules.ts';
import type { StoredOrder, StoredStore } from './team-stores-store.ts';

/** A closed store's money, in cents: what came in, and where it goes. */
export interface StoreStatement {
  /** What the buyers paid: charged at close, or through their pay link. */
  salesCents: number;
  /** The shop's price for the pieces paid for (the engine's price and each size's upcharge). */
  shopCents: number;
  /** Shipping charged, per order shipped. */
  shippingCents: number;
  /** Stripe's fees on those payments, as its balance transactions reported them. */
  feesCents: number;
  /** What is left for the club: the markup on every piece paid for, less Stripe's fees. */
  payoutCents: number;
  /** Orders whose charge was refused and which are not paid yet, and what they owe. */
  unpaid: { orders: number; cents: number };
  /** Payments whose fee Stripe did not report: the payout is then an upper bound. */
  feesUnknown: number;
}

/**
 * The statement at close. The card fees come out of the club's share, not the shop's price: the shop
 * is paid its price for every piece whatever the card costs, and the markup is the only part that can
 * carry them. The payout is worked out as what is left, so the lines add up to the sales to the cent.
 */
export function storeStatement(store: StoredStore, orders: readonly StoredOrder[]): StoreStatement {
  const paid = orders.filter((order) => order.state === 'charged' || order.state === 'paid');
  let salesCents = 0;
  let shopCents = 0;
  let feesCents = 0;
  let feesUnknown = 0;
  for (const order of paid) {
    salesCents += order.totalCents ?? 0;
    if (order.feeCents === null) feesUnknown += 1;
    else feesCents += order.feeCents;
    for (const item of order.items) {
      const product = store.products.find((each) => each.id === item.productId);
      if (product) shopCents += (pieceCents(product, store.markupCents, item.size) - store.markupCents) * item.quantity;
    }
  }
  const shippingCents = store.delivery === 'shipping' ? store.shippingCents * paid.length : 0;
  const unpaidOrders = orders.filter((order) => order.state === 'failed');
  return {
    salesCents,
    shopCents,
    shippingCents,
    feesCents,
    payoutCents: salesCents - shopCents - shippingCents - feesCents,
    unpaid: {
      orders: unpaidOrders.length,
      cents: unpaidOrders.reduce((sum, order) => sum + (order.totalCents ?? 0), 0),
    },
    feesUnknown,
  };
}
