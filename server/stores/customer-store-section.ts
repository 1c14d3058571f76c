import type { LinkKeys } from '#server/http/link-secrets.ts';
import type { CustomerPageStores } from '#shared/stores/store-contract.ts';
import { organiserPath } from './store-links.ts';
import type { TeamStoreStore } from './team-stores-store.ts';

const stateWords = {
  open: 'open',
  closing: 'closing',
  charged: 'closed, minimum reached',
  missed: 'closed, minimum missed',
} as const;

/**
 * The request's stores on its customer's private page, which only the request's own link opens: the
 * customer is the organiser, so each store links to its organiser's page (its own private link).
 */
export function customerStoresSection(deps: {
  stores: Pick<TeamStoreStore, 'storesOf'>;
  keys: LinkKeys;
}): (reference: string) => Promise<CustomerPageStores | undefined> {
  return async (reference) => {
    const stores = await deps.stores.storesOf(reference);
    if (stores.length === 0) return undefined;
    return {
      stores: stores.map((store) => ({
        title: store.title,
        state: stateWords[store.state],
        href: organiserPath(deps.keys, store),
      })),
    };
  };
}
