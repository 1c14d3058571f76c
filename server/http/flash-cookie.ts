import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { flashCookieName, noticeTypes } from '#shared/notices.ts';
import { z } from '#shared/zod.ts';

/** HKDF's info label: the cookie's key is CSRF_SECRET's child for this one use, never the CSRF key itself. */
const KEY_INFO = 'flash cookie';
/** A minute, in milliseconds: time enough for the redirect, so a message never read is not shown on a later visit. */
const FLASH_MAX_AGE_MS = 60_000;
/** In UTF-16 code units; set cuts longer text to this length, ending it with an ellipsis. */
export const FLASH_TEXT_MAX_LENGTH = 500;
/** Keys are letters, digits, '_', '.' and '-' only, at most this many. */
const FLASH_KEY_MAX_LENGTH = 100;

const flashSchema = z.object({
  type: z.enum(noticeTypes),
  /** Plain text, never HTML: the page escapes it like any other text. */
  text: z.string().min(1).max(FLASH_TEXT_MAX_LENGTH),
  key: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .max(FLASH_KEY_MAX_LENGTH)
    .optional(),
  // Only a path of this site, never another origin ("//host" included).
  link: z
    .object({
      href: z
        .string()
        .regex(/^\/(?!\/)[\w/.-]*(#[\w-]+)?$/)
        .max(200),
      text: z.string().min(1).max(100),
    })
    .optional(),
  reference: z
    .string()
    .regex(/^[A-Z]{1,2}-\d{4}-\d{6,9}$/)
    .optional(),
  /** No confirmation was mailed (the address's daily limit): the confirmation page must not promise one. */
  confirmationSkipped: z.literal(true).optional(),
  mockups: z
    .array(z.enum(['front', 'back']))
    .max(2)
    .optional(),
});

/** A flash message as the cookie carries it. A key lets the page replace an earlier message with the same key. */
export type Flash = z.infer<typeof flashSchema>;

/** Base64url of at most 500 characters of text plus the rest, and the MAC, stays well under this. */
const maxCookieLength = 4000;
/** The message (base64url JSON), a dot, and its HMAC-SHA256 (43 base64url characters). */
const signedValue = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

/** Longer text is cut with an ellipsis rather than refused: the form's answer matters more than its length. */
function capText(text: string): string {
  if (text.length <= FLASH_TEXT_MAX_LENGTH) return text;
  const cut = text.slice(0, FLASH_TEXT_MAX_LENGTH - 1);
  // Never end on the first half of a surrogate pair.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/** The flash cookie of this server: written, read once and cleared (cookie-parser must run first). */
export interface FlashCookie {
  /** Throws on an unknown type, empty text or a malformed key: those are mistakes in the calling code. */
  set(res: Response, flash: Flash): void;
  /**
   * Reads and clears the cookie. Anything this server did not write (unsigned, signed with another key,
   * or not a message) is ignored, never thrown. Without a cookie the response is left alone, so ordinary
   * pages send no Set-Cookie.
   */
  take(req: Request, res: Response): Flash | undefined;
  /** Whether the request carries a flash cookie; it is neither read nor cleared. */
  has(req: Request): boolean;
}

/**
 * Flash messages across a redirect: a form posted without JavaScript answers with a redirect, and the page it
 * lands on shows the message. The cookie lives for one hop only: it is read once and cleared. Signed with
 * HMAC-SHA256 under a key derived from CSRF_SECRET, so every instance sharing the secret reads what another
 * wrote, and nobody else can write one: a message planted by a sibling subdomain ("Your order is on hold,
 * call…") is never shown. Secure and `__Host-` only in production, so it still works over plain http while
 * developing.
 */
export function flashCookie(config: { csrfSecret: string; isProduction: boolean }): FlashCookie {
  // `__Host-flash` in production (shared/notices.ts): no sibling subdomain can plant one.
  const name = flashCookieName(config.isProduction);
  // Only the server reads it, so scripts never need to.
  const options: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: '/' };
  const key = Buffer.from(hkdfSync('sha256', config.csrfSecret, 'seenwear', KEY_INFO, 32));
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();

  function decode(raw: unknown): Flash | undefined {
    if (typeof raw !== 'string' || raw.length > maxCookieLength) return undefined;
    const [, payload = '', given = ''] = signedValue.exec(raw) ?? [];
    const received = Buffer.from(given, 'base64url');
    const expected = mac(payload);
    if (received.length !== expected.length || !timingSafeEqual(received, expected)) return undefined;
    try {
      const result = flashSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      return result.success ? result.data : undefined;
    } catch {
      return undefined;
    }
  }

  const cookieOf = (req: Request): unknown => (req.cookies as Record<string, unknown> | undefined)?.[name];

  return {
    set(res, flash) {
      const {
        type,
        text,
        key: formKey,
        link,
        reference,
        confirmationSkipped,
        mockups,
      } = flashSchema.parse({ ...flash, text: capText(flash.text) });
      const payload = Buffer.from(
        JSON.stringify({
          type,
          text,
          ...(formKey === undefined ? {} : { key: formKey }),
          ...(link === undefined ? {} : { link }),
          ...(reference === undefined ? {} : { reference }),
          ...(confirmationSkipped ? { confirmationSkipped } : {}),
          ...(mockups && mockups.length > 0 ? { mockups } : {}),
        }),
      ).toString('base64url');
      res.cookie(name, `${payload}.${mac(payload).toString('base64url')}`, { ...options, maxAge: FLASH_MAX_AGE_MS });
    },
    take(req, res) {
      const raw = cookieOf(req);
      if (raw === undefined) return undefined;
      res.clearCookie(name, options);
      return decode(raw);
    },
    has: (req) => cookieOf(req) !== undefined,
  };
}
