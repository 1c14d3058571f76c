import { isLinkSecret, type LinkKeys, sameSecret } from '#server/http/link-secrets.ts';
import type { StoredOrder, StoredStore } from './team-stores-store.ts';

/**
 * A buyer's private order page (what they ordered, and the pay link after a refused charge): its secret
 * is made from the order's salt and the environment's key, so the database alone opens nothing and a
 * mail puts the link in only as it is sent.
 */
export function orderPath(
  keys: LinkKeys,
  store: Pick<StoredStore, 'slug'>,
  order: Pick<StoredOrder, 'id' | 'linkSalt'>,
): string {
  return `/stores/${store.slug}/orders/${order.id}/${keys.storeOrder(order.id, order.linkSalt)}`;
}

/** True when `secret` opens the order's page; an unknown order and a wrong secret take one path. */
export function orderOpens(keys: LinkKeys, order: StoredOrder | undefined, id: number, secret: string): boolean {
  const expected = order ? keys.storeOrder(id, order.linkSalt) : undefined;
  return sameSecret(secret, expected) && isLinkSecret(secret);
}

/** The organiser's read-only page: the store's orders, totals and money, without the shop's controls. */
export function organiserPath(keys: LinkKeys, store: Pick<StoredStore, 'id' | 'slug' | 'organiserSalt'>): string {
  return `/stores/${store.slug}/organiser/${keys.storeOrganiser(store.id, store.organiserSalt)}`;
}

/** True when `secret` opens the store's organiser page. */
export function organiserOpens(keys: LinkKeys, store: StoredStore, secret: string): boolean {
  return sameSecret(secret, keys.storeOrganiser(store.id, store.organiserSalt)) && isLinkSecret(secret);
}
