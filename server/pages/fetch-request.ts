import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import createHttpError from 'http-errors';
import { originForm } from '#server/http/request-target.ts';

/**
 * Express request -> Fetch Request, for React Router's static handler. The origin is the configured
 * public one, never the Host header nor the host of an absolute-form target ("GET http://host/x"):
 * only the target's path and query are appended, as text, so that "//host/x" stays a path.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, origin: string): Request {
  const controller = new AbortController();
  // Abort loaders when the visitor goes away before the answer is sent.
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const path = originForm(req.originalUrl);
  // requestTarget (server/http/request-target.ts) answers these first; a page is never built from one.
  if (path === undefined) throw createHttpError(400, 'The request must name a path on this site, such as /.');
  return new Request(`${origin}${path}`, { method: req.method, headers, signal: controller.signal });
}
