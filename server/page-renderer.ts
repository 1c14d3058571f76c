import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import createHttpError from 'http-errors';
import { LRUCache } from 'lru-cache';
import type { SsrEntry } from '../shared/ssr-contract.ts';
import type { AssetResolver } from './asset-manifest.ts';
import type { Csrf } from './csrf.ts';
import type { DataStore } from './data-store.ts';
import { toFetchRequest } from './fetch-request.ts';
import { cspNonce } from './security-headers.ts';

export interface PageRendererOptions {
  loadEntry: () => Promise<SsrEntry>;
  assets: AssetResolver;
  store: DataStore;
  csrf: Csrf;
  publicUrl: string;
  /** Off in development, where the code under the cache changes while it runs. */
  cache: boolean;
}

/** Redirects and not-modified answers from React Router are passed through as they are. */
async function sendFetchResponse(res: Response, response: globalThis.Response) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    res.append(name, value);
  });
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/**
 * Renders pages with React on the server. A rendered page depends only on its URL and the site data, so
 * it is cached (bounded, least recently used first) with placeholders where the per-request CSP nonce
 * stands; a cache hit costs a route match and a string splice instead of a React render.
 */
export function pageRenderer(options: PageRendererOptions): RequestHandler {
  const cache = new LRUCache<string, string>({ max: 500 });
  // Random per process, so no page content can guess it and have it replaced.
  const noncePlaceholder = `n${randomBytes(12).toString('hex')}`;

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return next(
        createHttpError(405, 'Pages can only be read: use GET or HEAD.', { headers: { Allow: 'GET, HEAD' } }),
      );
    }
    const entry = await options.loadEntry();
    const outcome = await entry.query(toFetchRequest(req, res, options.publicUrl));
    if (outcome.kind === 'response') return sendFetchResponse(res, outcome.response);

    options.csrf.issueToken(req, res);
    // Every unknown address renders the same 404 page, so they share one entry.
    const key = `${options.store.version}|${outcome.status === 404 ? '404' : req.originalUrl}`;
    let template = options.cache ? cache.get(key) : undefined;
    if (template === undefined) {
      template = await entry.render(outcome, {
        site: options.store.data,
        publicUrl: options.publicUrl,
        assets: options.assets.forRoutes(outcome.routeModules),
        nonce: noncePlaceholder,
        onError: (error) => req.log.error({ err: error }, 'render error'),
      });
      if (options.cache && (outcome.status === 200 || outcome.status === 404)) cache.set(key, template);
    }
    res
      .status(outcome.status)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache' })
      .send(template.replaceAll(noncePlaceholder, cspNonce(res)));
  };
}
