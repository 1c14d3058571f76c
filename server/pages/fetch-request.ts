import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * Express request -> Fetch Request, for React Router's static handler. The origin is the configured
 * public one, never the Host header, and the path is appended as text so that "//host/x" stays a path.
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
  return new Request(`${origin}${req.originalUrl}`, { method: req.method, headers, signal: controller.signal });
}
