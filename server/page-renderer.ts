import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import createHttpError from 'http-errors';
import { LRUCache } from 'lru-cache';
import type { SsrEntry } from '../shared/ssr-contract.ts';
import type { AssetResolver } from './asset-manifest.ts';
import type { Csrf } from './csrf.ts';
import type { DataStore } from './data-store.ts';
import { toFetchRequest } from './fetch-request.ts';
import { takeFlash } from './flash-cookie.ts';
import { cspNonce } from './security-headers.ts';

export interface PageRendererOptions {
  loadEntry: () => Promise<SsrEntry>;
  assets: AssetResolver;
  store: DataStore;
  csrf: Csrf;
  publicUrl: string;
  isProduction: boolean;
  /** Off in development, where the code under the cache changes while it runs. */
  cache: boolean;
}

/** A rendered page, encoded once, split where the per-request nonce goes. */
interface CachedPage {
  status: number;
  parts: Buffer[];
}

/** Every unknown address renders the same 404 page, so they share one entry instead of one each. */
const NOT_FOUND_KEY = '404';

/** Redirects from React Router are passed through as they are. */
async function sendFetchResponse(res: Response, response: globalThis.Response) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    res.append(name, value);
  });
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/**
 * Renders pages with React on the server, and caches them. A page depends only on its URL and the site
 * data (route loaders must keep it so: one that reads cookies or headers has to bypass this cache), so a
 * URL seen before is answered without routing or rendering: the cached bytes with this response's nonce
 * spliced in. The cache is bounded (least recently used first).
 */
export function pageRenderer(options: PageRendererOptions): RequestHandler {
  const cache = new LRUCache<string, CachedPage>({ max: 500 });
  // Random per process, so no page content can guess it and have it replaced.
  const noncePlaceholder = `n${randomBytes(12).toString('hex')}`;

  function send(req: Request, res: Response, page: CachedPage) {
    options.csrf.issueToken(req, res);
    const nonce = Buffer.from(cspNonce(res));
    const body = Buffer.concat(page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonce, part])));
    res
      .status(page.status)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache' })
      .send(body);
  }

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return next(
        createHttpError(405, 'Pages can only be read: use GET or HEAD.', { headers: { Allow: 'GET, HEAD' } }),
      );
    }
    // A page carrying a flash message is this visitor's alone: rendered for them, never cached.
    const flash = takeFlash(req, res, options) ?? null;
    const cacheable = options.cache && flash === null;
    const key = `${options.store.version}|${req.originalUrl}`;
    const hit = cacheable ? cache.get(key) : undefined;
    if (hit) return send(req, res, hit);

    const entry = await options.loadEntry();
    const outcome = await entry.query(toFetchRequest(req, res, options.publicUrl));
    if (outcome.kind === 'response') return sendFetchResponse(res, outcome.response);
    const notFoundKey = `${options.store.version}|${NOT_FOUND_KEY}`;
    const cached = outcome.status === 404 && cacheable ? cache.get(notFoundKey) : undefined;
    if (cached) return send(req, res, cached);

    const html = await entry.render(outcome, {
      site: options.store.data,
      publicUrl: options.publicUrl,
      assets: options.assets.forRoutes(outcome.routeModules),
      nonce: noncePlaceholder,
      flash,
      onError: (error) => req.log.error({ err: error }, 'render error'),
    });
    const page: CachedPage = {
      status: outcome.status,
      parts: html.split(noncePlaceholder).map((part) => Buffer.from(part)),
    };
    if (cacheable && outcome.status === 200) cache.set(key, page);
    if (cacheable && outcome.status === 404) cache.set(notFoundKey, page);
    send(req, res, page);
  };
}
