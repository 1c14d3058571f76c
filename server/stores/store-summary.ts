import { formatDateTime } from '#shared/desk-format.ts';
import { sizeOrder } from '#shared/groups/group-sizes.ts';
import { formatMoney } from '#shared/money.ts';
import type { DeskStoreView } from '#shared/stores/store-contract.ts';
import { counterText, orderTotalCents, pieceCents } from '#shared/stores/store-rules.ts';
import { type StoreStatement, storeStatement } from './store-statement.ts';
import { orderStateWords } from './store-views.ts';
import type { StoredOrder, StoredStore } from './team-stores-store.ts';

/** The orders whose pieces count: their card is saved, or their money is in. */
const COUNTED = new Set(['saved', 'charged', 'failed', 'paid']);

/**
 * Why an order waiting for its money is not paid, for the shop only: the bank's code for a refused charge,
 * or a payment Stripe took for another amount than the order owes (held for the shop to sort out).
 */
const heldNote = (order: StoredOrder, audience: 'shop' | 'organiser') =>
  audience === 'shop' && order.chargeError && (order.state === 'failed' || order.state === 'saving')
    ? ` (${order.chargeError})`
    : '';

/** The store's money so far: sales, the shop's price, the club's funds, over the orders that count. */
function moneyOf(store: StoredStore, orders: StoredOrder[]) {
  let sales = 0;
  let funds = 0;
  for (const order of orders.filter((each) => COUNTED.has(each.state))) {
    sales += order.totalCents ?? orderTotalCents(store, store.products, order.items);
    for (const item of order.items) funds += store.markupCents * item.quantity;
  }
  const shipping =
    store.delivery === 'shipping' ? store.shippingCents * orders.filter((each) => COUNTED.has(each.state)).length : 0;
  return { sales, funds, shop: sales - funds - shipping };
}

/** The statement's lines, each with an id the page marks it by. */
function statementView(statement: StoreStatement): NonNullable<DeskStoreView['statement']> {
  const notes: string[] = [];
  if (statement.unpaid.orders > 0)
    notes.push(
      `${statement.unpaid.orders} order${statement.unpaid.orders === 1 ? '' : 's'} (${formatMoney(statement.unpaid.cents)}) not paid yet: their buyers were mailed a pay link.`,
    );
  if (statement.feesUnknown > 0)
    notes.push(
      `Stripe did not report the fee of ${statement.feesUnknown} payment(s): the payout is before those fees.`,
    );
  return {
    rows: [
      { id: 'sales', label: 'Sales', value: formatMoney(statement.salesCents) },
      { id: 'shop', label: 'The shop’s price', value: formatMoney(statement.shopCents) },
      ...(statement.shippingCents > 0
        ? [{ id: 'shipping', label: 'Shipping', value: formatMoney(statement.shippingCents) }]
        : []),
      { id: 'fees', label: 'Stripe’s fees', value: formatMoney(statement.feesCents) },
      { id: 'payout', label: 'Payout to the club', value: formatMoney(statement.payoutCents) },
    ],
    notes,
  };
}

/**
 * What the shop's page and the organiser's page both show of a store: its state, the counter, the money so
 * far, the pieces by product, colour and size, the orders and, once closed with its minimum, the statement.
 * The organiser sees the buyers' names only: their e-mail addresses are for the shop.
 */
export function storeSummary(
  store: StoredStore,
  orders: StoredOrder[],
  pieces: number,
  context: { timeZone: string; now: Date; publicUrl: string; audience: 'shop' | 'organiser' },
): Omit<DeskStoreView, 'csrfToken' | 'copyHref'> {
  const money = moneyOf(store, orders);
  const totals = new Map<string, DeskStoreView['totals'][number]>();
  for (const order of orders.filter((each) => COUNTED.has(each.state))) {
    for (const item of order.items) {
      const product = store.products.find((each) => each.id === item.productId)?.title ?? 'Product';
      const key = `${product}|${item.colour}|${item.size}`;
      const row = totals.get(key) ?? { product, colour: item.colour, size: item.size, pieces: 0 };
      row.pieces += item.quantity;
      totals.set(key, row);
    }
  }
  const at = (date: Date) => formatDateTime(date.toISOString(), context.timeZone);
  const state = {
    open: store.closesAt.getTime() > context.now.getTime() ? 'Open' : 'Closing at the next check',
    closing: 'Closing: charges under way',
    charged:
      store.charging === 'as-sold'
        ? 'Closed: paid when ordered, all of it printed'
        : 'Closed: minimum reached, cards charged',
    missed: 'Closed: minimum missed, nobody charged',
  }[store.state];
  return {
    page: 'desk-store',
    audience: context.audience,
    title: store.title,
    link: `${context.publicUrl}/stores/${store.slug}`,
    state,
    closes: `${store.state === 'open' ? 'Closes' : 'Closed'} ${at(store.closedAt ?? store.closesAt)} (opened ${at(store.opensAt)}).`,
    counter: counterText(pieces, store.minimumPieces),
    funds: formatMoney(money.funds),
    sales: formatMoney(money.sales),
    shopShare: formatMoney(money.shop),
    products: store.products.map((product) => {
      const smallest = Math.min(...product.sizes.map((size) => pieceCents(product, store.markupCents, size.size)));
      return {
        title: product.title,
        price: `from ${formatMoney(smallest)}`,
        shopPrice: formatMoney(product.shopPriceCents),
      };
    }),
    // By product as the store lists them, then colour as offered, then size from small to large.
    totals: [...totals.values()].sort((a, b) => {
      const product = (title: string) => store.products.findIndex((each) => each.title === title);
      const colour = (row: typeof a) => store.products[product(row.product)]?.colours.indexOf(row.colour) ?? 0;
      return (
        product(a.product) - product(b.product) ||
        colour(a) - colour(b) ||
        sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size)
      );
    }),
    orders: orders.map((order) => ({
      id: order.id,
      buyer: context.audience === 'shop' ? `${order.buyerName} <${order.buyerEmail}>` : order.buyerName,
      pieces: order.items.reduce((sum, item) => sum + item.quantity, 0),
      total: formatMoney(order.totalCents ?? orderTotalCents(store, store.products, order.items)),
      state: `${orderStateWords[order.state]}${heldNote(order, context.audience)}`,
    })),
    ...(store.state === 'charged' ? { statement: statementView(storeStatement(store, orders)) } : {}),
  };
}
