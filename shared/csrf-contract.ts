/**
 * The anti-forgery contract of spec section 7, in one place for the server (csrf-csrf), the browser's
 * HTTP client and forms, the cookie policy page, the scripts and the tests: the server sets a cookie
 * that scripts can read, and every unsafe request echoes its value in a header (fetch) or a hidden
 * field (a form posted without JavaScript).
 */

/** The cookie that carries the token; readable by scripts on purpose, which is the double-submit idea. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
/** The request header the browser's HTTP client copies the cookie's value into. */
export const CSRF_HEADER = 'X-XSRF-TOKEN';
/** The hidden form field that carries the token when the browser posts a form itself. */
export const CSRF_FIELD = '_csrf';
/** The anonymous, HttpOnly id each token is bound to, so a token lifted from one visitor fails for another. */
export const CSRF_SESSION_COOKIE = 'sid';
