import { formatMoney } from '#shared/money.ts';

/**
 * A team store's money and limits, one way for the store page, the cart, the close's charges and the
 * shop's totals: what a piece costs, what an order totals, and the counter toward the minimum.
 */

/** What one line of a cart may hold, and the print's longest name and number. */
export const STORE_LIMITS = {
  quantity: 50,
  backName: 12,
  backNumber: 2,
  cartLines: 20,
  title: 80,
  products: 3,
} as const;

export type StoreDelivery = 'pickup' | 'school' | 'shipping';

/** A product's size with what it adds to the piece, in cents (the catalogue's upcharge). */
export interface OfferedSize {
  size: string;
  upchargeCents: number;
}

/** What a piece of a product in a size costs a buyer: the shop's price, the club's markup, the size's upcharge. */
export function pieceCents(
  product: { shopPriceCents: number; sizes: readonly OfferedSize[] },
  markupCents: number,
  size: string,
): number {
  const upcharge = product.sizes.find((offered) => offered.size === size)?.upchargeCents ?? 0;
  return product.shopPriceCents + markupCents + upcharge;
}

/** An order's lines priced now, and what the order totals (shipping once per order when shipped). */
export function orderTotalCents(
  store: { markupCents: number; delivery: StoreDelivery; shippingCents: number },
  products: readonly { id: number; shopPriceCents: number; sizes: readonly OfferedSize[] }[],
  items: readonly { productId: number; size: string; quantity: number }[],
): number {
  let total = 0;
  for (const item of items) {
    const product = products.find((each) => each.id === item.productId);
    if (!product) continue;
    total += pieceCents(product, store.markupCents, item.size) * item.quantity;
  }
  return items.length > 0 && store.delivery === 'shipping' ? total + store.shippingCents : total;
}

/** "14 of 24 — 10 more and the order goes ahead", or that it goes ahead once the minimum is reached. */
export function counterText(pieces: number, minimum: number): string {
  const left = minimum - pieces;
  return left > 0
    ? `${pieces} of ${minimum} — ${left} more and the order goes ahead`
    : `${pieces} of ${minimum} — the minimum is reached: the order goes ahead`;
}

/** "Raises $5.00 for the club" on each piece; nothing when there is no markup. */
export function raisesText(markupCents: number): string | undefined {
  return markupCents > 0 ? `Raises ${formatMoney(markupCents)} for the club on every piece` : undefined;
}

/** How the order reaches the buyers, in words. */
export function deliveryText(delivery: StoreDelivery, shippingCents: number): string {
  if (delivery === 'pickup') return 'Pick up at the shop once the order is printed.';
  if (delivery === 'school') return 'Delivered to the school or club in one box, then handed out.';
  return `Shipped to you for ${formatMoney(shippingCents)} per order.`;
}
