import type { Request } from 'express';

/** The encodings a page or data file is kept in, ours preferred in this order on ties. */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Accept-Encoding values seen lately and what they allow; browsers send a handful of distinct ones. */
const accepted = new Map<string, { br: boolean; gzip: boolean }>();
/** A client that varies the header on every request cannot grow the memo past this. */
const MEMO_MAX = 64;

/**
 * What this request's Accept-Encoding allows, parsed by Express (q-values, `*`, `;q=0`) once per
 * distinct header value rather than on every request.
 */
export function acceptedEncodings(req: Request): { br: boolean; gzip: boolean } {
  const header = req.headers['accept-encoding'] ?? '';
  const known = accepted.get(header);
  if (known) return known;
  const result = { br: req.acceptsEncodings('br') === 'br', gzip: req.acceptsEncodings('gzip') === 'gzip' };
  if (accepted.size >= MEMO_MAX) accepted.clear();
  accepted.set(header, result);
  return result;
}
