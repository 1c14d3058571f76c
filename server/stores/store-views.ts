import { colorNamed, type GarmentCatalogue } from '#shared/garments/catalogue.ts';
import { sizeChart } from '#shared/groups/group-sizes.ts';
import { formatMoney } from '#shared/money.ts';
import type { StoreProductView } from '#shared/stores/store-contract.ts';
import { pieceCents } from '#shared/stores/store-rules.ts';
import type { OrderState, StoredOrder, StoredStore } from './team-stores-store.ts';

/** A product as the store page shows it: priced per size from the store, its colours drawn. */
export function productViews(store: StoredStore, catalogue: GarmentCatalogue): StoreProductView[] {
  return store.products.map((product) => {
    const garment = catalogue.garments.find((each) => each.id === product.garment);
    const prices = product.sizes.map((size) => pieceCents(product, store.markupCents, size.size));
    return {
      id: product.id,
      title: product.title,
      type: garment?.type ?? 'tee',
      price: `From ${formatMoney(Math.min(...prices))} each`,
      colours: product.colours.map((name) => ({ name, hex: colorNamed(garment ?? {}, name)?.hex ?? '#ffffff' })),
      sizes: product.sizes.map((size) => ({
        size: size.size,
        price: formatMoney(pieceCents(product, store.markupCents, size.size)),
      })),
      sizeChart: garment ? sizeChart(garment) : [],
    };
  });
}

/** One cart line in words: "2 × Gildan tee, Navy, L — KIM 7". */
export function lineText(store: StoredStore, item: StoredOrder['items'][number]): string {
  const product = store.products.find((each) => each.id === item.productId);
  const back = [item.backName, item.backNumber].filter(Boolean).join(' ');
  return `${item.quantity} × ${product?.title ?? 'Product'}, ${item.colour}, ${item.size}${back ? ` — ${back}` : ''}`;
}

/** What one line costs now. */
export function lineCents(store: StoredStore, item: StoredOrder['items'][number]): number {
  const product = store.products.find((each) => each.id === item.productId);
  return product ? pieceCents(product, store.markupCents, item.size) * item.quantity : 0;
}

/** Where an order stands, for its buyer. */
export const orderStatus: Record<OrderState, string> = {
  cart: 'Not placed yet: your card is not saved.',
  saving: 'Waiting for your card to be saved on Stripe’s page.',
  saved:
    'Placed. Your card is saved and nothing is charged until the store closes, and only if it reaches its minimum.',
  charged: 'Charged: the store reached its minimum and your order goes ahead. Your receipt is in your e-mail.',
  failed: 'The store reached its minimum, but your bank refused the charge on your saved card. Please pay below.',
  paid: 'Paid. Thank you: your order goes ahead with the rest.',
  released: 'The store closed without reaching its minimum: nothing was charged and your card is no longer kept.',
  abandoned: 'Your card was never saved, so this order was not placed.',
};

/** Where an order stands, for the shop. */
export const orderStateWords: Record<OrderState, string> = {
  cart: 'Cart',
  saving: 'On Stripe’s page',
  saved: 'Card saved',
  charged: 'Charged',
  failed: 'Charge refused: pay link sent',
  paid: 'Paid by link',
  released: 'Released (minimum missed)',
  abandoned: 'Card never saved',
};
