import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secrets that links and cookies carry: a staff sign-in link, a staff session, a customer's
 * private page. One format (256 bits in base64url, no padding: 43 characters), one hash (SHA-256, what
 * the database keeps instead of a secret), one constant-time comparison, and the two derivations that
 * let a mail put its link in at send time without the database ever holding it.
 */

/** 256 bits in base64url, no padding. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** HKDF's fixed salt: the links' keys are CSRF_SECRET's children, each under its own label below. */
const HKDF_SALT = 'seenwear';
/** Compared against when there is nothing to compare with (unknown reference): the same work as a real check. */
const NOTHING = Buffer.alloc(32);

/** True for something shaped like a secret (43 base64url characters); says nothing about its worth. */
export function isLinkSecret(value: unknown): value is string {
  return typeof value === 'string' && SECRET_PATTERN.test(value);
}

/** A new random secret (or salt, or nonce) in the one format. */
export function newLinkSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a secret, hex: what the database keeps instead of the secret, so a copy of it opens nothing. */
export function hashOfSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * True when `secret` hashes to `storedHash`, compared in constant time. An absent hash (no such row)
 * is compared against zeros all the same, so "unknown" and "wrong" take one path and one time.
 */
export function matchesHash(secret: string, storedHash: string | null | undefined): boolean {
  const presented = createHash('sha256').update(secret).digest();
  const stored = storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? Buffer.from(storedHash, 'hex') : NOTHING;
  return timingSafeEqual(presented, stored) && stored !== NOTHING;
}

/**
 * True when `presented` is the `expected` secret, in constant time: both are hashed first, so neither
 * their lengths nor the first differing character show in the time taken. Undefined never matches.
 */
export function sameSecret(presented: string, expected: string | undefined): boolean {
  return matchesHash(presented, expected === undefined ? undefined : hashOfSecret(expected));
}

/** The secrets made from what the database keeps plus a key that lives only in the environment. */
export interface LinkKeys {
  /**
   * The secret of a staff sign-in link mailed with `nonce`: the outbox keeps the nonce and the sign-in
   * row the secret's hash, so neither the database nor the key alone makes the link.
   */
  signIn(nonce: string): string;
  /**
   * The secret of a quote request's private page, from its reference and the random salt stored with
   * it (replaced with the link): the database alone cannot make it, nor the key alone, and another
   * database with the same reference numbers has other salts.
   */
  customerPage(reference: string, salt: string): string;
  /** The secret of a group order's share link: its own key, so it opens no private page. */
  groupShare(groupId: number, salt: string): string;
  /** The secret of a group member's private link to change or remove their entry. */
  groupEntry(entryId: number, salt: string): string;
  /** The secret of a team store buyer's private order link (their order, its pay link). */
  storeOrder(orderId: number, salt: string): string;
  /** The secret of a team store organiser's read-only link to the store's orders and totals. */
  storeOrganiser(storeId: number, salt: string): string;
}

/**
 * The links' keys, derived from CSRF_SECRET with HKDF under a label per use: never the CSRF key itself,
 * and a key for one kind of link makes nothing of the other. Changing CSRF_SECRET changes every link:
 * customers' pages open only with links made after (the shop replaces and mails them), and sign-in
 * links not yet used stop working.
 */
export function linkKeys(csrfSecret: string): LinkKeys {
  const keyFor = (label: string) => Buffer.from(hkdfSync('sha256', csrfSecret, HKDF_SALT, label, 32));
  const signInKey = keyFor('staff sign-in link');
  const customerKey = keyFor('customer page link');
  const shareKey = keyFor('group share link');
  const entryKey = keyFor('group entry link');
  const storeOrderKey = keyFor('team store order link');
  const storeOrganiserKey = keyFor('team store organiser link');
  const hmac = (key: Buffer, input: string) => createHmac('sha256', key).update(input).digest('base64url');
  return {
    signIn: (nonce) => hmac(signInKey, nonce),
    // The newline cannot occur in a reference: no two (reference, salt) pairs make the same input.
    customerPage: (reference, salt) => hmac(customerKey, `${reference}\n${salt}`),
    groupShare: (groupId, salt) => hmac(shareKey, `${groupId}\n${salt}`),
    groupEntry: (entryId, salt) => hmac(entryKey, `${entryId}\n${salt}`),
    storeOrder: (orderId, salt) => hmac(storeOrderKey, `${orderId}\n${salt}`),
    storeOrganiser: (storeId, salt) => hmac(storeOrganiserKey, `${storeId}\n${salt}`),
  };
}
