import type { CustomerStorage } from '#server/storage/types.ts';
import { isLinkSecret, type LinkSecrets, linkHashOf, linkSecrets, secretMatches } from './customer-links.ts';

/** The customer's private page of a request: the path, without the origin. */
function requestPagePath(reference: string, secret: string): string {
  return `/requests/${reference}/${secret}`;
}

/** The customer links of every quote request: made for mails and the sent panel, checked for the page. */
export interface RequestLinks {
  /** The path of the request's live link (stored hash filled or renewed), or undefined for a contact message or none. */
  pathFor(reference: string): Promise<string | undefined>;
  /** True when `secret` opens `reference`'s page now. An unknown reference and a wrong secret take one path. */
  opens(reference: string, secret: string): Promise<boolean>;
  /** A new link for the request (the old one stops working), logged as `actor`'s; its path, or undefined. */
  replace(reference: string, actor: `staff:${string}`): Promise<string | undefined>;
}

type LinkStorage = Pick<CustomerStorage, 'requestLinkOf' | 'storeRequestLinkHash' | 'replaceRequestLink'>;

/**
 * The links over the storage. The hash is stored when a link is first made (the confirmation mail,
 * the sent panel) or first opened: rows from before migration 0012 have none until then. A link made
 * after CSRF_SECRET changed differs from the stored hash: the new hash replaces the old, and the old
 * link stops working, as every link in mail sent since carries the new one.
 */
export function requestLinks(storage: LinkStorage, csrfSecret: string | LinkSecrets): RequestLinks {
  const secrets = typeof csrfSecret === 'string' ? linkSecrets(csrfSecret) : csrfSecret;
  return {
    async pathFor(reference) {
      const state = await storage.requestLinkOf(reference);
      if (state?.kind !== 'quote') return undefined;
      const secret = secrets.secretFor(reference, state.linkVersion);
      const hash = linkHashOf(secret);
      if (state.linkHash !== hash) await storage.storeRequestLinkHash(reference, state.linkVersion, hash);
      return requestPagePath(reference, secret);
    },

    async opens(reference, secret) {
      const state = await storage.requestLinkOf(reference);
      let hash = state?.linkHash;
      if (state?.kind === 'quote' && hash === null) {
        // Made before links were: its first visitor's check stores the hash of its version-1 link.
        hash = linkHashOf(secrets.secretFor(reference, state.linkVersion));
        await storage.storeRequestLinkHash(reference, state.linkVersion, hash);
      }
      return isLinkSecret(secret) && secretMatches(secret, state?.kind === 'quote' ? hash : undefined);
    },

    async replace(reference, actor) {
      const state = await storage.requestLinkOf(reference);
      if (state?.kind !== 'quote') return undefined;
      const version = state.linkVersion + 1;
      const secret = secrets.secretFor(reference, version);
      const replaced = await storage.replaceRequestLink(reference, {
        fromVersion: state.linkVersion,
        hash: linkHashOf(secret),
        actor,
      });
      // Someone replaced it at the same moment: theirs stands, and this answers with the live one.
      return replaced ? requestPagePath(reference, secret) : this.pathFor(reference);
    },
  };
}
