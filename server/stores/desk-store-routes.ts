import { randomBytes } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import type { CustomerStore } from '#server/customer/customer-store.ts';
import { referenceOf, staffOf } from '#server/http/desk-request.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import { type GarmentCatalogue, garmentTitle } from '#shared/garments/catalogue.ts';
import { groupSizes, sizeOrder, sizeUpcharges } from '#shared/groups/group-sizes.ts';
import { instantOf, wallClockIn } from '#shared/groups/zoned-time.ts';
import { isRecord } from '#shared/is-record.ts';
import { formatMoney } from '#shared/money.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { DeskStoreView, DeskTeamStores, StoreNotice, TeamStoreView } from '#shared/stores/store-contract.ts';
import { openStoreSchema, storeFieldErrors } from '#shared/stores/store-forms.ts';
import { counterText, orderTotalCents, pieceCents, STORE_LIMITS } from '#shared/stores/store-rules.ts';
import { type CloseDeps, closeStore } from './store-close.ts';
import { shopPriceCents } from './store-pricing.ts';
import { type StoreStatement, storeStatement } from './store-statement.ts';
import { orderStateWords } from './store-views.ts';
import type { StoredOrder, StoredStore, StoreProductInput, TeamStoreStore } from './team-stores-store.ts';

const DAY_MS = 24 * 3600_000;
/** The orders whose pieces count: their card is saved, or their money is in. */
const COUNTED = new Set(['saved', 'charged', 'failed', 'paid']);

export interface DeskStoreRoutesOptions {
  stores: Pick<TeamStoreStore, 'openStore' | 'storeById' | 'ordersOf' | 'piecesCounted' | 'moveClose'>;
  customer: Pick<CustomerStore, 'getCustomerRequest'>;
  versions: Pick<VersionStore, 'formValuesOf'>;
  /** The close as the job runs it: "Close now" closes at once through the same claim. */
  close: CloseDeps;
  csrfToken: (req: Request, res: Response) => string;
  render: (view: TeamStoreView, options: { stylesheets: readonly string[]; shopName: string }) => Promise<string>;
  stylesheets: () => readonly string[];
  shopName: () => string;
  prices: () => PricingData & { garments: GarmentCatalogue };
  publicUrl: string;
  now: () => Date;
}

const notices = {
  opened: { type: 'success', text: 'The store is open. Send its link to the organiser.' },
  charged: { type: 'success', text: 'The store is closed: it reached its minimum and every saved card was charged.' },
  missed: {
    type: 'success',
    text: 'The store is closed without its minimum: nobody was charged, and every buyer is told.',
  },
  closing: { type: 'success', text: 'The store is closing: its charges are under way.' },
  moved: { type: 'success', text: 'The closing time is changed. The store page shows the new one.' },
} as const satisfies Record<string, StoreNotice>;

const bodyOf = (req: Request): Record<string, string> => {
  const values: Record<string, string> = {};
  if (isRecord(req.body))
    for (const [key, value] of Object.entries(req.body)) if (typeof value === 'string') values[key] = value;
  return values;
};
const idOf = (value: unknown) => (/^\d{1,12}$/.test(String(value)) ? Number(value) : 0);
const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The store's address: its title in plain letters, and a few random ones so no two stores share it. */
function slugOf(title: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const tail = randomBytes(4).toString('hex');
  return words ? `${words}-${tail}` : `store-${tail}`;
}

/** The products of the opening form, checked against the catalogue and priced by the engine. */
function productsOf(
  body: Record<string, string>,
  prices: DeskStoreRoutesOptions['prices'] extends () => infer P ? P : never,
  formValues: Record<string, string>,
  expected: number,
  now: Date,
): { products: StoreProductInput[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const products: StoreProductInput[] = [];
  for (let n = 1; n <= STORE_LIMITS.products; n += 1) {
    const id = body[`product${n}`]?.trim() ?? '';
    if (!id) {
      if (n === 1) errors.product1 = 'Choose the first product’s garment.';
      continue;
    }
    const garment = prices.garments.garments.find((each) => each.id === id);
    if (!garment) {
      errors[`product${n}`] = 'Choose a garment from the catalogue.';
      continue;
    }
    const colourNames = listOf(body[`product${n}Colours`]);
    const colours = colourNames.map(
      (name) => garment.colors.find((colour) => colour.name.toLowerCase() === name.toLowerCase())?.name,
    );
    if (colours.length === 0 || colours.some((colour) => colour === undefined)) {
      errors[`product${n}Colours`] =
        `Name one or more of this garment’s colours: ${garment.colors.map((colour) => colour.name).join(', ')}.`;
      continue;
    }
    const offered = groupSizes(garment);
    const asked = listOf(body[`product${n}Sizes`]).map((size) => size.toUpperCase());
    const sizes = asked.length === 0 ? [...offered] : offered.filter((size) => asked.includes(size.toUpperCase()));
    if (asked.length > 0 && sizes.length !== asked.length) {
      errors[`product${n}Sizes`] = `Choose sizes this garment comes in: ${offered.join(', ')}.`;
      continue;
    }
    const chosen = [...new Set(colours as string[])];
    const price = shopPriceCents(prices, formValues, { garment: id, colours: chosen }, expected, now);
    if (price === undefined) {
      errors[`product${n}`] = 'The price list cannot price this garment with the request’s decoration. Choose another.';
      continue;
    }
    const upcharges = sizeUpcharges(garment);
    products.push({
      garment: id,
      title: garmentTitle(garment),
      colours: chosen,
      sizes: sizes.map((size) => ({ size, upchargeCents: upcharges[size] ?? 0 })),
      shopPriceCents: price,
    });
  }
  return { products, errors };
}

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

const stateWords = {
  open: 'Open',
  closing: 'Closing',
  charged: 'Closed: minimum reached',
  missed: 'Closed: minimum missed',
} as const;

/** The request page's section: its stores, and the form opening another. */
export async function deskStoresView(
  stores: Pick<TeamStoreStore, 'storesOf'>,
  reference: string,
): Promise<DeskTeamStores> {
  return {
    stores: (await stores.storesOf(reference)).map((store) => ({
      title: store.title,
      href: `/staff/stores/${store.id}`,
      state: stateWords[store.state],
    })),
    open: `/staff/requests/${reference}/stores/new`,
  };
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

export function deskStoreRoutes(options: DeskStoreRoutesOptions): Router {
  const router = Router();
  const timeZone = () => options.prices()['order-terms'].timeZone;
  const send = async (res: Response, view: TeamStoreView, status = 200) => {
    const html = await options.render(view, { stylesheets: options.stylesheets(), shopName: options.shopName() });
    res.status(status).type('html').send(html);
  };

  async function sendForm(
    req: Request,
    res: Response,
    reference: string,
    values: Record<string, string>,
    errors: Record<string, string>,
    status = 200,
  ) {
    const request = await options.customer.getCustomerRequest(reference);
    if (request?.kind !== 'quote') throw createHttpError(404, 'There is no quote request with that reference.');
    await send(
      res,
      {
        page: 'desk-new',
        reference,
        requestName: request.name,
        csrfToken: options.csrfToken(req, res),
        action: `/staff/requests/${reference}/stores`,
        garments: options.prices().garments.garments.map((garment) => ({
          id: garment.id,
          title: garmentTitle(garment),
          colours: garment.colors.map((colour) => colour.name),
          sizes: garment.sizes,
        })),
        values,
        errors,
        timeZone: timeZone(),
      },
      status,
    );
  }

  router.get('/staff/requests/:reference/stores/new', async (req, res) => {
    const reference = referenceOf(req);
    const request = await options.customer.getCustomerRequest(reference);
    const payload = request?.payload ?? {};
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const now = options.now();
    const garment = options
      .prices()
      .garments.garments.find(
        (each) => each.id === text(payload.garment) || garmentTitle(each) === text(payload.garment),
      );
    await sendForm(
      req,
      res,
      reference,
      {
        opensAt: wallClockIn(now, timeZone()),
        closesAt: wallClockIn(new Date(now.getTime() + 14 * DAY_MS), timeZone()),
        minimum: '24',
        expected: '36',
        markup: '5.00',
        delivery: 'school',
        ...(garment ? { product1: garment.id } : {}),
        ...(text(payload.garmentColor) ? { product1Colours: text(payload.garmentColor) } : {}),
      },
      {},
    );
  });

  // Next season's store: the same settings and products on the form, new dates, priced again on opening.
  router.get('/staff/stores/:id/copy', async (req, res) => {
    const store = await options.stores.storeById(idOf(req.params.id));
    if (!store) throw createHttpError(404, 'There is no such store.');
    const now = options.now();
    const length = Math.max(DAY_MS, store.closesAt.getTime() - store.opensAt.getTime());
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const values: Record<string, string> = {
      title: store.title,
      opensAt: wallClockIn(now, timeZone()),
      closesAt: wallClockIn(new Date(now.getTime() + length), timeZone()),
      minimum: String(store.minimumPieces),
      expected: String(store.expectedPieces),
      markup: dollars(store.markupCents),
      delivery: store.delivery,
      ...(store.delivery === 'shipping' ? { shipping: dollars(store.shippingCents) } : {}),
      ...(store.asksNames ? { asksNames: 'on' } : {}),
      ...(store.asksNumbers ? { asksNumbers: 'on' } : {}),
    };
    store.products.forEach((product, index) => {
      values[`product${index + 1}`] = product.garment;
      values[`product${index + 1}Colours`] = product.colours.join(', ');
      values[`product${index + 1}Sizes`] = product.sizes.map((size) => size.size).join(', ');
    });
    await sendForm(req, res, store.reference, values, {});
  });

  router.post('/staff/stores/:id/extend', async (req, res) => {
    const store = await options.stores.storeById(idOf(req.params.id));
    if (!store) throw createHttpError(404, 'There is no such store.');
    const at = instantOf(bodyOf(req).closesAt?.trim() ?? '', timeZone());
    if (!at || at.getTime() <= options.now().getTime())
      throw createHttpError(422, 'Choose a new closing day and time later than now.');
    if (!(await options.stores.moveClose(store.id, at))) throw createHttpError(409, 'This store is closed already.');
    res.redirect(303, `/staff/stores/${store.id}?done=moved`);
  });

  router.post('/staff/requests/:reference/stores', async (req, res) => {
    const reference = referenceOf(req);
    const body = bodyOf(req);
    const now = options.now();
    const parsed = openStoreSchema(timeZone(), now).safeParse(body);
    const formValues = (await options.versions.formValuesOf(reference)) ?? {};
    const expected = parsed.success ? parsed.data.expected : 24;
    const { products, errors } = productsOf(body, options.prices(), formValues, expected, now);
    if (!parsed.success || Object.keys(errors).length > 0) {
      const all = { ...(parsed.success ? {} : storeFieldErrors(parsed.error)), ...errors };
      await sendForm(req, res, reference, body, all, 422);
      return;
    }
    const settings = parsed.data;
    const store = await options.stores.openStore(
      reference,
      {
        title: settings.title,
        opensAt: settings.opensAt,
        closesAt: settings.closesAt,
        minimumPieces: settings.minimum,
        expectedPieces: settings.expected,
        markupCents: settings.markup,
        delivery: settings.delivery,
        shippingCents: settings.delivery === 'shipping' ? settings.shipping : 0,
        asksNames: settings.asksNames,
        asksNumbers: settings.asksNumbers,
      },
      products,
      slugOf(settings.title),
      `staff:${staffOf(res)}`,
    );
    if (!store) throw createHttpError(404, 'There is no quote request with that reference.');
    res.redirect(303, `/staff/stores/${store.id}?done=opened`);
  });

  router.get('/staff/stores/:id', async (req, res) => {
    const store = await options.stores.storeById(idOf(req.params.id));
    if (!store) throw createHttpError(404, 'There is no such store.');
    const orders = await options.stores.ordersOf(store.id);
    const pieces = await options.stores.piecesCounted(store.id);
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
    const at = (date: Date) => formatDateTime(date.toISOString(), timeZone());
    const notice = notices[String(req.query.done) as keyof typeof notices];
    const state = {
      open: store.closesAt.getTime() > options.now().getTime() ? 'Open' : 'Closing at the next check',
      closing: 'Closing: charges under way',
      charged: 'Closed: minimum reached, cards charged',
      missed: 'Closed: minimum missed, nobody charged',
    }[store.state];
    await send(res, {
      page: 'desk-store',
      title: store.title,
      reference: store.reference,
      csrfToken: options.csrfToken(req, res),
      ...(notice ? { notice } : {}),
      link: `${options.publicUrl}/stores/${store.slug}`,
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
        buyer: `${order.buyerName} <${order.buyerEmail}>`,
        pieces: order.items.reduce((sum, item) => sum + item.quantity, 0),
        total: formatMoney(order.totalCents ?? orderTotalCents(store, store.products, order.items)),
        state: orderStateWords[order.state],
      })),
      ...(store.state === 'open'
        ? {
            closeAction: `/staff/stores/${store.id}/close`,
            extend: {
              action: `/staff/stores/${store.id}/extend`,
              value: wallClockIn(store.closesAt, timeZone()),
              timeZone: timeZone(),
            },
          }
        : {}),
      copyHref: `/staff/stores/${store.id}/copy`,
      ...(store.state === 'charged' ? { statement: statementView(storeStatement(store, orders)) } : {}),
    });
  });

  router.post('/staff/stores/:id/close', async (req, res) => {
    const store = await options.stores.storeById(idOf(req.params.id));
    if (!store) throw createHttpError(404, 'There is no such store.');
    if (store.state !== 'open') throw createHttpError(409, 'This store is closed already.');
    await options.stores.moveClose(store.id, options.now());
    const outcome = await closeStore(options.close, store.id);
    res.redirect(303, `/staff/stores/${store.id}?done=${outcome ?? 'closing'}`);
  });

  return router;
}
