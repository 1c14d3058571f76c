import type { RequestHandler } from 'express';
import createHttpError from 'http-errors';
import { ownOrigin } from './browser-origin.ts';
import { isUnsafeMethod } from './csrf.ts';
import { redactUrl } from './redact-url.ts';

/**
 * Refuses an unsafe request that a browser says came from another site, before its body is read: a
 * second line behind the CSRF check (csrf.ts), the one that stops a sibling subdomain too.
 *
 * - `Sec-Fetch-Site` (every current browser sends it, and pages cannot forge it) decides when present:
 *   `cross-site` and `same-site` are refused; `same-origin` and `none` (typed, bookmarked) pass.
 * - Without it (an older browser, curl, the shop's scripts), an `Origin` that is neither the site's
 *   public address nor the address the request was sent to is refused. `Origin: null` is left to the
 *   token: browsers send it for their own pages under a strict referrer policy.
 */
export function crossSiteGuard(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (!isUnsafeMethod(req.method)) return next();
    const site = req.get('Sec-Fetch-Site');
    const origin = req.get('Origin');
    const refused =
      site !== undefined
        ? site === 'cross-site' || site === 'same-site'
        : origin !== undefined && origin !== 'null' && origin !== publicOrigin && origin !== ownOrigin(req);
    if (!refused) return next();
    req.log.warn(
      { reason: 'cross_site', method: req.method, path: redactUrl(req.path), site, origin },
      'refused: sent from another site',
    );
    res.set('Connection', 'close');
    next(
      createHttpError(
        403,
        'This form was sent from another website, so it was refused to protect you. Open our site and send it from there.',
      ),
    );
  };
}
