import compression from 'compression';
import type { RequestHandler, Response } from 'express';

/**
 * Answers already encoded by their handler (cached pages) are marked, so the compression middleware
 * neither encodes them again nor, for a client that accepts only deflate, re-encodes a body whose
 * strong ETag names the identity bytes.
 */
export function skipCompression(res: Response): void {
  res.locals.preEncoded = true;
}

/** The compression middleware for what is made per request (JSON answers, error pages, one-off pages). */
export function responseCompression(): RequestHandler {
  return compression({
    filter: (req, res) => (res as Response).locals.preEncoded !== true && compression.filter(req, res),
  });
}
