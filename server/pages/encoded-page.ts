import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { ContentEncoding } from './content-encoding.ts';

/** One encoding of a page, ready to send, with a strong validator of its own (RFC 9110, 8.8.3). */
export interface Representation {
  body: Buffer;
  etag: string;
}

/** A page that is the same bytes for every visitor, kept in each encoding it is sent in. */
export interface EncodedPage {
  identity: Representation;
  gzip: Representation;
  /** Null until brotli is ready (compressed in the background for thorough pages); gzip is sent meanwhile. */
  br: Representation | null;
}

/**
 * How hard to compress. `thorough` is for the site's own pages, a fixed set: brotli at quality 11
 * costs about 90 ms of CPU for a page, so it runs in the background (on libuv's thread pool) once per
 * page and data version. `quick` is for addresses anyone can invent (query strings): a few
 * milliseconds, so no stranger can buy 90 ms of CPU with a new query.
 */
export type CompressionEffort = 'thorough' | 'quick';

const QUICK_BROTLI_QUALITY = 5;
const QUICK_GZIP_LEVEL = 6;

/** Encodes `html` once: identity and gzip now, brotli now (quick) or in the background (thorough). */
export function encodePage(
  html: Buffer,
  effort: CompressionEffort,
  onError: (error: Error) => void = () => undefined,
): EncodedPage {
  // The tags tell representations apart and change with any byte of the page (data changes included).
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  const page: EncodedPage = {
    identity: { body: html, etag: `"${hash}"` },
    gzip: {
      body: gzipSync(html, { level: effort === 'thorough' ? 9 : QUICK_GZIP_LEVEL }),
      etag: `"${hash}-gz"`,
    },
    br: null,
  };
  const params = { [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length };
  if (effort === 'quick') {
    const body = brotliCompressSync(html, {
      params: { ...params, [zlibConstants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI_QUALITY },
    });
    page.br = { body, etag: `"${hash}-br"` };
  } else {
    brotliCompress(html, { params: { ...params, [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }, (error, body) => {
      if (error) return onError(error);
      page.br = { body, etag: `"${hash}-br"` };
    });
  }
  return page;
}

/** The representation to send for what the client accepts: brotli, then gzip, then the bytes as they are. */
export function pickRepresentation(
  page: EncodedPage,
  accepts: { br: boolean; gzip: boolean },
): { encoding: ContentEncoding; representation: Representation } {
  if (accepts.br && page.br) return { encoding: 'br', representation: page.br };
  if (accepts.gzip) return { encoding: 'gzip', representation: page.gzip };
  return { encoding: 'identity', representation: page.identity };
}
