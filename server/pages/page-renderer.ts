import type { Request, RequestHandler, Response } from 'express';
import createHttpError from 'http-errors';
import type { Logger } from 'pino';
import type { Flash, FlashCookie } from '#server/http/flash-cookie.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import { pages as pageTable } from '#shared/routes.ts';
import type { QueryOutcome, SsrEntry } from '#shared/ssr-contract.ts';
import type { FormState } from '#shared/submissions/form-values.ts';
import type { AssetResolver } from './asset-manifest.ts';
import { toFetchRequest } from './fetch-request.ts';
import { createPageCache, isDatedPage } from './page-cache.ts';
import { createPageSender } from './page-sender.ts';
import { createPageSlots } from './page-slots.ts';
import type { SiteDataFiles } from './site-data-files.ts';

/** loadEntry is called for every render that misses the cache, so in development edited code is picked up. */
export interface PageRendererOptions {
  loadEntry: () => Promise<SsrEntry>;
  assets: AssetResolver;
  siteData: SiteDataFiles;
  publicUrl: string;
  /** The flash message a form's redirect left for the page it lands on. */
  flash: FlashCookie;
  /**
   * Whether pages carry the CSP nonce: only where an inline script runs (Vite's preamble in
   * development). The production HTML has none, so its bytes need no per-request value.
   */
  nonce: boolean;
  /** Off in development, where the code under the cache changes while it runs. */
  cache: boolean;
  /** For render errors of pages rendered ahead of any request (the warm-up). */
  logger: Logger;
  /** Told of every page request the cache answered (hit) or that was rendered to be cached (miss): metrics. */
  onCache?: (outcome: 'hit' | 'miss') => void;
  /** The clock the pages' dates are counted from; tests pass their own. */
  now?: () => Date;
  /**
   * The shop's load (server/production/production-planner.ts): a calculator page shows the date it
   * allows, and the pages with dates are cached by its stamp. Without it, business days alone.
   */
  load?: PageLoad;
}

/** What the pages need of the production planner. */
interface PageLoad {
  current(): Promise<{ dates: LoadDates; stamp: string }>;
  stamp(): string | undefined;
}

/** The load a page is rendered from and its stamp: none for a page without dates; `failed` when unreadable. */
interface LoadForPage {
  dates?: LoadDates;
  stamp?: string;
  failed?: true;
}

/** The site's own addresses: compressed thoroughly (brotli 11) and rendered ahead at start. */
const ownPaths: ReadonlySet<string> = new Set(pageTable.filter((page) => page.path !== '*').map((page) => page.path));
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
   * Answers a GET or HEAD for a page already in the cache, and passes everything else on. Mounted early
   * (after cookies are parsed), so a hit skips the body parsers and routers a page never needs. Only
   * addresses the page renderer answered (200, or 404 for an unknown one) are kept, so every address it
   * answers went through all of them once and reached the page renderer.
   */
  cachedPages: RequestHandler;
  /**
   * Answers a GET or HEAD for a cached page in one write, ahead of the whole pipeline (see
   * server/pages/page-door.ts), with `head` (what every answer carries) followed by the page's own
   * headers. False, with nothing written, for what it leaves to the pipeline: no such page cached, a
   * request whose cookies may hold a flash, or a form page for a client that takes neither gzip nor
   * (once made) brotli.
   */
  answerFromCache(req: Request, res: Response, head: string[]): boolean;
  /**
   * Answers a form posted without JavaScript that has errors: the form's page, rendered for this visitor
   * only (never cached) with their input and the errors beside the fields.
   */
  renderForm(req: Request, res: Response, page: FormPage): Promise<void>;
  /** Renders and compresses the site's own pages ahead of their first visitor (production start). */
  warm(): Promise<void>;
}

/**
 * Renders pages with React on the server, and caches them. A page depends only on its URL and the site
 * data (route loaders must keep it so: one that reads cookies or headers has to bypass this cache), so a
 * URL seen before is answered without routing or rendering. A page without a form (or, in development,
 * a nonce) is the same bytes for everyone: it is kept compressed in each encoding and sets no cookie.
 * A form page differs only by a fresh submission key per response, and sets no cookie either.
 */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const clock = options.now ?? (() => new Date());
  const { load } = options;
  const cache = createPageCache({
    siteData: options.siteData,
    now: clock,
    ...(load ? { loadStamp: () => load.stamp() } : {}),
  });
  const slots = createPageSlots();
  const { placeholders, split } = slots;
  const { send, sendPersonal, answerCached, toCached } = createPageSender({ slots, logger: options.logger });

  /** The load a page at this address is rendered from. */
  async function loadFor(url: string, log: Logger): Promise<LoadForPage> {
    if (!load || !isDatedPage(url)) return {};
    try {
      return await load.current();
    } catch (error) {
      // The page still renders, counting business days alone as before there was a load, and is not kept.
      log.error({ err: error }, 'the production load could not be read for a page');
      return { failed: true };
    }
  }

  async function render(
    outcome: Extract<QueryOutcome, { kind: 'page' }>,
    entry: SsrEntry,
    extra: { flash: Flash | null; form: FormState | null; url: string | null },
    log: Logger,
    dates?: LoadDates,
  ): Promise<string> {
    return entry.render(outcome, {
      now: clock(),
      ...(dates ? { load: dates } : {}),
      site: options.siteData.data,
      publicUrl: options.publicUrl,
      assets: options.assets.forRoutes(outcome.routeModules),
      ...(options.nonce ? { nonce: placeholders.nonce } : {}),
      // No page holds a visitor's token: a form's hidden token field stays empty (server/http/csrf.ts).
      csrfToken: '',
      submissionKey: placeholders.key,
      ...extra,
      onError: (error) => log.error({ err: error }, 'render error'),
    });
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return next(
        createHttpError(405, 'Pages can only be read: use GET or HEAD.', { headers: { Allow: 'GET, HEAD' } }),
      );
    }
    // A page carrying a flash message is this visitor's alone: rendered for them, never cached.
    const flash = options.flash.take(req, res) ?? null;
    const cacheable = options.cache && flash === null;
    const hit = cacheable ? cache.lookup(req.originalUrl) : undefined;
    if (hit) {
      options.onCache?.('hit');
      return send(req, res, hit);
    }
    if (cacheable) options.onCache?.('miss');

    const entry = await options.loadEntry();
    const outcome = await entry.query(toFetchRequest(req, res, options.publicUrl));
    if (outcome.kind === 'response') return sendFetchResponse(res, outcome.response);
    if (outcome.status === 404 && cacheable) cache.markMissing(req.originalUrl);
    const cached = outcome.status === 404 && cacheable ? cache.notFoundPage() : undefined;
    if (cached) return send(req, res, cached);

    const pageLoad = await loadFor(req.originalUrl, req.log);
    const html = await render(outcome, entry, { flash, form: null, url: null }, req.log, pageLoad.dates);
    const page = split(outcome.status, html);
    const keep = cacheable && !pageLoad.failed;
    if (!keep || (outcome.status !== 200 && outcome.status !== 404)) {
      return sendPersonal(req, res, page, null, flash ? 'private, no-store' : 'private, no-cache');
    }
    const own = outcome.status === 404 || ownPaths.has(req.originalUrl);
    const fresh = toCached(page, own ? 'thorough' : 'quick');
    cache.store(req.originalUrl, outcome.status, fresh, pageLoad.stamp);
    send(req, res, fresh);
  };

  const cachedPages: RequestHandler = (req, res, next) => {
    if (!options.cache || (req.method !== 'GET' && req.method !== 'HEAD') || options.flash.has(req)) return next();
    const hit = cache.lookup(req.originalUrl);
    if (!hit) return next();
    options.onCache?.('hit');
    send(req, res, hit);
  };

  function answerFromCache(req: Request, res: Response, head: string[]): boolean {
    // Cookies are not parsed yet: any cookie that so much as names a flash goes the long way, which reads it.
    if (!options.cache || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.cookie?.includes('flash')) {
      return false;
    }
    // The target as sent: the cache's keys are paths, so an absolute-form target goes the long way too.
    const hit = cache.lookup(req.url);
    if (!hit || !answerCached(req, res, hit, head)) return false;
    options.onCache?.('hit');
    return true;
  }

  async function renderForm(req: Request, res: Response, { path, form, status }: FormPage) {
    const entry = await options.loadEntry();
    const outcome = await entry.query(new Request(`${options.publicUrl}${path}`, { headers: { accept: 'text/html' } }));
    if (outcome.kind !== 'page') throw new Error(`The form page ${path} did not render as a page`);
    const { dates } = await loadFor(path, req.log);
    const html = await render(outcome, entry, { flash: null, form, url: path }, req.log, dates);
    // Holds what the visitor typed: no cache may keep it.
    sendPersonal(req, res, split(status, html), null, 'no-store');
  }

  async function warm() {
    if (!options.cache) return;
    const entry = await options.loadEntry();
    // One at a time: at start the first visitors' requests go between them.
    for (const path of ownPaths) {
      if (cache.has(path)) continue;
      const outcome = await entry.query(
        new Request(`${options.publicUrl}${path}`, { headers: { accept: 'text/html' } }),
      );
      if (outcome.kind !== 'page' || outcome.status !== 200) continue;
      const pageLoad = await loadFor(path, options.logger);
      if (pageLoad.failed) continue;
      const html = await render(outcome, entry, { flash: null, form: null, url: null }, options.logger, pageLoad.dates);
      const fresh = toCached(split(outcome.status, html), 'thorough');
      if (!cache.has(path)) cache.store(path, outcome.status, fresh, pageLoad.stamp);
    }
  }

  return { middleware, cachedPages, answerFromCache, renderForm, warm };
}
