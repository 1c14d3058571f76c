import type { RequestHandler } from 'express';

/**
 * "/about-us/" answers 301 to "/about-us", so each page has one address. Leading slashes are
 * collapsed first: "//evil.example/" must never become a redirect to another host.
 */
export const trailingSlashRedirect: RequestHandler = (req, res, next) => {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/' || !req.path.endsWith('/')) return next();
  const path = `/${req.path.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  const queryStart = req.originalUrl.indexOf('?');
  const query = queryStart === -1 ? '' : req.originalUrl.slice(queryStart);
  res.redirect(301, `${path}${query}`);
};
