import { randomBytes, randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import createHttpError from 'http-errors';
import { LRUCache } from 'lru-cache';
import type { QueryOutcome, SsrEntry } from '#shared/ssr-contract.ts';
import type { FormState } from '#shared/submissions/form-values.ts';
import type { AssetResolver } from './asset-manifest.ts';
import type { Csrf } from './csrf.ts';
import { toFetchRequest } from './fetch-request.ts';
import { type Flash, takeFlash } from './flash-cookie.ts';
import { cspNonce } from './security-headers.ts';
import type { SiteDataFiles } from './site-data-files.ts';

/** loadEntry is called for every render that misses the cache, so in development edited code is picked up. */
export interface PageRendererOptions {
  loadEntry: () => Promise<SsrEntry>;
  assets: AssetResolver;
  siteData: SiteDataFiles;
  csrf: Csrf;
  publicUrl: string;
  isProduction: boolean;
  /** Off in development, where the code under the cache changes while it runs. */
  cache: boolean;
}

/** A rendered page, encoded once, split where the per-request values (nonce, CSRF token) go. */
interface CachedPage {
  status: number;
  /** Bytes, with the name of a per-request value between each two. */
  parts: (Buffer | Slot)[];
}

type Slot = 'nonce' | 'csrf' | 'key';

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

/** A form to render again with the visitor's input and errors, and the status to send (the endpoints use 422). */
interface FormPage {
  /** The page that holds the form, such as /pricing. */
  path: string;
  form: FormState;
  status: number;
}

/** server/app.ts mounts the middleware for every page; renderForm is for the form endpoints (submission-routes.ts). */
export interface PageRenderer {
  middleware: RequestHandler;
  /**
   * Answers a form posted without JavaScript that has errors: the form's page, rendered for this visitor
   * only (never cached) with their input and the errors beside the fields.
   */
  renderForm(req: Request, res: Response, page: FormPage): Promise<void>;
}

/**
 * Renders pages with React on the server, and caches them. A page depends only on its URL and the site
 * data (route loaders must keep it so: one that reads cookies or headers has to bypass this cache), so a
 * URL seen before is answered without routing or rendering: the cached bytes with this response's nonce
 * and CSRF token spliced in. The cache is bounded (least recently used first).
 */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const cache = new LRUCache<string, CachedPage>({ max: 500 });
  // Random per process, so no page content can guess them and have them replaced.
  const placeholders: Record<Slot, string> = {
    nonce: `n${randomBytes(12).toString('hex')}`,
    csrf: `c${randomBytes(12).toString('hex')}`,
    key: `k${randomBytes(12).toString('hex')}`,
  };
  const slots = Object.fromEntries(Object.entries(placeholders).map(([slot, text]) => [text, slot as Slot]));
  const splitter = new RegExp(`(${placeholders.nonce}|${placeholders.csrf}|${placeholders.key})`);

  function toPage(status: number, html: string): CachedPage {
    return {
      status,
      parts: html.split(splitter).map((part, index) => (index % 2 === 0 ? Buffer.from(part) : (slots[part] as Slot))),
    };
  }

  function send(req: Request, res: Response, page: CachedPage, cacheControl = 'private, no-cache') {
    const values: Record<Slot, Buffer> = {
      csrf: Buffer.from(options.csrf.issueToken(req, res)),
      nonce: Buffer.from(cspNonce(res)),
      // A fresh one-time submission key per page served, for the forms posted without JavaScript.
      key: Buffer.from(randomUUID()),
    };
    const body = Buffer.concat(page.parts.map((part) => (Buffer.isBuffer(part) ? part : values[part])));
    res
      .status(page.status)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl })
      .send(body);
  }

  async function render(
    req: Request,
    outcome: Extract<QueryOutcome, { kind: 'page' }>,
    entry: SsrEntry,
    extra: { flash: Flash | null; form: FormState | null; url: string | null },
  ): Promise<string> {
    return entry.render(outcome, {
      site: options.siteData.data,
      publicUrl: options.publicUrl,
      assets: options.assets.forRoutes(outcome.routeModules),
      nonce: placeholders.nonce,
      csrfToken: placeholders.csrf,
      submissionKey: placeholders.key,
      ...extra,
      onError: (error) => req.log.error({ err: error }, 'render error'),
    });
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return next(
        createHttpError(405, 'Pages can only be read: use GET or HEAD.', { headers: { Allow: 'GET, HEAD' } }),
      );
    }
    // A page carrying a flash message is this visitor's alone: rendered for them, never cached.
    const flash = takeFlash(req, res, options) ?? null;
    const cacheable = options.cache && flash === null;
    // The year is part of the key: the footer's copyright line ends with it.
    const key = `${options.siteData.version}|${new Date().getUTCFullYear()}|${req.originalUrl}`;
    const hit = cacheable ? cache.get(key) : undefined;
    if (hit) return send(req, res, hit);

    const entry = await options.loadEntry();
    const outcome = await entry.query(toFetchRequest(req, res, options.publicUrl));
    if (outcome.kind === 'response') return sendFetchResponse(res, outcome.response);
    const notFoundKey = `${options.siteData.version}|${new Date().getUTCFullYear()}|${NOT_FOUND_KEY}`;
    const cached = outcome.status === 404 && cacheable ? cache.get(notFoundKey) : undefined;
    if (cached) return send(req, res, cached);

    const page = toPage(outcome.status, await render(req, outcome, entry, { flash, form: null, url: null }));
    if (cacheable && outcome.status === 200) cache.set(key, page);
    if (cacheable && outcome.status === 404) cache.set(notFoundKey, page);
    send(req, res, page);
  };

  async function renderForm(req: Request, res: Response, { path, form, status }: FormPage) {
    const entry = await options.loadEntry();
    const outcome = await entry.query(new Request(`${options.publicUrl}${path}`, { headers: { accept: 'text/html' } }));
    if (outcome.kind !== 'page') throw new Error(`The form page ${path} did not render as a page`);
    const html = await render(req, outcome, entry, { flash: null, form, url: path });
    // Holds what the visitor typed: no cache may keep it.
    send(req, res, toPage(status, html), 'no-store');
  }

  return { middleware, renderForm };
}
