import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import createHttpError from 'http-errors';
import type { AppConfig } from '#server/config.ts';
import { CSRF_FIELD, CSRF_HEADER, CSRF_TOKEN_LIFETIME_MS, csrfCookieNames } from '#shared/csrf-contract.ts';
import { isRecord } from '#shared/is-record.ts';
import { isVouchedSameOrigin } from './browser-origin.ts';
import { randomBytesFromPool } from './random-pool.ts';

const sessionIdPattern = /^[A-Za-z0-9_-]{24}$/;
/** issued-at (seconds), 128 random bits and the MAC over both and the session id, all base64url. */
const tokenPattern = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
/**
 * A page reuses the visitor's token until it is an hour old, so every page carries one with at least 11
 * of its 12 hours left. A newer token does not undo an older one: each is checked on its own against
 * the session, so a form open in another tab keeps working.
 */
const REISSUE_AFTER_MS = 60 * 60 * 1000;
/** Clocks of several instances disagree a little; a token from slightly in the future is still one of ours. */
const CLOCK_SKEW_MS = 60 * 1000;
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** POST, PUT, PATCH and DELETE: the methods every guard of a request's origin and token applies to. */
export function isUnsafeMethod(method: string): boolean {
  return unsafeMethods.has(method);
}

/** The two halves of the anti-forgery check, as the app wires them: guards and a token issuer. */
export interface Csrf {
  /**
   * Refuses POST, PUT, PATCH and DELETE that `admits` does not let through (403, EBADCSRFTOKEN), and
   * one whose header holds a token that is not valid.
   */
  protect: RequestHandler;
  /**
   * The same check before any body is read (the app's gate, and every upload route): a request that
   * sends the header is judged on it at once; one without (a form posted without JavaScript) goes on,
   * to be judged once its body is parsed, or, for an upload, before its first file.
   */
  protectBeforeBody: RequestHandler;
  /**
   * True when the header, or the form field parsed so far, holds a valid token of this visitor, or,
   * without a header, when the browser vouches that one of the site's own pages sent the request
   * (browser-origin.ts): how a form posted without JavaScript from a page that is the same bytes for
   * everyone, and so holds no token, gets through.
   */
  admits(req: Request): boolean;
  /** Makes sure the visitor has a session id and a fresh token cookie; returns the token. */
  issueToken(req: Request, res: Response): string;
  /**
   * GET CSRF_TOKEN_PATH: a fresh token cookie and nothing else (204). The browser's client asks it before
   * its first unsafe request (the public pages set no cookie), and when a page outlived its token.
   */
  renewToken: RequestHandler;
}

/** The 403 every refused token gets; the error handler words it for the visitor. */
export function csrfError() {
  return createHttpError(403, 'invalid csrf token', { code: 'EBADCSRFTOKEN' });
}

/**
 * Signed, session-bound anti-forgery tokens (the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN; OWASP's "signed
 * double-submit cookie"): a token is the time it was issued, random bits, and an HMAC of both with the
 * visitor's anonymous HttpOnly session id, keyed by CSRF_SECRET, so every instance sharing the secret accepts
 * it. Another site can neither read the session id nor forge a MAC for it; both cookies are `__Host-` where
 * they are Secure, so a sibling subdomain cannot plant a pair. Tokens expire after 12 hours, and MACs are
 * compared in constant time. (csrf-csrf, used before, compared with === and had no expiry.)
 *
 * A request without the header may instead be vouched for by the browser (browser-origin.ts): Fetch
 * Metadata, or an Origin where a browser sends no Fetch Metadata. That is what lets the public form
 * pages be the same bytes for everyone, with no token in them, while a form posted without JavaScript
 * is still refused when another site sent it. A request that carries neither header is judged on the
 * token alone, as before.
 */
export function createCsrf(
  config: Pick<AppConfig, 'csrfSecret' | 'isProduction' | 'publicUrl'>,
  { now = Date.now }: { now?: () => number } = {},
): Csrf {
  const names = csrfCookieNames(config.isProduction);
  const publicOrigin = new URL(config.publicUrl).origin;
  const cookieOptions = { sameSite: 'lax', secure: config.isProduction, path: '/' } as const;

  function sessionIdOf(req: Request): string | undefined {
    const value: unknown = req.cookies?.[names.session];
    return typeof value === 'string' && sessionIdPattern.test(value) ? value : undefined;
  }

  function mac(sessionId: string, issuedAt: string, nonce: string): Buffer {
    return createHmac('sha256', config.csrfSecret).update(`${sessionId}.${issuedAt}.${nonce}`).digest();
  }

  /** How old a valid token of this session is (ms), or undefined when it is not one, or has expired. */
  function ageOf(sessionId: string | undefined, token: unknown): number | undefined {
    if (sessionId === undefined || typeof token !== 'string') return undefined;
    const match = tokenPattern.exec(token);
    if (!match) return undefined;
    const [, issuedAt = '', nonce = '', given = ''] = match;
    const age = now() - Number(issuedAt) * 1000;
    if (age > CSRF_TOKEN_LIFETIME_MS || age < -CLOCK_SKEW_MS) return undefined;
    const expected = mac(sessionId, issuedAt, nonce);
    const received = Buffer.from(given, 'base64url');
    return received.length === expected.length && timingSafeEqual(received, expected) ? age : undefined;
  }

  function tokenOf(req: Request): unknown {
    const header = req.get(CSRF_HEADER);
    if (header !== undefined) return header;
    return isRecord(req.body) ? req.body[CSRF_FIELD] : undefined;
  }

  const hasValidToken = (req: Request) => ageOf(sessionIdOf(req), tokenOf(req)) !== undefined;
  // A header is only ever sent by the site's own script, which holds the token: a wrong one is refused
  // (and the script renews it), never made good by the browser's headers.
  const admits = (req: Request) =>
    hasValidToken(req) || (req.get(CSRF_HEADER) === undefined && isVouchedSameOrigin(req, publicOrigin));

  function issueToken(req: Request, res: Response): string {
    let sessionId = sessionIdOf(req);
    if (!sessionId) {
      sessionId = randomBytesFromPool(18).toString('base64url');
      res.cookie(names.session, sessionId, { ...cookieOptions, httpOnly: true });
    }
    const current: unknown = req.cookies?.[names.token];
    const age = ageOf(sessionId, current);
    if (typeof current === 'string' && age !== undefined && age < REISSUE_AFTER_MS) return current;
    const issuedAt = String(Math.floor(now() / 1000));
    const nonce = randomBytesFromPool(16).toString('base64url');
    const token = `${issuedAt}.${nonce}.${mac(sessionId, issuedAt, nonce).toString('base64url')}`;
    // Readable by scripts on purpose: the browser's HTTP client copies it into the X-XSRF-TOKEN header.
    res.cookie(names.token, token, { ...cookieOptions, httpOnly: false });
    // Later code in this request (a second issueToken, a check) sees what the browser will send next.
    req.cookies = { ...req.cookies, [names.session]: sessionId, [names.token]: token };
    return token;
  }

  return {
    admits,
    issueToken,
    renewToken(req, res) {
      issueToken(req, res);
      res.set('Cache-Control', 'no-store').status(204).end();
    },
    protect(req, _res, next) {
      if (!isUnsafeMethod(req.method) || admits(req)) return next();
      next(csrfError());
    },
    protectBeforeBody(req, res, next) {
      if (!isUnsafeMethod(req.method) || req.get(CSRF_HEADER) === undefined || hasValidToken(req)) return next();
      // The body is not read: the connection closes after the answer instead of draining megabytes.
      res.set('Connection', 'close');
      next(csrfError());
    },
  };
}
