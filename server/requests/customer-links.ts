import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** HKDF's info label: the links' key is CSRF_SECRET's child for this one use, never the CSRF key itself. */
const KEY_INFO = 'customer request links';
/** 256 bits in base64url, no padding. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Compared against when a request has no hash (unknown reference): the same work as a real check. */
const NO_HASH = Buffer.alloc(32);

/** True for something shaped like a link's secret (43 base64url characters); says nothing about its worth. */
export function isLinkSecret(value: unknown): value is string {
  return typeof value === 'string' && SECRET_PATTERN.test(value);
}

/** SHA-256 of a secret, hex: what the database keeps instead of the secret. */
export function linkHashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * True when `secret` hashes to `storedHash`, compared in constant time. An absent hash (no such
 * request) is compared against zeros all the same, so an unknown reference and a wrong secret take
 * one path and one time.
 */
export function secretMatches(secret: string, storedHash: string | null | undefined): boolean {
  const presented = createHash('sha256').update(secret).digest();
  const stored = storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? Buffer.from(storedHash, 'hex') : NO_HASH;
  return timingSafeEqual(presented, stored) && stored !== NO_HASH;
}

/** Makes the secrets of customers' request links from CSRF_SECRET. */
export interface LinkSecrets {
  /** The secret of `reference`'s link at `version`: the same every time, so any later mail can carry it. */
  secretFor(reference: string, version: number): string;
}

/**
 * The customer's link must be produced again for every later mail, so its secret is not random but an
 * HMAC of the reference and the link's version, keyed by a key derived from CSRF_SECRET (HKDF, its own
 * label). Nobody without the server's secret can make one; a new version (a replaced link) makes
 * another. Changing CSRF_SECRET changes every link: the next mail or page view stores the new hash.
 */
export function linkSecrets(csrfSecret: string): LinkSecrets {
  const key = Buffer.from(hkdfSync('sha256', csrfSecret, 'seenwear', KEY_INFO, 32));
  return {
    secretFor: (reference, version) => createHmac('sha256', key).update(`${reference}:${version}`).digest('base64url'),
  };
}
