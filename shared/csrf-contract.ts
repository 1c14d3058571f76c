/**
 * The anti-forgery contract (cookie XSRF-TOKEN, header X-XSRF-TOKEN), in one place for the server, the browser's HTTP client
 * and forms, the cookie policy page, the scripts and the tests: the server sets a cookie that scripts
 * can read, and an unsafe request echoes its value in a header (fetch) or a hidden field (the forms of
 * the pages rendered for one visitor). A public page holds no token: a form posted from it without
 * JavaScript is vouched for by the browser's own headers instead (server/http/browser-origin.ts).
 */

/** The cookie that carries the token; readable by scripts on purpose, which is the double-submit idea. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
/** The request header the browser's HTTP client copies the cookie's value into. */
export const CSRF_HEADER = 'X-XSRF-TOKEN';
/** The hidden form field that carries the token when the browser posts a form itself. */
export const CSRF_FIELD = '_csrf';
/** The anonymous, HttpOnly id each token is bound to, so a token lifted from one visitor fails for another. */
export const CSRF_SESSION_COOKIE = 'sid';
/**
 * Browsers accept a cookie with this prefix only when it is Secure, has Path=/ and no Domain, and was set
 * by the host itself: a sibling subdomain can neither plant nor shadow one. It needs Secure, so it is
 * used where the cookies are Secure (production); development over plain http keeps the bare names.
 */
const HOST_ONLY_PREFIX = '__Host-';
/** A small GET that renews the token cookie: the browser's client asks it when a form outlived its token. */
export const CSRF_TOKEN_PATH = '/api/csrf-token';
/** The error code of the 403 a missing, forged or expired token gets (JSON answers). */
export const CSRF_ERROR_CODE = 'csrf_token_invalid';
/** How long a token is accepted after it was issued; pages issue a fresh one long before that. */
export const CSRF_TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** The names of the two cookies as set with (secure) or without the Secure flag. */
export function csrfCookieNames(secure: boolean): { token: string; session: string } {
  const prefix = secure ? HOST_ONLY_PREFIX : '';
  return { token: `${prefix}${CSRF_COOKIE}`, session: `${prefix}${CSRF_SESSION_COOKIE}` };
}

/**
 * The token as scripts find it among a page's cookies: the `__Host-` cookie where the site runs in
 * production, else the bare one. The host-only one is read first, so a bare XSRF-TOKEN planted by a
 * sibling subdomain is never picked over it.
 */
export function csrfTokenFrom(read: (name: string) => string | undefined): string | undefined {
  return read(csrfCookieNames(true).token) ?? read(csrfCookieNames(false).token);
}
