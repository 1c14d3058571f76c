import type { Request, Response } from 'express';
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

  return {
    sendFixed,
    sendPersonal,

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
