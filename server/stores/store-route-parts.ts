import type { Request, Response } from 'express';
import createHttpError from 'http-errors';
import { BACK_TO_LOCAL } from '#server/http/http-errors.ts';
import { isRecord } from '#shared/is-record.ts';
import type { TeamStoreView } from '#shared/stores/store-contract.ts';
import type { StoredStore, TeamStoreStore } from './team-stores-store.ts';

/*
 * What the store's public routes and its organiser's routes share: finding the store in the address,
 * reading a form's fields, and sending a page.
 */

const NOT_FOUND = 'There is no store at this address. Check the link you were sent, or ask whoever sent it.';
const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;

/** A form's text fields; anything else in the body is not read. */
export const bodyOf = (req: Request): Record<string, string> => {
  const values: Record<string, string> = {};
  if (isRecord(req.body))
    for (const [key, value] of Object.entries(req.body)) if (typeof value === 'string') values[key] = value;
  return values;
};

export const pathOf = (store: StoredStore) => `/stores/${store.slug}`;

/** The store the address names, marked for its buyers only; a 404 when there is none. */
export async function storeOf(options: { stores: Pick<TeamStoreStore, 'storeBySlug'> }, req: Request, res: Response) {
  const slug = String(req.params.slug);
  const store = SLUG.test(slug) ? await options.stores.storeBySlug(slug) : undefined;
  if (!store) throw createHttpError(404, NOT_FOUND);
  res.locals[BACK_TO_LOCAL] = pathOf(store);
  // A store page is for its buyers, through its link: never in a search engine's index.
  res.set('X-Robots-Tag', 'noindex, nofollow');
  return store;
}

/** How a store page is rendered and sent. */
export interface StorePageSender {
  render: (view: TeamStoreView, options: { stylesheets: readonly string[]; shopName: string }) => Promise<string>;
  stylesheets: () => readonly string[];
  shop: () => { appName: string };
}

export const send = async (options: StorePageSender, res: Response, view: TeamStoreView, status = 200) => {
  const html = await options.render(view, {
    stylesheets: options.stylesheets(),
    shopName: options.shop().appName,
  });
  res.status(status).type('html').send(html);
};
