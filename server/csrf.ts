import { randomBytes } from 'node:crypto';
import { doubleCsrf } from 'csrf-csrf';
import type { Request, RequestHandler, Response } from 'express';
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, CSRF_SESSION_COOKIE } from '#shared/csrf-contract.ts';
import type { AppConfig } from './config.ts';

const sessionIdPattern = /^[A-Za-z0-9_-]{24}$/;

function sessionIdOf(req: Request): string | undefined {
  const value: unknown = req.cookies?.[CSRF_SESSION_COOKIE];
  return typeof value === 'string' && sessionIdPattern.test(value) ? value : undefined;
}

/** The two halves of the anti-forgery check, as the app wires them: a guard and a token issuer. */
export interface Csrf {
  /** Rejects POST, PUT, PATCH and DELETE without a matching token (403, code EBADCSRFTOKEN). */
  protect: RequestHandler;
  /** Makes sure the visitor has a session id and a valid token cookie; returns the token. */
  issueToken(req: Request, res: Response): string;
}

/** Double-submit CSRF protection (spec section 7) bound to an anonymous session id, keyed by the secret. */
export function createCsrf(config: Pick<AppConfig, 'csrfSecret' | 'isProduction'>): Csrf {
  const cookieOptions = { sameSite: 'lax', secure: config.isProduction, path: '/' } as const;
  const { doubleCsrfProtection, generateCsrfToken } = doubleCsrf({
    getSecret: () => config.csrfSecret,
    getSessionIdentifier: (req) => sessionIdOf(req) ?? '',
    cookieName: CSRF_COOKIE,
    // Readable by scripts on purpose: that is how the double-submit contract of spec section 7 works.
    cookieOptions: { ...cookieOptions, httpOnly: false },
    getCsrfTokenFromRequest: (req) => {
      const header = req.get(CSRF_HEADER);
      if (header !== undefined) return header;
      const field: unknown = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
      return typeof field === 'string' ? field : undefined;
    },
  });

  return {
    protect: doubleCsrfProtection,
    issueToken(req, res) {
      if (!sessionIdOf(req)) {
        const id = randomBytes(18).toString('base64url');
        res.cookie(CSRF_SESSION_COOKIE, id, { ...cookieOptions, httpOnly: true });
        // The token below must be bound to the id the browser will send from now on.
        req.cookies = { ...req.cookies, [CSRF_SESSION_COOKIE]: id };
      }
      // Reuses a valid cookie; a missing, forged or stale one (say, after a new sid) is replaced.
      return generateCsrfToken(req, res);
    },
  };
}
