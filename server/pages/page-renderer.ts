import { randomBytes, randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import type { Request, RequestHandler, Response } from 'express';
import createHttpError from 'http-errors';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Csrf } from '#server/http/csrf.ts';
import type { Flash, FlashCookie } from '#server/http/flash-cookie.ts';
import { skipCompression } from '#server/http/response-compression.ts';
import { cspNonce } from '#server/http/security-headers.ts';
import { approvalDay, shopTime } from '#shared/pricing/business-days.ts';
import { pages as pageTable } from '#shared/routes.ts';
import type { QueryOutcome, SsrEntry } from '#shared/ssr-contract.ts';
import type { FormState } from '#shared/submissions/form-values.ts';
import type { AssetResolver } from './asset-manifest.ts';
import { acceptedEncodings } from './content-encoding.ts';
import { type CompressionEffort, type EncodedPage, encodePage, pickRepresentation } from './encoded-page.ts';
import { toFetchRequest } from './fetch-request.ts';
import type { SiteDataFiles } from './site-data-files.ts';
import { createSplicedGzip, type SplicedGzip } from './spliced-gzip.ts';

/** loadEntry is called for every render that misses the cache, so in development edited code is picked up. */
export interface PageRendererOptions {
  loadEntry: () => Promise<SsrEntry>;
  assets: AssetResolver;
  siteData: SiteDataFiles;
  csrf: Csrf;
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
}

/** A per-request value a page may hold: the CSP nonce, the CSRF token, a form's one-time submission key. */
type Slot = 'nonce' | 'csrf' | 'key';

/** A rendered page, split where its per-request values go. */
interface SplitPage {
  status: number;
  /** The page's fixed text: one more than there are slots. */
  fixed: Buffer[];
  /** The per-request value between fixed[i] and fixed[i + 1]. */
  slots: Slot[];
}

/**
 * A cached page. `fixed`: the same bytes for everyone (most pages), kept compressed, with ETags.
 * `personal`: a form page, whose token and key differ per response; its fixed parts are deflated once
 * and each response's values are spliced in (server/pages/spliced-gzip.ts).
 */
type CachedPage =
  | { kind: 'fixed'; status: number; encoded: EncodedPage }
  | { kind: 'personal'; page: SplitPage; gzip: SplicedGzip };

/** The pages that show estimates, whose dates depend on the day (see keyOf). */
const datedPage = /^\/pricing(?:[/?]|$)/;
/** Every unknown address renders the same 404 page, so they share one entry instead of one each. */
const NOT_FOUND_KEY = '404';
/**
 * The cache's bound. A page is about 60 kB plain and a fifth of that per compressed form, so this
 * holds every page of the site and a few hundred calculator queries; the least recently used go first.
 */
const CACHE_MAX_BYTES = 48 * 1024 * 1024;
const CACHE_MAX_ENTRIES = 1000;
/** The site's own addresses: compressed thoroughly (brotli 11) and rendered ahead at start. */
const ownPaths: ReadonlySet<string> = new Set(pageTable.filter((page) => page.path !== '*').map((page) => page.path));
/**
 * Fixed pages are the same for everyone, so shared caches may keep them, and browsers revalidate each
 * time (a 304 when the ETag still matches), so a data change shows at once.
 */
const FIXED_CACHE_CONTROL = 'public, no-cache';

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
   * The same, mounted before the compression middleware and cookie parsing, for what needs neither: a
   * page without a form, and a form page for a client that takes gzip (its spliced gzip is encoded
   * already; it parses the cookies its token needs itself). Anything else (a form page for a client
   * without gzip, which the compression middleware encodes, or a request with a flash cookie) is
   * passed on to cachedPages and the renderer.
   */
  earlyCachedPages: RequestHandler;
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
 * A form page gets this response's CSRF token (and so the visitor's cookies) and a fresh submission key.
 */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const cache = new LRUCache<string, CachedPage>({
    max: CACHE_MAX_ENTRIES,
    maxSize: CACHE_MAX_BYTES,
    // Counted when stored, before a thorough page's brotli exists: brotli is smaller than gzip, so the
    // gzip counted twice bounds both. A form page holds its text and the deflated copy (smaller still).
    sizeCalculation: (entry) =>
      entry.kind === 'fixed'
        ? entry.encoded.identity.body.length + 2 * entry.encoded.gzip.body.length
        : entry.page.fixed.reduce((total, part) => total + part.length * 2, 1),
  });
  // Random per process, so no page content can guess them and have them replaced.
  const placeholders: Record<Slot, string> = {
    nonce: `n${randomBytes(12).toString('hex')}`,
    csrf: `c${randomBytes(12).toString('hex')}`,
    key: `k${randomBytes(12).toString('hex')}`,
  };
  const slotOf = new Map(Object.entries(placeholders).map(([slot, text]) => [text, slot as Slot]));
  const splitter = new RegExp(`(${placeholders.nonce}|${placeholders.csrf}|${placeholders.key})`);

  function split(status: number, html: string): SplitPage {
    const pieces = html.split(splitter);
    return {
      status,
      fixed: pieces.filter((_piece, index) => index % 2 === 0).map((piece) => Buffer.from(piece)),
      slots: pieces.filter((_piece, index) => index % 2 === 1).map((piece) => slotOf.get(piece) as Slot),
    };
  }

  function toCached(page: SplitPage, effort: CompressionEffort): CachedPage {
    if (page.slots.length > 0) {
      return { kind: 'personal', page, gzip: createSplicedGzip(page.fixed, effort === 'thorough' ? 9 : 6) };
    }
    const encoded = encodePage(page.fixed[0] as Buffer, effort, (error) =>
      options.logger.error({ err: error }, 'page compression failed'),
    );
    return { kind: 'fixed', status: page.status, encoded };
  }

  /** This response's values for the page's slots; the token (and its cookies) only where a form is. */
  function slotValues(req: Request, res: Response, slots: readonly Slot[]): Buffer[] {
    let token: Buffer | undefined;
    return slots.map((slot) => {
      if (slot === 'csrf') {
        token ??= Buffer.from(options.csrf.issueToken(req, res));
        return token;
      }
      // A fresh one-time submission key per page served, for the forms posted without JavaScript.
      return Buffer.from(slot === 'nonce' ? cspNonce(res) : randomUUID());
    });
  }

  function sendFixed(req: Request, res: Response, status: number, encoded: EncodedPage) {
    const { encoding, representation } = pickRepresentation(encoded, acceptedEncodings(req));
    skipCompression(res);
    res.status(status);
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': FIXED_CACHE_CONTROL,
      Vary: 'Accept-Encoding',
    });
    if (encoding !== 'identity') res.set('Content-Encoding', encoding);
    // A 304 only stands for a page that exists: the 404 page is sent whole.
    if (status === 200) {
      res.set('ETag', representation.etag);
      if (req.fresh) return void res.status(304).end();
    }
    res.set('Content-Length', String(representation.body.length));
    res.end(req.method === 'HEAD' ? undefined : representation.body);
  }

  /** A page with per-request values; `gzip` is the spliced encoder when the page is cached. */
  function sendPersonal(
    req: Request,
    res: Response,
    page: SplitPage,
    gzip: SplicedGzip | null,
    cacheControl = 'private, no-cache',
  ) {
    const values = slotValues(req, res, page.slots);
    res.status(page.status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl });
    if (gzip && acceptedEncodings(req).gzip) {
      skipCompression(res);
      const body = Buffer.concat(gzip.encode(values));
      res.set({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', 'Content-Length': String(body.length) });
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }
    // Uncached (development, a flash, a form with errors) or a client without gzip: the compression
    // middleware encodes it as it goes out.
    const body = Buffer.concat(
      page.fixed.flatMap((part, index) => (index < values.length ? [part, values[index] as Buffer] : [part])),
    );
    res.send(body);
  }

  function send(req: Request, res: Response, entry: CachedPage) {
    if (entry.kind === 'fixed') return sendFixed(req, res, entry.status, entry.encoded);
    sendPersonal(req, res, entry.page, entry.gzip);
  }

  async function render(
    outcome: Extract<QueryOutcome, { kind: 'page' }>,
    entry: SsrEntry,
    extra: { flash: Flash | null; form: FormState | null; url: string | null },
    log: Logger,
  ): Promise<string> {
    return entry.render(outcome, {
      now: clock(),
      site: options.siteData.data,
      publicUrl: options.publicUrl,
      assets: options.assets.forRoutes(outcome.routeModules),
      ...(options.nonce ? { nonce: placeholders.nonce } : {}),
      csrfToken: placeholders.csrf,
      submissionKey: placeholders.key,
      ...extra,
      onError: (error) => log.error({ err: error }, 'render error'),
    });
  }

  const clock = options.now ?? (() => new Date());
  /**
   * The year is part of the key (the footer's copyright line ends with it). The pages with estimates
   * (the calculators and the quote form, all under /pricing) also key on the shop's date and the day an
   * approval counts from, which change at midnight and at the cut-off on the shop's clock: their dates
   * follow, and the other pages keep their entries.
   */
  const keyOf = (url: string) => {
    const now = clock();
    const terms = options.siteData.data['order-terms'];
    const day = datedPage.test(url) ? `${shopTime(now, terms.timeZone).date}>${approvalDay(now, terms)}|` : '';
    return `${options.siteData.version}|${now.getUTCFullYear()}|${day}${url}`;
  };
  // Addresses seen to be unknown (a scanner's /wp-login.php, an old link): answered with the shared 404
  // page without routing again. Only their keys are kept, a megabyte of them at most, apart from the
  // pages, so no number of strangers' addresses pushes a page out.
  const missing = new LRUCache<string, true>({ maxSize: 1024 * 1024, sizeCalculation: (_value, key) => key.length });
  /** The cached answer for this key: its page, or the 404 page for an address known to be unknown. */
  const lookup = (key: string) => cache.get(key) ?? (missing.has(key) ? cache.get(keyOf(NOT_FOUND_KEY)) : undefined);

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return next(
        createHttpError(405, 'Pages can only be read: use GET or HEAD.', { headers: { Allow: 'GET, HEAD' } }),
      );
    }
    // A page carrying a flash message is this visitor's alone: rendered for them, never cached.
    const flash = options.flash.take(req, res) ?? null;
    const cacheable = options.cache && flash === null;
    const key = keyOf(req.originalUrl);
    const hit = cacheable ? lookup(key) : undefined;
    if (hit) {
      options.onCache?.('hit');
      return send(req, res, hit);
    }
    if (cacheable) options.onCache?.('miss');

    const entry = await options.loadEntry();
    const outcome = await entry.query(toFetchRequest(req, res, options.publicUrl));
    if (outcome.kind === 'response') return sendFetchResponse(res, outcome.response);
    const notFoundKey = keyOf(NOT_FOUND_KEY);
    if (outcome.status === 404 && cacheable) missing.set(key, true);
    const cached = outcome.status === 404 && cacheable ? cache.get(notFoundKey) : undefined;
    if (cached) return send(req, res, cached);

    const page = split(outcome.status, await render(outcome, entry, { flash, form: null, url: null }, req.log));
    if (!cacheable || (outcome.status !== 200 && outcome.status !== 404)) {
      return sendPersonal(req, res, page, null, flash ? 'private, no-store' : 'private, no-cache');
    }
    const own = outcome.status === 404 || ownPaths.has(req.originalUrl);
    const fresh = toCached(page, own ? 'thorough' : 'quick');
    cache.set(outcome.status === 404 ? notFoundKey : key, fresh);
    send(req, res, fresh);
  };

  const cachedPages: RequestHandler = (req, res, next) => {
    if (!options.cache || (req.method !== 'GET' && req.method !== 'HEAD') || options.flash.has(req)) return next();
    const hit = lookup(keyOf(req.originalUrl));
    if (!hit) return next();
    options.onCache?.('hit');
    send(req, res, hit);
  };

  // The app's own parser, further on, finds the cookies parsed and leaves them.
  const parseCookies = cookieParser();
  const earlyCachedPages: RequestHandler = (req, res, next) => {
    // Cookies are not parsed yet: any cookie that so much as names a flash goes the long way, which reads it.
    if (!options.cache || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.cookie?.includes('flash')) {
      return next();
    }
    const hit = lookup(keyOf(req.originalUrl));
    if (hit?.kind === 'fixed') {
      options.onCache?.('hit');
      return sendFixed(req, res, hit.status, hit.encoded);
    }
    // Not through the compression middleware, which has nothing to do for spliced gzip: with it in the
    // path, about 9 kB of each request's objects were promoted to the old generation under load, and
    // scavenges took 10-30 ms (the form page's p99); without it, nothing is promoted.
    if (hit?.kind !== 'personal' || !acceptedEncodings(req).gzip) return next();
    parseCookies(req, res, (error?: unknown) => {
      if (error) return next(error);
      options.onCache?.('hit');
      sendPersonal(req, res, hit.page, hit.gzip);
    });
  };

  async function renderForm(req: Request, res: Response, { path, form, status }: FormPage) {
    const entry = await options.loadEntry();
    const outcome = await entry.query(new Request(`${options.publicUrl}${path}`, { headers: { accept: 'text/html' } }));
    if (outcome.kind !== 'page') throw new Error(`The form page ${path} did not render as a page`);
    const html = await render(outcome, entry, { flash: null, form, url: path }, req.log);
    // Holds what the visitor typed: no cache may keep it.
    sendPersonal(req, res, split(status, html), null, 'no-store');
  }

  async function warm() {
    if (!options.cache) return;
    const entry = await options.loadEntry();
    // One at a time: at start the first visitors' requests go between them.
    for (const path of ownPaths) {
      const key = keyOf(path);
      if (cache.has(key)) continue;
      const outcome = await entry.query(
        new Request(`${options.publicUrl}${path}`, { headers: { accept: 'text/html' } }),
      );
      if (outcome.kind !== 'page' || outcome.status !== 200) continue;
      const html = await render(outcome, entry, { flash: null, form: null, url: null }, options.logger);
      if (!cache.has(key)) cache.set(key, toCached(split(outcome.status, html), 'thorough'));
    }
  }

  return { middleware, cachedPages, earlyCachedPages, renderForm, warm };
}
