import type { CookieOptions, Request, Response } from 'express';
import { noticeTypes } from '#shared/notices.ts';
import { z } from '#shared/zod.ts';

/**
 * Spec section 9, across a redirect: a form posted without JavaScript answers with a redirect, and the
 * page it lands on shows the message. The cookie lives for one hop only: it is read once and cleared.
 */
const FLASH_COOKIE = 'flash';
/** A minute, in milliseconds: time enough for the redirect, so a message never read is not shown on a later visit. */
const FLASH_MAX_AGE_MS = 60_000;
/** In UTF-16 code units; setFlash cuts longer text to this length, ending it with an ellipsis. */
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
        .regex(/^\/(?!\/)[\w/.-]*$/)
        .max(200),
      text: z.string().min(1).max(100),
    })
    .optional(),
  reference: z
    .string()
    .regex(/^[A-Z]{1,2}-\d{4}-\d{6,9}$/)
    .optional(),
});

/** A flash message as the cookie carries it. A key lets the page replace an earlier message with the same key. */
export type Flash = z.infer<typeof flashSchema>;

/** The cookie is marked Secure only in production, so it still works over plain http while developing. */
export interface FlashCookieOptions {
  isProduction: boolean;
}

/** Base64url of at most 500 characters of text plus the rest stays well under this. */
const maxCookieLength = 4000;
const base64url = /^[A-Za-z0-9_-]+$/;

function cookieOptions({ isProduction }: FlashCookieOptions): CookieOptions {
  // Only the server reads it, so scripts never need to.
  return { httpOnly: true, sameSite: 'lax', secure: isProduction, path: '/' };
}

/** Longer text is cut with an ellipsis rather than refused: the form's answer matters more than its length. */
function capText(text: string): string {
  if (text.length <= FLASH_TEXT_MAX_LENGTH) return text;
  const cut = text.slice(0, FLASH_TEXT_MAX_LENGTH - 1);
  // Never end on the first half of a surrogate pair.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/** Throws on an unknown type, empty text or a malformed key: those are mistakes in the calling code. */
export function setFlash(res: Response, flash: Flash, options: FlashCookieOptions): void {
  const { type, text, key, link, reference } = flashSchema.parse({ ...flash, text: capText(flash.text) });
  const value = Buffer.from(
    JSON.stringify({
      type,
      text,
      ...(key === undefined ? {} : { key }),
      ...(link === undefined ? {} : { link }),
      ...(reference === undefined ? {} : { reference }),
    }),
  ).toString('base64url');
  res.cookie(FLASH_COOKIE, value, { ...cookieOptions(options), maxAge: FLASH_MAX_AGE_MS });
}

function decode(raw: unknown): Flash | undefined {
  if (typeof raw !== 'string' || raw.length > maxCookieLength || !base64url.test(raw)) return undefined;
  try {
    const result = flashSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the request carries a flash cookie (cookie-parser must run first); it is neither read nor cleared. */
export function hasFlash(req: Request): boolean {
  return (req.cookies as Record<string, unknown> | undefined)?.[FLASH_COOKIE] !== undefined;
}

/**
 * Reads and clears the flash cookie (cookie-parser must run first). Anything the server did not write
 * is ignored, never thrown. Without a cookie the response is left alone, so ordinary pages send no
 * Set-Cookie.
 */
export function takeFlash(req: Request, res: Response, options: FlashCookieOptions): Flash | undefined {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  if (cookies?.[FLASH_COOKIE] === undefined) return undefined;
  res.clearCookie(FLASH_COOKIE, cookieOptions(options));
  return decode(cookies[FLASH_COOKIE]);
}
