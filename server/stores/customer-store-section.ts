import type { Request, RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import type { LinkKeys } from '#server/http/link-secrets.ts';
import type { CustomerPageStores } from '#shared/stores/store-contract.ts';
import { type FormPlace, openFromForm, type StoreOpeningOptions, sendNewStoreForm } from './desk-store-routes.ts';
import { organiserPath } from './store-links.ts';
import type { StoreShopRules } from './store-shop-rules.ts';
import type { TeamStoreStore } from './team-stores-store.ts';

const stateWords = {
  open: 'open',
  closing: 'closing',
  charged: 'closed, minimum reached',
  missed: 'closed, minimum missed',
} as const;

export interface CustomerStoresOptions extends StoreOpeningOptions {
  stores: Pick<TeamStoreStore, 'storesOf' | 'openStore'>;
  keys: LinkKeys;
  shopRules: () => StoreShopRules;
}

/** What the customer page's routes lend: its link check, its post limit and the request in the address. */
interface PageHooks {
  opened: RequestHandler;
  postLimit: RequestHandler;
  pageOf: (req: Request) => { reference: string; path: string };
}

const organiserPlace = (path: string): FormPlace => ({
  action: `${path}/stores`,
  back: { href: path, label: 'Back to your request' },
  audience: 'organiser',
});

/** Only when the shop lets organisers open stores; otherwise there is no such page. */
const allowed = (options: CustomerStoresOptions) => {
  if (!options.shopRules().organisersOpenStores) throw createHttpError(404, 'There is no such page.');
};

/**
 * The request's stores on its customer's private page, which only the request's own link opens: the
 * customer is the organiser, so each store links to its organiser's page (its own private link), and,
 * when the shop allows it, the desk's opening form is theirs too, priced by the server the same way.
 */
export function customerStoresSection(options: CustomerStoresOptions) {
  return {
    async section(reference: string, path: string): Promise<CustomerPageStores | undefined> {
      const stores = await options.stores.storesOf(reference);
      const open = options.shopRules().organisersOpenStores ? `${path}/stores/new` : undefined;
      if (stores.length === 0 && !open) return undefined;
      return {
        stores: stores.map((store) => ({
          title: store.title,
          state: stateWords[store.state],
          href: organiserPath(options.keys, store),
        })),
        ...(open ? { open } : {}),
      };
    },
    mount(router: Router, page: PageHooks, base: string) {
      router.get(`${base}/stores/new`, page.opened, async (req, res) => {
        allowed(options);
        const { reference, path } = page.pageOf(req);
        await sendNewStoreForm(options, req, res, reference, organiserPlace(path));
      });
      router.post(`${base}/stores`, page.postLimit, page.opened, async (req, res) => {
        allowed(options);
        const { reference, path } = page.pageOf(req);
        const store = await openFromForm(options, req, res, reference, {
          place: organiserPlace(path),
          by: 'organiser',
        });
        if (store) res.redirect(303, `${organiserPath(options.keys, store)}?done=opened`);
      });
    },
  };
}
