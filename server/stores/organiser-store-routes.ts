import { type Request, type RequestHandler, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import type { Csrf } from '#server/http/csrf.ts';
import type { LinkKeys } from '#server/http/link-secrets.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import { instantOf, wallClockIn } from '#shared/groups/zoned-time.ts';
import type { DeskStoreView, StoreNotice } from '#shared/stores/store-contract.ts';
import { organiserOpens, organiserPath } from './store-links.ts';
import { bodyOf, type StorePageSender, send, storeOf } from './store-route-parts.ts';
import type { StoreShopRules } from './store-shop-rules.ts';
import { storeSummary } from './store-summary.ts';
import type { StoredStore, TeamStoreStore } from './team-stores-store.ts';

/*
 * The organiser's page of their store, behind its private link: orders as they come, totals, the funds
 * raised and the statement (read only), and the two things the shop lets an organiser do alone while the
 * store takes orders: close it early, or move its close within the shop's limit (data/team-stores.json).
 */

const DAY_MS = 24 * 3600_000;

export interface OrganiserRoutesOptions extends StorePageSender {
  stores: Pick<TeamStoreStore, 'storeBySlug' | 'ordersOf' | 'piecesCounted' | 'moveCloseAhead'>;
  csrf: Pick<Csrf, 'issueToken'>;
  keys: LinkKeys;
  timeZone: () => string;
  publicUrl: string;
  now: () => Date;
  shopRules: () => StoreShopRules;
}

const notices = {
  opened: {
    type: 'success',
    text: 'Your store is open. Send the store link below to your buyers, and keep this page: it is your view of the store.',
  },
  closing: {
    type: 'success',
    text: 'The store takes no more orders. It closes within a couple of minutes: the cards are charged if the minimum is reached, and nobody is charged if not.',
  },
  moved: { type: 'success', text: 'The closing time is changed. The store page shows the new one.' },
} as const satisfies Record<string, StoreNotice>;

const CLOSED = 'This store has closed: its close can no longer be moved. Nothing was changed.';

/** The store in the address, when the secret is its organiser's; any other (forged, another store's) is a 404. */
async function organiserStore(options: OrganiserRoutesOptions, req: Request, res: Response): Promise<StoredStore> {
  const store = await storeOf(options, req, res);
  if (!organiserOpens(options.keys, store, String(req.params.secret)))
    throw createHttpError(404, 'There is no organiser page at this address. Ask the shop for your link.');
  res.set('Cache-Control', 'private, no-store');
  return store;
}

/** Still taking orders: open, and its close not come yet. */
const takingOrders = (store: StoredStore, now: Date) => store.state === 'open' && store.closesAt > now;

/** The latest close the shop lets the organiser choose: so many days after the store opened. */
const latestClose = (options: OrganiserRoutesOptions, store: StoredStore) =>
  new Date(store.opensAt.getTime() + options.shopRules().organiserLatestCloseDays * DAY_MS);

/** The organiser's page, with the close's forms while the store takes orders; a notice, or a refusal's status. */
async function sendOrganiser(
  options: OrganiserRoutesOptions,
  req: Request,
  res: Response,
  store: StoredStore,
  page: { status?: number; notice?: StoreNotice; typed?: string } = {},
) {
  const now = options.now();
  const timeZone = options.timeZone();
  const base = organiserPath(options.keys, store);
  const summary = storeSummary(
    store,
    await options.stores.ordersOf(store.id),
    await options.stores.piecesCounted(store.id),
    { timeZone, now, publicUrl: options.publicUrl, audience: 'organiser' },
  );
  const latest = latestClose(options, store);
  const controls: Partial<DeskStoreView> = takingOrders(store, now)
    ? {
        closeAction: `${base}/close`,
        closeHint:
          'Closing now ends the orders at once. If the minimum is reached, every saved card is charged; if not, nobody is.',
        extend: {
          action: `${base}/closes-at`,
          // A refused time stays in the field, to be corrected rather than typed again.
          value: page.typed ?? wallClockIn(store.closesAt, timeZone),
          timeZone,
          limit: `Any time from now until ${formatDateTime(latest.toISOString(), timeZone)} (the shop keeps a store open at most ${options.shopRules().organiserLatestCloseDays} days).`,
        },
      }
    : {};
  await send(
    options,
    res,
    {
      ...summary,
      ...controls,
      csrfToken: options.csrf.issueToken(req, res),
      ...(page.notice ? { notice: page.notice } : {}),
    },
    page.status,
  );
}

function showOrganiser(options: OrganiserRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await organiserStore(options, req, res);
    const notice = notices[String(req.query.done) as keyof typeof notices];
    await sendOrganiser(options, req, res, store, notice ? { notice } : {});
  };
}

/** A refusal shown on the organiser's page with its status: what was wrong, and nothing changed. */
const refuse = (
  options: OrganiserRoutesOptions,
  req: Request,
  res: Response,
  store: StoredStore,
  status: number,
  text: string,
) => {
  // Only a well-formed local time goes back into the field: anything else would not show in it anyway.
  const typed = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.exec(bodyOf(req).closesAt?.trim() ?? '')?.[0];
  return sendOrganiser(options, req, res, store, {
    status,
    notice: { type: 'error', text },
    ...(typed ? { typed } : {}),
  });
};

/** "Close the store now": the close moved to now; the closing job takes it within a couple of minutes. */
function closeEarly(options: OrganiserRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await organiserStore(options, req, res);
    if (!(await options.stores.moveCloseAhead(store.id, options.now())))
      return refuse(options, req, res, store, 409, 'This store has closed already. Nothing was changed.');
    res.redirect(303, `${organiserPath(options.keys, store)}?done=closing`);
  };
}

/** A new closing time on the shop's clock: later than now and no later than the shop's limit. */
function moveClose(options: OrganiserRoutesOptions): RequestHandler {
  return async (req, res) => {
    const store = await organiserStore(options, req, res);
    const now = options.now();
    const timeZone = options.timeZone();
    if (!takingOrders(store, now)) return refuse(options, req, res, store, 409, CLOSED);
    const at = instantOf(bodyOf(req).closesAt?.trim() ?? '', timeZone);
    if (!at) return refuse(options, req, res, store, 422, 'Choose the day and time the store closes.');
    if (at.getTime() <= now.getTime())
      return refuse(options, req, res, store, 422, 'That time has passed: choose a close later than now.');
    const latest = latestClose(options, store);
    if (at.getTime() > latest.getTime())
      return refuse(
        options,
        req,
        res,
        store,
        422,
        `The shop keeps a store open at most ${options.shopRules().organiserLatestCloseDays} days: choose a close no later than ${formatDateTime(latest.toISOString(), timeZone)}. For longer, ask the shop.`,
      );
    if (!(await options.stores.moveCloseAhead(store.id, at))) return refuse(options, req, res, store, 409, CLOSED);
    res.redirect(303, `${organiserPath(options.keys, store)}?done=moved`);
  };
}

/** The organiser's page and its two forms, all behind the store's organiser link. */
export function organiserRoutes(options: OrganiserRoutesOptions): Router {
  const router = Router();
  router.get('/stores/:slug/organiser/:secret', showOrganiser(options));
  router.post('/stores/:slug/organiser/:secret/close', closeEarly(options));
  router.post('/stores/:slug/organiser/:secret/closes-at', moveClose(options));
  return router;
}
