import { randomBytes } from 'node:crypto';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import type { CustomerStore } from '#server/customer/customer-store.ts';
import { referenceOf, staffOf } from '#server/http/desk-request.ts';
import { type LinkKeys, newLinkSecret } from '#server/http/link-secrets.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import { type GarmentCatalogue, garmentTitle } from '#shared/garments/catalogue.ts';
import { groupSizes, sizeUpcharges } from '#shared/groups/group-sizes.ts';
import { instantOf, wallClockIn } from '#shared/groups/zoned-time.ts';
import { isRecord } from '#shared/is-record.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { DeskStoreView, DeskTeamStores, StoreNotice, TeamStoreView } from '#shared/stores/store-contract.ts';
import { openStoreSchema, storeFieldErrors } from '#shared/stores/store-forms.ts';
import { STORE_LIMITS } from '#shared/stores/store-rules.ts';
import { type CloseDeps, closeStore } from './store-close.ts';
import { organiserPath } from './store-links.ts';
import { bagLabelsPdf, pickupListPdf, workOrderPdf } from './store-pdfs.ts';
import { shopPriceCents } from './store-pricing.ts';
import { bookStoreRun } from './store-production.ts';
import { storeSummary } from './store-summary.ts';
import type { StoredStore, StoreProductInput, TeamStoreStore } from './team-stores-store.ts';

const DAY_MS = 24 * 3600_000;
export interface DeskStoreRoutesOptions {
  stores: Pick<
    TeamStoreStore,
    'openStore' | 'storeById' | 'ordersOf' | 'piecesCounted' | 'moveClose' | 'bookRun' | 'markBagsReady'
  >;
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
  /** The organiser's link is shown to the shop to send on. */
  keys: LinkKeys;
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
  booked: { type: 'success', text: 'The run is on the production board.' },
  'bags-ready': { type: 'success', text: 'The bags are ready: every buyer who paid is mailed.' },
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

/** The routes' options, as each handler names the part it reads. */
type Options = DeskStoreRoutesOptions;

/** The shop's time zone, from the price list's order terms as they stand now. */
const timeZoneOf = (options: Pick<Options, 'prices'>) => options.prices()['order-terms'].timeZone;

async function send(
  options: Pick<Options, 'render' | 'stylesheets' | 'shopName'>,
  res: Response,
  view: TeamStoreView,
  status = 200,
) {
  const html = await options.render(view, { stylesheets: options.stylesheets(), shopName: options.shopName() });
  res.status(status).type('html').send(html);
}

/** Where the opening form posts and leads back to: the desk's request page, or the organiser's own. */
export interface FormPlace {
  action: string;
  back: { href: string; label: string };
  audience: 'shop' | 'organiser';
}

const deskPlace = (reference: string): FormPlace => ({
  action: `/staff/requests/${reference}/stores`,
  back: { href: `/staff/requests/${reference}`, label: `Back to ${reference}` },
  audience: 'shop',
});

/** What opening a store from its form reads and writes, whoever opens it. */
export type StoreOpeningOptions = Pick<
  Options,
  'customer' | 'versions' | 'csrfToken' | 'prices' | 'render' | 'stylesheets' | 'shopName' | 'now'
> & { stores: Pick<TeamStoreStore, 'openStore'> };

/** The form opening a store for a quote request, with its values and what is wrong with them. */
async function sendForm(
  options: Pick<Options, 'customer' | 'csrfToken' | 'prices' | 'render' | 'stylesheets' | 'shopName'>,
  req: Request,
  res: Response,
  reference: string,
  values: Record<string, string>,
  errors: Record<string, string>,
  status = 200,
  place: FormPlace = deskPlace(reference),
) {
  const request = await options.customer.getCustomerRequest(reference);
  if (request?.kind !== 'quote') throw createHttpError(404, 'There is no quote request with that reference.');
  await send(
    options,
    res,
    {
      page: 'desk-new',
      reference,
      requestName: request.name,
      csrfToken: options.csrfToken(req, res),
      action: place.action,
      back: place.back,
      audience: place.audience,
      garments: options.prices().garments.garments.map((garment) => ({
        id: garment.id,
        title: garmentTitle(garment),
        colours: garment.colors.map((colour) => colour.name),
        sizes: garment.sizes,
      })),
      values,
      errors,
      timeZone: timeZoneOf(options),
    },
    status,
  );
}

/** A new store's form: two weeks from now, the request's garment and colour as its first product. */
export async function sendNewStoreForm(
  options: StoreOpeningOptions,
  req: Request,
  res: Response,
  reference: string,
  place: FormPlace = deskPlace(reference),
) {
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
    options,
    req,
    res,
    reference,
    {
      opensAt: wallClockIn(now, timeZoneOf(options)),
      closesAt: wallClockIn(new Date(now.getTime() + 14 * DAY_MS), timeZoneOf(options)),
      minimum: '24',
      expected: '36',
      markup: '5.00',
      delivery: 'school',
      ...(garment ? { product1: garment.id } : {}),
      ...(text(payload.garmentColor) ? { product1Colours: text(payload.garmentColor) } : {}),
    },
    {},
    200,
    place,
  );
}

function newStoreForm(options: Options): RequestHandler {
  return (req, res) => sendNewStoreForm(options, req, res, referenceOf(req));
}

/** Next season's store: the same settings and products on the form, new dates, priced again on opening. */
function copyStoreForm(options: Options): RequestHandler {
  return async (req, res) => {
    const store = await options.stores.storeById(idOf(req.params.id));
    if (!store) throw createHttpError(404, 'There is no such store.');
    const now = options.now();
    const length = Math.max(DAY_MS, store.closesAt.getTime() - store.opensAt.getTime());
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const values: Record<string, string> = {
      title: store.title,
      opensAt: wallClockIn(now, timeZoneOf(options)),
      closesAt: wallClockIn(new Date(now.getTime() + length), timeZoneOf(options)),
      minimum: String(store.minimumPieces),
      expected: String(store.expectedPieces),
      markup: dollars(store.markupCents),
      delivery: store.delivery,
      charging: store.charging,
      ...(store.delivery === 'shipping' ? { shipping: dollars(store.shippingCents) } : {}),
      ...(store.asksNames ? { asksNames: 'on' } : {}),
      ...(store.asksNumbers ? { asksNumbers: 'on' } : {}),
      ...(store.sortBy ? { sortBy: store.sortBy } : {}),
      ...(store.lateDays ? { lateDays: String(store.lateDays) } : {}),
    };
    store.products.forEach((product, index) => {
      values[`product${index + 1}`] = product.garment;
      values[`product${index + 1}Colours`] = product.colours.join(', ');
      values[`product${index + 1}Sizes`] = product.sizes.map((size) => size.size).join(', ');
    });
    await sendForm(options, req, res, store.reference, values, {});
  };
}

/** A later (or earlier) close for an open store. */
function extendStore(options: Pick<Options, 'stores' | 'prices' | 'now'>): RequestHandler {
  return async (req, res) => {
    const store = await options.stores.storeById(idOf(req.params.id));
    if (!store) throw createHttpError(404, 'There is no such store.');
    const at = instantOf(bodyOf(req).closesAt?.trim() ?? '', timeZoneOf(options));
    if (!at || at.getTime() <= options.now().getTime())
      throw createHttpError(422, 'Choose a new closing day and time later than now.');
    if (!(await options.stores.moveClose(store.id, at))) throw createHttpError(409, 'This store is closed already.');
    res.redirect(303, `/staff/stores/${store.id}?done=moved`);
  };
}

/**
 * The opening form sent: the store opened with its products priced now by the engine (never a figure
 * from the post), or the form sent again with its errors (undefined).
 */
export async function openFromForm(
  options: StoreOpeningOptions,
  req: Request,
  res: Response,
  reference: string,
  opener: { place: FormPlace; by: string },
): Promise<StoredStore | undefined> {
  const body = bodyOf(req);
  const now = options.now();
  const parsed = openStoreSchema(timeZoneOf(options), now).safeParse(body);
  const formValues = (await options.versions.formValuesOf(reference)) ?? {};
  const expected = parsed.success ? parsed.data.expected : 24;
  const { products, errors } = productsOf(body, options.prices(), formValues, expected, now);
  if (!parsed.success || Object.keys(errors).length > 0) {
    const all = { ...(parsed.success ? {} : storeFieldErrors(parsed.error)), ...errors };
    await sendForm(options, req, res, reference, body, all, 422, opener.place);
    return undefined;
  }
  const settings = parsed.data;
  const store = await options.stores.openStore(
    reference,
    {
      title: settings.title,
      opensAt: settings.opensAt,
      closesAt: settings.closesAt,
      minimumPieces: settings.minimum,
      charging: settings.charging,
      expectedPieces: settings.expected,
      markupCents: settings.markup,
      delivery: settings.delivery,
      shippingCents: settings.delivery === 'shipping' ? settings.shipping : 0,
      asksNames: settings.asksNames,
      asksNumbers: settings.asksNumbers,
      sortBy: settings.sortBy,
      lateDays: settings.lateDays,
    },
    products,
    { slug: slugOf(settings.title), organiserSalt: newLinkSecret() },
    opener.by,
  );
  if (!store) throw createHttpError(404, 'There is no quote request with that reference.');
  return store;
}

function openStore(options: Options): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const by = `staff:${staffOf(res)}`;
    const store = await openFromForm(options, req, res, reference, { place: deskPlace(reference), by });
    if (store) res.redirect(303, `/staff/stores/${store.id}?done=opened`);
  };
}

/** The shop's page of a store: its summary, the organiser's link, and what can be done in its state. */
function showStore(options: Options): RequestHandler {
  return async (req, res) => {
    const store = await options.stores.storeById(idOf(req.params.id));
    if (!store) throw createHttpError(404, 'There is no such store.');
    const orders = await options.stores.ordersOf(store.id);
    const pieces = await options.stores.piecesCounted(store.id);
    const notice = notices[String(req.query.done) as keyof typeof notices];
    await send(options, res, {
      ...storeSummary(store, orders, pieces, {
        timeZone: timeZoneOf(options),
        now: options.now(),
        publicUrl: options.publicUrl,
        audience: 'shop',
      }),
      reference: store.reference,
      csrfToken: options.csrfToken(req, res),
      ...(notice ? { notice } : {}),
      organiserLink: `${options.publicUrl}${organiserPath(options.keys, store)}`,
      ...(store.state === 'open'
        ? {
            closeAction: `/staff/stores/${store.id}/close`,
            extend: {
              action: `/staff/stores/${store.id}/extend`,
              value: wallClockIn(store.closesAt, timeZoneOf(options)),
              timeZone: timeZoneOf(options),
            },
          }
        : {}),
      copyHref: `/staff/stores/${store.id}/copy`,
      ...(store.state === 'charged' ? { production: productionView(store, timeZoneOf(options)) } : {}),
    });
  };
}

const boardWords = (store: StoredStore, timeZone: string) =>
  store.bookedAt
    ? `On the board as request ${store.reference} since ${formatDateTime(store.bookedAt.toISOString(), timeZone)}, dated from the shop's load for every piece paid for.`
    : `Not on the board yet: request ${store.reference} is already there with another order, or its decoration gives no date. Book it here, or set its press day on the board.`;

/** A store closed with its minimum: its run on the board, its papers, and its bags. */
function productionView(store: StoredStore, timeZone: string): NonNullable<DeskStoreView['production']> {
  const base = `/staff/stores/${store.id}`;
  return {
    board: boardWords(store, timeZone),
    ...(store.bookedAt ? {} : { bookAction: `${base}/book` }),
    papers: [
      { label: 'Work order with the roster (PDF)', href: `${base}/work-order.pdf` },
      { label: 'Pickup list (PDF)', href: `${base}/pickup-list.pdf` },
      { label: 'Bag labels, one per buyer (PDF)', href: `${base}/bag-labels.pdf` },
    ],
    bagsReady: store.bagsReadyAt
      ? { at: formatDateTime(store.bagsReadyAt.toISOString(), timeZone) }
      : { action: `${base}/bags-ready` },
  };
}

/** A store closed with its minimum: the only kind with a run, papers and bags. */
async function closedStore(options: Pick<Options, 'stores'>, req: Request): Promise<StoredStore> {
  const store = await options.stores.storeById(idOf(req.params.id));
  if (!store) throw createHttpError(404, 'There is no such store.');
  if (store.state !== 'charged')
    throw createHttpError(409, 'This store has not closed with its minimum: nothing goes into production.');
  return store;
}

/** The papers of a closed store's run, each made from its orders. */
const papers = { 'work-order': workOrderPdf, 'pickup-list': pickupListPdf, 'bag-labels': bagLabelsPdf } as const;

function sendPaper(
  options: Pick<Options, 'stores'>,
  name: string,
  make: (typeof papers)[keyof typeof papers],
): RequestHandler {
  return async (req, res) => {
    const store = await closedStore(options, req);
    const pdf = await make(store, await options.stores.ordersOf(store.id));
    res
      .status(200)
      .type('application/pdf')
      .set('Content-Disposition', `inline; filename="store-${store.id}-${name}.pdf"`)
      .send(pdf);
  };
}

/** The closed store's run booked on the production board, unless the shop must date it by hand. */
function bookRun(options: Pick<Options, 'stores' | 'close'>): RequestHandler {
  return async (req, res) => {
    const store = await closedStore(options, req);
    const production = options.close.production;
    if (!production) throw createHttpError(503, 'The production board is not wired to the stores here.');
    const outcome = await bookStoreRun(
      { stores: options.stores, logger: options.close.logger, ...production },
      store.id,
    );
    if (outcome === 'on-board')
      throw createHttpError(
        409,
        `Request ${store.reference} is on the board with another order: set this run's press day by hand.`,
      );
    if (outcome === 'unpriced')
      throw createHttpError(
        409,
        `Request ${store.reference}'s decoration gives no date: set this run's press day on the board.`,
      );
    res.redirect(303, `/staff/stores/${store.id}?done=booked`);
  };
}

/** The bags are ready: every buyer who paid is mailed, once. */
function markBagsReady(options: Pick<Options, 'stores' | 'close'>): RequestHandler {
  return async (req, res) => {
    const store = await closedStore(options, req);
    if (store.bagsReadyAt) throw createHttpError(409, 'The buyers were told already.');
    if ((await options.stores.markBagsReady(store.id)) !== undefined) options.close.onQueued?.();
    res.redirect(303, `/staff/stores/${store.id}?done=bags-ready`);
  };
}

/** "Close now": the close moved to now and run at once, through the same claim as the job's. */
function closeNow(options: Pick<Options, 'stores' | 'close' | 'now'>): RequestHandler {
  return async (req, res) => {
    const store = await options.stores.storeById(idOf(req.params.id));
    if (!store) throw createHttpError(404, 'There is no such store.');
    if (store.state !== 'open') throw createHttpError(409, 'This store is closed already.');
    await options.stores.moveClose(store.id, options.now());
    const outcome = await closeStore(options.close, store.id);
    res.redirect(303, `/staff/stores/${store.id}?done=${outcome ?? 'closing'}`);
  };
}

/** The desk's pages of a request's team stores: opening one, its page, its close, its run, papers and bags. */
export function deskStoreRoutes(options: DeskStoreRoutesOptions): Router {
  const router = Router();
  router.get('/staff/requests/:reference/stores/new', newStoreForm(options));
  router.get('/staff/stores/:id/copy', copyStoreForm(options));
  router.post('/staff/stores/:id/extend', extendStore(options));
  router.post('/staff/requests/:reference/stores', openStore(options));
  router.get('/staff/stores/:id', showStore(options));
  for (const [name, make] of Object.entries(papers))
    router.get(`/staff/stores/:id/${name}.pdf`, sendPaper(options, name, make));
  router.post('/staff/stores/:id/book', bookRun(options));
  router.post('/staff/stores/:id/bags-ready', markBagsReady(options));
  router.post('/staff/stores/:id/close', closeNow(options));
  return router;
}
