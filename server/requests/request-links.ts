import type { CustomerStore } from '#server/customer/customer-store.ts';
import {
  isLinkSecret,
  type LinkKeys,
  linkKeys,
  matchesHash,
  newLinkSecret,
  sameSecret,
} from '#server/http/link-secrets.ts';

/** The customer's private page of a request: the path, without the origin. */
function requestPagePath(reference: string, secret: string): string {
  return `/requests/${reference}/${secret}`;
}

/** The customer links of every quote request: made for mails, the sent panel and the desk, checked for the page. */
export interface RequestLinks {
  /** The path of the request's live link, or undefined for a contact message or none. Reads only. */
  pathFor(reference: string): Promise<string | undefined>;
  /** True when `secret` opens `reference`'s page now. An unknown reference and a wrong secret take one path. */
  opens(reference: string, secret: string): Promise<boolean>;
  /** A new link for the request (the old one stops working), logged as `actor`'s; its path, or undefined. */
  replace(reference: string, actor: `staff:${string}`): Promise<string | undefined>;
}

/**
 * The path of a quote request's page as it is now: its secret made from the reference, the salt
 * stored with the request and the environment's key (server/http/link-secrets.ts). It writes nothing,
 * so a mail can be written with it at send time.
 */
export async function customerPagePath(
  customer: Pick<CustomerStore, 'requestLinkOf'>,
  keys: LinkKeys,
  reference: string,
): Promise<string | undefined> {
  const state = await customer.requestLinkOf(reference);
  if (state?.kind !== 'quote' || state.linkSalt === null) return undefined;
  return requestPagePath(reference, keys.customerPage(reference, state.linkSalt));
}

/**
 * The links over the customer store. The database keeps each request's random salt, never a link: a copy of
 * it opens no page, and CSRF_SECRET alone makes no link. A link mailed before the salts (migration
 * 0015) keeps opening, by the hash kept of it, until the shop replaces the link.
 */
export function requestLinks(
  customer: Pick<CustomerStore, 'requestLinkOf' | 'replaceRequestLink'>,
  keys: LinkKeys | string,
): RequestLinks {
  const made = typeof keys === 'string' ? linkKeys(keys) : keys;
  return {
    pathFor: (reference) => customerPagePath(customer, made, reference),

    async opens(reference, secret) {
      const state = await customer.requestLinkOf(reference);
      const quote = state?.kind === 'quote' ? state : undefined;
      const expected = quote?.linkSalt ? made.customerPage(reference, quote.linkSalt) : undefined;
      // Both checks every time: which one a link passes (or that there was nothing to pass) takes no longer.
      const current = sameSecret(secret, expected);
      const legacy = matchesHash(secret, quote?.legacyLinkHash);
      return isLinkSecret(secret) && (current || legacy);
    },

    async replace(reference, actor) {
      const state = await customer.requestLinkOf(reference);
      if (state?.kind !== 'quote') return undefined;
      const salt = newLinkSecret();
      const replaced = await customer.replaceRequestLink(reference, { fromVersion: state.linkVersion, salt, actor });
      // Someone replaced it at the same moment: theirs stands, and this answers with the live one.
      return replaced ? requestPagePath(reference, made.customerPage(reference, salt)) : this.pathFor(reference);
    },
  };
}
