import type { RequestHandler } from 'express';
import createHttpError from 'http-errors';

/** "http://host:8080" at the start of an absolute-form target: a scheme, "://" and an authority. */
const SCHEME_AND_AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * The path and query of a request target in any form HTTP allows: "/a?b" as it is, "http://host/a?b"
 * (absolute-form, which RFC 9112 says a server must accept) as "/a?b". Undefined for a target that names no
 * path: "*" (asterisk-form) and "host:443" (authority-form, CONNECT's).
 */
export function originForm(target: string): string | undefined {
  if (target.startsWith('/')) return target;
  const prefix = SCHEME_AND_AUTHORITY.exec(target)?.[0];
  if (prefix === undefined) return undefined;
  const rest = target.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The scheme and authority an absolute-form target starts with, or '' for any other. */
export function schemeAndAuthority(target: string): string {
  return SCHEME_AND_AUTHORITY.exec(target)?.[0] ?? '';
}

/**
 * Makes every request's target a path before anything reads it: an absolute-form target is served as
 * its path (the host it names is ignored, as the Host header is: links use PUBLIC_URL), so routes,
 * the page cache's keys, redirects and the log all see one form. "*" and the like name no page: 400.
 */
export const requestTarget: RequestHandler = (req, _res, next) => {
  const path = originForm(req.url);
  if (path === undefined) {
    return next(createHttpError(400, 'The request must name a path on this site, such as /.'));
  }
  if (path !== req.url) {
    req.url = path;
    // Set before any router trimmed it, so it is still the whole target, now as a path.
    req.originalUrl = path;
  }
  next();
};
