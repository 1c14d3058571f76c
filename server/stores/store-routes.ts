import { type Request, type RequestHandler, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import type { Csrf } from '#server/http/csrf.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import { hashOfSecret, isLinkSecret, type LinkKeys, newLinkSecret } from '#server/http/link-secrets.ts';
import { submissionRateLimit } from '#server/http/rate-limit.ts';
import type { StoredMockup } from '#server/mockups/mockup-store.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import type { GarmentCatalogue } from '#shared/garments/catalogue.ts';
import { formatMoney } from '#shared/money.ts';
import type {
  OrderPageView,
  StoreFormState,
  StoreNotice,
  StorePageView,
  TeamStoreView,
} from '#shared/stores/store-contract.ts';
import { cartLineSchema, checkoutSchema, storeFieldErrors } from '#shared/stores/store-forms.ts';
import { counterText, deliveryText, orderTotalCents, raisesText } from '#shared/stores/store-rules.ts';
import { LIVE_COUNTER_JS, LIVE_COUNTER_PATH } from './live-counter-script.ts';
import { organiserRoutes } from './organiser-store-routes.ts';
import type { StoreCards } from './store-cards.ts';
import { orderOpens, orderPath } from './store-links.ts';
import { bodyOf, pathOf, send, storeOf } from './store-route-parts.ts';
import type { StoreShopRules } from './store-shop-rules.ts';
import { lineCents, lineText, orderStatus, productViews } from './store-views.ts';
import type { CartRefusal, StoredOrder, StoredStore, TeamStoreStore } from './team-stores-store.ts';

const CART_COOKIE = 'store_cart';

/** The request's first mockup, shown as the store's design: the app hands in the mockups feature's own. */
interface DesignPicture {
  mockupsOf: (reference: string) => Promise<StoredMockup[]>;
  send: (res: Response, mockups: readonly StoredMockup[], view: string) => boolean;
}

export interface StoreRoutesOptions {
  stores: Pick<
    TeamStoreStore,
    | 'storeBySlug'
    | 'orderByCart'
    | 'orderById'
    | 'addToCart'
    | 'removeFromCart'
    | 'startSaving'
    | 'piecesCounted'
    | 'markPaySession'
    | 'markPaid'
    | 'markSaved'
    | 'ordersOf'
    | 'moveCloseAhead'
  >;
  design: DesignPicture;
  /** Saved cards through Stripe, when the shop takes cards; without it the store shows but takes no orders. */
  cards: StoreCards | null;
  csrf: Pick<Csrf, 'issueToken'>;
  keys: LinkKeys;
  catalogue: () => GarmentCatalogue;
  timeZone: () => string;
  render: (view: TeamStoreView, options: { stylesheets: readonly string[]; shopName: string }) => Promise<string>;
  stylesheets: () => readonly string[];
  shop: () => { appName: string; contact: { email: string } };
  /** The counts behind the rate limits. */
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
  /** Posts per address per 15 minutes on one form; a store's are allowed ten times as many (a school shares one). */
  rateLimit: number;
  publicUrl: string;
  secureCookies: boolean;
  now: () => Date;
  /** What the shop lets the organiser change by themselves (data/team-stores.json). */
  shopRules: () => StoreShopRules;
  onQueued?: () => void;
}

const notices = {
  added: { type: 'success', text: 'Added to your order below. Add more, or save your card to place it.' },
  removed: { type: 'success', text: 'Taken off your order.' },
  'card-left': {
    type: 'error',
    text: 'Your card was not saved, so your order is not placed yet. Try again when you are ready.',
  },
  saved: {
    type: 'success',
    text: 'Your order is placed and your card is saved. Nothing is charged unless the store reaches its minimum when it closes. Bookmark this page: it is your order.',
  },
  paid: { type: 'success', text: 'Thank you: your payment is recorded, and your receipt is on its way by e-mail.' },
  'not-paid': { type: 'error', text: 'The payment did not go through. Try the button again.' },
} as const satisfies Record<string, StoreNotice>;

const refusals: Record<CartRefusal, string> = {
  closed: 'This store is not taking orders now: it has closed (or not opened yet). Nothing was changed or charged.',
  full: 'Your order holds as many lines as it can. Place it, then start another for more.',
  gone: 'That order is no longer here. Nothing was changed or charged.',
  'not-cart': 'This order is already placed and cannot be changed. Start a new one for more.',
};

const idOf = (value: unknown) => (/^\d{1,12}$/.test(String(value)) ? Number(value) : 0);
const noticeOf = (req: Request): StoreNotice | undefined => notices[String(req.query.done) as keyof typeof notices];

/** The counter's words: toward the minimum, or the pieces ordered in a store that prints whatever sells. */
const counterWords = (store: StoredStore, pieces: number) =>
  store.charging === 'as-sold'
    ? `${pieces} piece${pieces === 1 ? '' : 's'} ordered so far`
    : counterText(pieces, store.minimumPieces);

/** In the late window: closed with its minimum, add-ons still taken (and paid when ordered). */
const isLateNow = (store: StoredStore, now: Date) =>
  store.state === 'charged' && store.lateUntil !== null && store.lateUntil.getTime() > now.getTime();
/** The store is taking cart changes now. */
const isOpenNow = (store: StoredStore, now: Date) =>
  (store.state === 'open' && store.opensAt.getTime() <= now.getTime() && store.closesAt.getTime() > now.getTime()) ||
  isLateNow(store, now);
/** Whether an order placed now is paid at once: a store that charges as it sells, or a late add-on. */
const paysNow = (store: StoredStore, now: Date) => store.charging === 'as-sold' || isLateNow(store, now);

const cartSecret = (req: Request): string | undefined => {
  const value: unknown = req.cookies?.[CART_COOKIE];
  return isLinkSecret(value) ? value : undefined;
};

/** The buyer's cart in this store, behind the cookie's secret, while it can still change. */
const cartOf = async (options: Pick<StoreRoutesOptions, 'stores'>, req: Request, store: StoredStore) => {
  const secret = cartSecret(req);
  if (!secret) return undefined;
  const order = await options.stores.orderByCart(store.id, hashOfSecret(secret));
  return order?.state === 'cart' || order?.state === 'saving' ? order : undefined;
};

/** When the store takes orders, in the shop's time zone: its late window, its close or its opening. */
function whenWords(store: StoredStore, now: Date, timeZone: string): string {
  return isLateNow(store, now)
    ? `The order goes ahead: late add-ons are taken until ${formatDateTime((store.lateUntil ?? now).toISOString(), timeZone)}, paid when you order.`
    : store.state !== 'open' || store.closesAt.getTime() <= now.getTime()
      ? `This store closed on ${formatDateTime(store.closesAt.toISOString(), timeZone)}: it takes no more orders.`
      : store.opensAt.getTime() > now.getTime()
        ? `This store opens on ${formatDateTime(store.opensAt.toISOString(), timeZone)}.`
        : `Orders close ${formatDateTime(store.closesAt.toISOString(), timeZone)}.`;
}

/** The store's page: its products, the counter, the buyer's cart, and a notice or a form's errors. */
async function sendStore(
  options: StoreRoutesOptions,
  req: Request,
  res: Response,
  store: StoredStore,
  page: { status?: number; notice?: StoreNotice; form?: StoreFormState } = {},
) {
  const now = options.now();
  const open = isOpenNow(store, now);
  const timeZone = options.timeZone();
  const pieces = await options.stores.piecesCounted(store.id);
  const cart = await cartOf(options, req, store);
  const mockups = await options.design.mockupsOf(store.reference);
  const first = mockups[0];
  const late = isLateNow(store, now);
  const when = whenWords(store, now, timeZone);
  const raises = raisesText(store.markupCents);
  const view: StorePageView = {
    page: 'store',
    title: store.title,
    csrfToken: options.csrf.issueToken(req, res),
    ...(page.notice ? { notice: page.notice } : {}),
    when,
    open,
    charging: late ? 'as-sold' : store.charging,
    counter: { pieces, minimum: store.minimumPieces, text: counterWords(store, pieces) },
    ...(open ? { countUrl: `${pathOf(store)}/count` } : {}),
    ...(raises ? { raises } : {}),
    delivery: deliveryText(store.delivery, store.shippingCents),
    asksNames: store.asksNames,
    sortBy: store.sortBy,
    asksNumbers: store.asksNumbers,
    ...(first
      ? { design: { src: `${pathOf(store)}/design/${first.view}`, alt: `The design for ${store.title}` } }
      : {}),
    products: productViews(store, options.catalogue()),
    cart: cart
      ? {
          lines: cart.items.map((item) => ({
            id: item.id,
            text: lineText(store, item),
            price: formatMoney(lineCents(store, item)),
          })),
          total: formatMoney(orderTotalCents(store, store.products, cart.items)),
        }
      : null,
    canCheckout: options.cards !== null,
    actions: {
      add: `${pathOf(store)}/cart`,
      remove: `${pathOf(store)}/cart/remove`,
      checkout: `${pathOf(store)}/checkout`,
    },
    ...(page.form ? { form: page.form } : {}),
    contactEmail: options.shop().contact.email,
  };
  await send(options, res, view, page.status ?? 200);
}

const refuse = (options: StoreRoutesOptions, req: Request, res: Response, store: StoredStore, reason: CartRefusal) =>
  sendStore(options, req, res, store, { status: 409, notice: { type: 'error', text: refusals[reason] } });

/** The live counter's script, the same for every store. */
const sendCounterScript: RequestHandler = (_req, res) => {
  res.set('Cache-Control', 'public, max-age=3600').type('application/javascript').send(LIVE_COUNTER_JS);
};

/** The counter as the page shows it, for the page's script to keep it moving. */
function showCount(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await storeOf(options, req, res);
    const pieces = await options.stores.piecesCounted(store.id);
    const percent = Math.min(100, Math.round((pieces / Math.max(1, store.minimumPieces)) * 100));
    res.set('Cache-Control', 'private, no-store').json({ pieces, percent, text: counterWords(store, pieces) });
  };
}

function showStore(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await storeOf(options, req, res);
    res.set('Cache-Control', 'private, no-store');
    await sendStore(options, req, res, store, { ...(noticeOf(req) ? { notice: noticeOf(req) } : {}) });
  };
}

/** The store's design: its request's mockup, as the mockups feature sends it. */
function sendDesign(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await storeOf(options, req, res);
    if (!options.design.send(res, await options.design.mockupsOf(store.reference), String(req.params.view)))
      throw createHttpError(404, 'There is no such picture.');
  };
}

/** A line added to the buyer's cart (made on the first), every figure taken from the store. */
function addToCart(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await storeOf(options, req, res);
    const body = bodyOf(req);
    // Whatever the post says a price or total is, it is not read: every figure comes from the store.
    const product = store.products.find((each) => each.id === idOf(body.product));
    if (!product) {
      await sendStore(options, req, res, store, {
        status: 422,
        notice: { type: 'error', text: 'Choose a product from this store.' },
      });
      return;
    }
    if (!isOpenNow(store, options.now())) return refuse(options, req, res, store, 'closed');
    const parsed = cartLineSchema({
      colours: product.colours,
      sizes: product.sizes,
      asksNames: store.asksNames,
      asksNumbers: store.asksNumbers,
    }).safeParse(body);
    if (!parsed.success) {
      await sendStore(options, req, res, store, {
        status: 422,
        notice: { type: 'error', text: 'That was not added: correct the fields marked below.' },
        form: { form: `add-${product.id}`, values: body, errors: storeFieldErrors(parsed.error) },
      });
      return;
    }
    let secret = cartSecret(req);
    const existing = secret ? await options.stores.orderByCart(store.id, hashOfSecret(secret)) : undefined;
    // A placed order's cookie starts a new cart: what is placed is never changed by a later add.
    if (!secret || (existing && existing.state !== 'cart' && existing.state !== 'saving')) secret = newLinkSecret();
    const outcome = await options.stores.addToCart(store.id, hashOfSecret(secret), newLinkSecret(), {
      productId: product.id,
      ...parsed.data,
    });
    if (!outcome.ok) return refuse(options, req, res, store, outcome.reason);
    res.cookie(CART_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: pathOf(store),
      maxAge: 60 * 24 * 3600_000,
    });
    res.redirect(303, `${pathOf(store)}?done=added#cart`);
  };
}

function removeFromCart(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await storeOf(options, req, res);
    const secret = cartSecret(req);
    if (!secret) return refuse(options, req, res, store, 'gone');
    if (!isOpenNow(store, options.now())) return refuse(options, req, res, store, 'closed');
    const outcome = await options.stores.removeFromCart(store.id, hashOfSecret(secret), idOf(bodyOf(req).item));
    if (!outcome.ok) return refuse(options, req, res, store, outcome.reason);
    res.redirect(303, `${pathOf(store)}?done=removed#cart`);
  };
}

/** A cart at checkout, with the buyer's answers and what every Stripe call of this attempt shares. */
interface CheckoutAsk {
  store: StoredStore;
  cart: StoredOrder;
  buyer: { name: string; email: string; group: string };
  /** The idempotency keys' common part: the database's salt and the order. */
  base: string;
  metadata: Record<string, string>;
}

/** Where the buyer goes next (Stripe's page), or why the cart was refused. */
type CheckoutStart = { ok: true; url: string } | { ok: false; reason: CartRefusal };

/** A store that charges as it sells (or a late add-on): Checkout in payment mode for the order's total. */
async function startPaying(
  options: StoreRoutesOptions,
  cards: StoreCards,
  { store, cart, buyer, base, metadata }: CheckoutAsk,
): Promise<CheckoutStart> {
  const session = await cards.startPayment(
    {
      amountCents: orderTotalCents(store, store.products, cart.items),
      description: `${store.title} - order ${cart.id}`,
      email: buyer.email,
      successUrl: `${options.publicUrl}${pathOf(store)}/paid?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${options.publicUrl}${pathOf(store)}?done=not-paid#cart`,
      metadata,
    },
    `${base}:pay:${cart.changedAt.getTime()}`,
  );
  const paying = await options.stores.startSaving(cart.id, {
    name: buyer.name,
    email: buyer.email,
    group: buyer.group,
    customerId: null,
    sessionId: session.id,
  });
  return paying.ok ? { ok: true, url: session.url } : paying;
}

/** A store that charges at its close: a Stripe customer for the buyer, and Checkout in setup mode to save the card. */
async function startSavingCard(
  options: StoreRoutesOptions,
  cards: StoreCards,
  { store, cart, buyer, base, metadata }: CheckoutAsk,
): Promise<CheckoutStart> {
  const customer =
    cart.customerId ??
    (await cards.createCustomer(
      { name: buyer.name, email: buyer.email, metadata },
      `${base}:customer:${cart.changedAt.getTime()}`,
    ));
  const session = await cards.startSetup(
    {
      customer,
      successUrl: `${options.publicUrl}${pathOf(store)}/saved?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${options.publicUrl}${pathOf(store)}?done=card-left#cart`,
      metadata,
    },
    `${base}:setup:${cart.changedAt.getTime()}`,
  );
  const saving = await options.stores.startSaving(cart.id, {
    name: buyer.name,
    email: buyer.email,
    group: buyer.group,
    customerId: customer,
    sessionId: session.id,
  });
  return saving.ok ? { ok: true, url: session.url } : saving;
}

/** The buyer's details checked, then off to Stripe's page: to pay now, or to save the card for the close. */
function checkout(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await storeOf(options, req, res);
    if (!isOpenNow(store, options.now())) return refuse(options, req, res, store, 'closed');
    const cart = await cartOf(options, req, store);
    if (!cart || cart.items.length === 0) {
      await sendStore(options, req, res, store, {
        status: 422,
        notice: { type: 'error', text: 'Your order is empty: add a product first.' },
      });
      return;
    }
    const body = bodyOf(req);
    // A store that charges as it sells takes the payment now: no card kept, so no consent to keep one.
    const payingNow = paysNow(store, options.now());
    const schema = payingNow ? checkoutSchema.omit({ consent: true }) : checkoutSchema;
    const parsed = schema.safeParse(body);
    // The bags are sorted by team or class when the store asks: the answer is then required.
    if (!parsed.success || (store.sortBy !== '' && parsed.data.group === '')) {
      const errors = parsed.success ? {} : storeFieldErrors(parsed.error);
      if (store.sortBy !== '' && !errors.group && (!parsed.success || parsed.data.group === ''))
        errors.group = `Write your ${store.sortBy}: the bags are sorted by it.`;
      await sendStore(options, req, res, store, {
        status: 422,
        notice: { type: 'error', text: 'Your order is not placed yet: correct the fields marked below.' },
        form: { form: 'checkout', values: body, errors },
      });
      return;
    }
    const cards = options.cards;
    if (!cards) throw createHttpError(503, 'This shop does not take cards online just now. Please ask the shop.');
    try {
      const salt = await cards.keySalt();
      // The same order's same attempt (a double click, two tabs) asks Stripe once; a new attempt after
      // leaving Stripe's page is a new key, as the order changed when the first began.
      const ask: CheckoutAsk = {
        store,
        cart,
        buyer: { name: parsed.data.name, email: parsed.data.email, group: parsed.data.group },
        base: `seenwear:${salt}:store-order${cart.id}`,
        metadata: { store: String(store.id), storeOrder: String(cart.id) },
      };
      const started = payingNow ? await startPaying(options, cards, ask) : await startSavingCard(options, cards, ask);
      if (!started.ok) return refuse(options, req, res, store, started.reason);
      res.redirect(303, started.url);
    } catch {
      throw createHttpError(502, 'Stripe did not answer just now, so your card was not saved. Try again in a minute.');
    }
  };
}

/**
 * The cart coming back from Stripe's page with its session, in any state: Stripe's event often arrives
 * before the buyer does and may have recorded it already.
 */
async function returningCart(options: StoreRoutesOptions, req: Request, store: StoredStore) {
  const secret = cartSecret(req);
  const session = String(req.query.session ?? '');
  if (!secret || !session) return undefined;
  const order = await options.stores.orderByCart(store.id, hashOfSecret(secret));
  return order?.setupSessionId === session ? order : undefined;
}

/** Back to an order Stripe's event settled first: the buyer lands on it as if their return had. */
function settledBack(
  options: StoreRoutesOptions,
  res: Response,
  store: StoredStore,
  order: StoredOrder,
  done: 'saved' | 'paid',
) {
  res.clearCookie(CART_COOKIE, { path: pathOf(store) });
  res.redirect(303, `${orderPath(options.keys, store, order)}?done=${done}`);
}

/**
 * Back from paying for an order in a store that charges as it sells: recorded once Stripe says it is
 * paid, for exactly what the order totals.
 */
function paidBack(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await storeOf(options, req, res);
    const cart = await returningCart(options, req, store);
    // A late add-on is paid like an order in a store that charges as it sells; its buyer may come back
    // from Stripe's page after the window ended.
    const paying = store.charging === 'as-sold' || store.lateUntil !== null;
    if (cart?.state === 'paid') return settledBack(options, res, store, cart, 'paid');
    if (cart?.state !== 'saving' || !options.cards || !paying) {
      res.redirect(303, pathOf(store));
      return;
    }
    const session = cart.setupSessionId ?? '';
    const outcome = await options.cards.paymentOutcome(session);
    const totalCents = orderTotalCents(store, store.products, cart.items);
    if (!outcome.paid || !outcome.paymentIntent) {
      res.redirect(303, `${pathOf(store)}?done=not-paid#cart`);
      return;
    }
    if (outcome.amountCents !== totalCents) {
      // The order changed in another tab while Stripe's page was open: the shop sorts it out by hand.
      throw createHttpError(409, 'Your payment does not match your order as it stands now. Please ask the shop.');
    }
    const paid = { paymentIntent: outcome.paymentIntent, totalCents, feeCents: outcome.feeCents };
    if (await options.stores.markPaid(cart.id, paid)) options.onQueued?.();
    res.clearCookie(CART_COOKIE, { path: pathOf(store) });
    res.redirect(303, `${orderPath(options.keys, store, cart)}?done=paid`);
  };
}

/** Back from saving the card: the order is placed once Stripe says the card is kept. */
function savedBack(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await storeOf(options, req, res);
    const cart = await returningCart(options, req, store);
    if (cart?.state === 'saved') return settledBack(options, res, store, cart, 'saved');
    if (cart?.state !== 'saving' || !options.cards) {
      res.redirect(303, pathOf(store));
      return;
    }
    const session = cart.setupSessionId ?? '';
    const outcome = await options.cards.setupOutcome(session);
    if (outcome.status !== 'complete' || !outcome.paymentMethod) {
      res.redirect(303, `${pathOf(store)}?done=card-left#cart`);
      return;
    }
    // Stripe's event may have recorded it already: the order moves (and is mailed) once either way.
    if (await options.stores.markSaved(cart.id, outcome.paymentMethod)) options.onQueued?.();
    res.clearCookie(CART_COOKIE, { path: pathOf(store) });
    res.redirect(303, `${orderPath(options.keys, store, cart)}?done=saved`);
  };
}

/** The order its private link names, in the store the address names; one 404 for every wrong part. */
async function ownOrder(options: StoreRoutesOptions, req: Request, res: Response) {
  const store = await storeOf(options, req, res);
  const id = idOf(req.params.order);
  const order = id ? await options.stores.orderById(id) : undefined;
  if (!orderOpens(options.keys, order, id, String(req.params.secret)) || !order || order.storeId !== store.id)
    throw createHttpError(404, 'There is no order at this address. Check the link in your e-mail.');
  return { store, order };
}

const sendOrder = async (
  options: StoreRoutesOptions,
  req: Request,
  res: Response,
  store: StoredStore,
  order: StoredOrder,
) => {
  const totalCents = order.totalCents ?? orderTotalCents(store, store.products, order.items);
  const path = orderPath(options.keys, store, order);
  const notice = noticeOf(req);
  const view: OrderPageView = {
    page: 'order',
    title: store.title,
    csrfToken: options.csrf.issueToken(req, res),
    ...(notice ? { notice } : {}),
    storePath: pathOf(store),
    buyer: order.buyerName,
    lines: order.items.map((item) => `${lineText(store, item)}: ${formatMoney(lineCents(store, item))}`),
    total: formatMoney(totalCents),
    status: orderStatus[order.state],
    ...(order.state === 'failed' && options.cards
      ? { pay: { action: `${path}/pay`, label: `Pay ${formatMoney(totalCents)}` } }
      : {}),
  };
  res.set('Cache-Control', 'private, no-store');
  await send(options, res, view);
};

/** A pay-link payment made on Stripe's page whose buyer never came back: recorded when the order is next opened. */
async function settledPayment(options: StoreRoutesOptions, order: StoredOrder): Promise<StoredOrder> {
  if (order.state !== 'failed' || !order.paySessionId || order.totalCents === null || !options.cards) return order;
  const outcome = await options.cards.paymentOutcome(order.paySessionId).catch(() => undefined);
  if (!outcome?.paid || !outcome.paymentIntent || outcome.amountCents !== order.totalCents) return order;
  const paid = { paymentIntent: outcome.paymentIntent, totalCents: order.totalCents, feeCents: outcome.feeCents };
  if (await options.stores.markPaid(order.id, paid)) options.onQueued?.();
  return (await options.stores.orderById(order.id)) ?? order;
}

function showOrder(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const { store, order } = await ownOrder(options, req, res);
    await sendOrder(options, req, res, store, await settledPayment(options, order));
  };
}

/** A refused charge's pay link: Checkout in payment mode for what the order owes. */
function payOrder(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const { store, order } = await ownOrder(options, req, res);
    const cards = options.cards;
    if (order.state !== 'failed' || order.totalCents === null || !cards)
      throw createHttpError(409, 'This order has nothing to pay.');
    const path = orderPath(options.keys, store, order);
    const salt = await cards.keySalt();
    const session = await cards.startPayment(
      {
        amountCents: order.totalCents,
        description: `${store.title} - order ${order.id}`,
        email: order.buyerEmail,
        successUrl: `${options.publicUrl}${path}/paid?session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${options.publicUrl}${path}`,
        metadata: { store: String(store.id), storeOrder: String(order.id) },
      },
      `seenwear:${salt}:store-order${order.id}:pay:${order.changedAt.getTime()}`,
    );
    await options.stores.markPaySession(order.id, session.id);
    res.redirect(303, session.url);
  };
}

/** Back from the pay link's Checkout: recorded once, when paid for exactly what the order owes. */
function orderPaidBack(options: StoreRoutesOptions): RequestHandler {
  return async (req, res) => {
    const { store, order } = await ownOrder(options, req, res);
    const path = orderPath(options.keys, store, order);
    const session = String(req.query.session ?? '');
    if (!options.cards || order.paySessionId !== session || order.totalCents === null) {
      res.redirect(303, path);
      return;
    }
    const outcome = await options.cards.paymentOutcome(session);
    // Paid, and for exactly what the order owes: anything else is left for the shop to look at.
    if (!outcome.paid || !outcome.paymentIntent || outcome.amountCents !== order.totalCents) {
      res.redirect(303, `${path}?done=not-paid`);
      return;
    }
    const paid = { paymentIntent: outcome.paymentIntent, totalCents: order.totalCents, feeCents: outcome.feeCents };
    if (await options.stores.markPaid(order.id, paid)) options.onQueued?.();
    res.redirect(303, `${path}?done=paid`);
  };
}

/**
 * A team store's public pages under /stores/<slug>: the store with its cart and checkout, the way back
 * from Stripe, the organiser's page and each buyer's order, behind the posts' and the links' rate limits.
 */
export function storeRoutes(options: StoreRoutesOptions): Router {
  const router = Router();
  // A whole school may order from one address: far more posts than one form's, still a bound on a flood.
  const postLimit = submissionRateLimit(options.rateLimit * 10, options.limits, 'store-post');
  // A private link guessed at: only wrong answers count.
  const guessLimit = submissionRateLimit(options.rateLimit, options.limits, 'store-link', {
    failuresOnly: true,
    message: 'Too many tries at this address in a short while. Wait a few minutes and try again.',
  });
  router.use(['/stores/:slug/orders', '/stores/:slug/organiser'], guessLimit);
  router.post('/stores/{*rest}', postLimit);

  router.get(LIVE_COUNTER_PATH, sendCounterScript);
  router.get('/stores/:slug/count', showCount(options));
  router.get('/stores/:slug', showStore(options));
  router.get('/stores/:slug/design/:view', sendDesign(options));
  router.use(organiserRoutes(options));
  router.post('/stores/:slug/cart', addToCart(options));
  router.post('/stores/:slug/cart/remove', removeFromCart(options));
  router.post('/stores/:slug/checkout', checkout(options));
  router.get('/stores/:slug/paid', paidBack(options));
  router.get('/stores/:slug/saved', savedBack(options));
  router.get('/stores/:slug/orders/:order/:secret', showOrder(options));
  router.post('/stores/:slug/orders/:order/:secret/pay', payOrder(options));
  router.get('/stores/:slug/orders/:order/:secret/paid', orderPaidBack(options));
  return router;
}
