import type { Request } from 'express';

/** The origin a request was addressed to, as the visitor's browser saw it (the proxy's scheme and host when trusted). */
export function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * Whether the browser itself vouches that this request was sent by one of the site's own pages. Both
 * headers are set by the browser, and no page, script or form of another site can set or change them:
 *
 * - `Sec-Fetch-Site: same-origin` (every current browser sends Fetch Metadata). It is `same-site` for
 *   a sibling subdomain and `cross-site` for anyone else, and a cross-origin redirect on the way
 *   downgrades it, so nothing but this origin's own pages earns it.
 * - Without Fetch Metadata (an older browser), an `Origin` equal to the site's public origin or the
 *   one the request was addressed to. Browsers have sent it with every POST for years; under the
 *   site's `strict-origin-when-cross-origin` policy it is the real origin for its own pages. `null`
 *   proves nothing.
 *
 * With neither (a browser older still, or anything that is not a browser), nothing is vouched for:
 * such a request needs the session-bound token.
 */
export function isVouchedSameOrigin(req: Request, publicOrigin: string): boolean {
  const site = req.get('Sec-Fetch-Site');
  if (site !== undefined) return site === 'same-origin';
  const origin = req.get('Origin');
  return origin !== undefined && (origin === publicOrigin || origin === ownOrigin(req));
}
