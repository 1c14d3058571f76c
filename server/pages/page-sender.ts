import type { Request, Response } from 'express';
import fresh from 'fresh';
import type { Logger } from 'pino';
import { skipCompression } from '#server/http/response-compression.ts';
import { acceptedEncodings } from './content-encoding.ts';
import { type CompressionEffort, type EncodedPage, encodePage, pickRepresentation } from './encoded-page.ts';
import type { CachedPage } from './page-cache.ts';

type PersonalPage = Extract<CachedPage, { kind: 'personal' }>;

import type { PageSlots, SplitPage } from './page-slots.ts';
import { createSplicedBrotli } from './spliced-brotli.ts';
import { createSplicedGzip } from './spliced-gzip.ts';

/**
 * Fixed pages are the same for everyone, so shared caches may keep them, and browsers revalidate each
 * time (a 304 when the ETag still matches), so a data change shows at once.
 */
const FIXED_CACHE_CONTROL = 'public, no-cache';
const HTML = 'text/html; charset=utf-8';

/** How rendered pages are encoded for the cache and sent: fixed bytes with ETags, or spliced per response. */
export function createPageSender({ slots, logger }: { slots: PageSlots; logger: Logger }) {
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

  /** A page with per-request values; `encoders` splice them into its compressed forms when it is cached. */
  function sendPersonal(
    req: Request,
    res: Response,
    page: SplitPage,
    encoders: Pick<PersonalPage, 'gzip' | 'br'> | null,
    cacheControl = 'private, no-cache',
  ) {
    const values = slots.valuesFor(res, page.slots);
    // Node's own setHeader: Express's res.set parses the content type again on every call.
    res.statusCode = page.status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', cacheControl);
    const accepts = acceptedEncodings(req);
    // Brotli first (smaller), once made; gzip meanwhile, or for a client that takes no brotli.
    const br = encoders && accepts.br ? encoders.br.encode(values) : null;
    const chunks = br ?? (encoders && accepts.gzip ? encoders.gzip.encode(values) : null);
    if (chunks) {
      skipCompression(res);
      const body = Buffer.concat(chunks);
      res.setHeader('Content-Encoding', br ? 'br' : 'gzip');
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Content-Length', body.length);
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }
    // Uncached (development, a flash, a form with errors) or a client without gzip: the compression
    // middleware encodes it as it goes out.
    const body = Buffer.concat(
      page.fixed.flatMap((part, index) => (index < values.length ? [part, values[index] as Buffer] : [part])),
    );
    res.send(body);
  }

  /**
   * A cached page answered in one write, its headers given whole: `head` holds what every answer
   * carries (the security headers, the request id), which the pipeline would otherwise set one by one.
   * False, with nothing written, for what needs more than the cache holds: a form page for a client
   * that takes neither gzip nor a brotli still being made (the compression middleware encodes it).
   */
  function answerCached(req: Request, res: Response, entry: CachedPage, head: string[]): boolean {
    const accepts = acceptedEncodings(req);
    const body = req.method === 'HEAD' ? undefined : null;
    if (entry.kind === 'fixed') {
      const { encoding, representation } = pickRepresentation(entry.encoded, accepts);
      head.push('Content-Type', HTML, 'Cache-Control', FIXED_CACHE_CONTROL, 'Vary', 'Accept-Encoding');
      if (encoding !== 'identity') head.push('Content-Encoding', encoding);
      // A 304 only stands for a page that exists: the 404 page is sent whole.
      if (entry.status === 200) {
        head.push('ETag', representation.etag);
        if (fresh(req.headers, { etag: representation.etag })) {
          res.writeHead(304, head).end();
          return true;
        }
      }
      head.push('Content-Length', String(representation.body.length));
      res.writeHead(entry.status, head).end(body === null ? representation.body : body);
      return true;
    }
    if (!accepts.gzip && !(accepts.br && entry.br.ready())) return false;
    const values = slots.valuesFor(res, entry.page.slots);
    // Brotli first (smaller), once made for these values' lengths; gzip meanwhile.
    const br = accepts.br ? entry.br.encode(values) : null;
    if (!br && !accepts.gzip) return false;
    const encoded = Buffer.concat(br ?? entry.gzip.encode(values));
    head.push('Content-Type', HTML, 'Cache-Control', 'private, no-cache', 'Vary', 'Accept-Encoding');
    head.push('Content-Encoding', br ? 'br' : 'gzip', 'Content-Length', String(encoded.length));
    res.writeHead(entry.page.status, head).end(body === null ? encoded : body);
    return true;
  }

  return {
    sendFixed,
    sendPersonal,
    answerCached,

    send(req: Request, res: Response, entry: CachedPage) {
      if (entry.kind === 'fixed') return sendFixed(req, res, entry.status, entry.encoded);
      sendPersonal(req, res, entry.page, entry);
    },

    /** A rendered page made ready to keep: compressed once (thoroughly for the site's own pages). */
    toCached(page: SplitPage, effort: CompressionEffort): CachedPage {
      if (page.slots.length > 0) {
        const thorough = effort === 'thorough';
        return {
          kind: 'personal',
          page,
          gzip: createSplicedGzip(page.fixed, thorough ? 9 : 6),
          br: createSplicedBrotli(page.fixed, {
            quality: thorough ? 11 : 5,
            onError: (error) => logger.error({ err: error }, 'page compression failed'),
          }),
        };
      }
      const encoded = encodePage(page.fixed[0] as Buffer, effort, (error) =>
        logger.error({ err: error }, 'page compression failed'),
      );
      return { kind: 'fixed', status: page.status, encoded };
    },
  };
}
