import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import createHttpError, { isHttpError } from 'http-errors';
import { CSRF_ERROR_CODE } from '#shared/csrf-contract.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import { redactUrl } from './redact-url.ts';

/** What a visitor is told for each client mistake: what happened and what to do about it. */
const clientMessages: Record<number, string> = {
  400: 'The request could not be understood. Check the address and try again.',
  403: 'This request was refused.',
  404: 'Nothing is here.',
  405: 'That method is not allowed here.',
  413: 'The request is too large.',
  415: 'That kind of content is not accepted here.',
};
/**
 * What a visitor is told when body-parser could not read a body: its own messages quote JSON.parse or
 * the visitor's own charset back, which tells an attacker which library runs and tells a person nothing.
 */
const bodyMessages: Record<number, string> = {
  400: 'The request body could not be read. Send the form again.',
  413: 'The request is too large.',
  415: 'That kind of content or character set is not accepted here.',
};
const CSRF_MESSAGE =
  'Your session token is missing or has expired, so the request was refused to protect you. Reload the page and try again.';
const SERVER_MESSAGE = 'Something went wrong on our side. Please try again in a moment, or call us.';

/** Rejects addresses that cannot be decoded or that smuggle a NUL byte, before any route sees them. */
export const rejectMalformedUrl: RequestHandler = (req, _res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    return next(createHttpError(400, 'The address contains malformed percent-encoding.'));
  }
  if (decoded.includes('\0')) return next(createHttpError(400, 'The address contains a NUL character.'));
  next();
};

/** A small page for errors met before React renders (CSRF, body limits, bad addresses). */
function errorPage(status: number, message: string, stylesheets: readonly string[], backTo?: string): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return `<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error ${status}</title><meta name="robots" content="noindex">${links}</head><body class="min-h-screen bg-stone-50 text-stone-900 flex items-center justify-center p-6"><main class="max-w-lg text-center"><p class="text-sm font-semibold uppercase tracking-wide text-brand-700">Error ${status}</p><h1 class="mt-2 text-2xl font-bold">${escapeHtml(message)}</h1><p class="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2">${backTo ? `<a class="font-semibold text-brand-700 underline" href="${escapeHtml(backTo)}">Back to the form</a>` : ''}<a class="font-semibold text-brand-700 underline" href="/">Go to the home page</a></p></main></body></html>`;
}

/** Set by a form endpoint: where a visitor who posted without JavaScript can go back to. */
export const BACK_TO_LOCAL = 'backTo';

function send(res: Response, status: number, code: string, message: string, stylesheets: readonly string[]) {
  res.status(status);
  res.set('Cache-Control', 'no-store');
  const backTo = res.locals[BACK_TO_LOCAL] as string | undefined;
  res.format({
    'application/json': () => res.json({ error: code, message }),
    'text/html': () => res.type('html').send(errorPage(status, message, stylesheets, backTo)),
    default: () => res.type('text').send(`${message}\n`),
  });
}

/** Whether the request came with a body that nothing has read to its end (refused on its headers, say). */
function hasUnreadBody(req: Request): boolean {
  const length = req.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
  return hasBody && !req.readableEnded;
}

/**
 * The last handler: a client's mistake gets its 4xx and a useful message, a fault of ours a 500 with
 * the details in the log only. Nothing reaches a visitor as a stack trace.
 */
export function errorHandler(stylesheets: () => readonly string[]): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    // A body refused before it was read (an upload without a desk session, over its rate limit, to a
    // wrong link) is not read now either: the connection closes after the answer instead of draining
    // megabytes while it stays open.
    if (hasUnreadBody(req)) res.set('Connection', 'close');
    if (isHttpError(error) && error.code === 'EBADCSRFTOKEN') {
      req.log.warn(
        { reason: 'csrf', method: req.method, path: redactUrl(req.path) },
        'refused: CSRF token missing or invalid',
      );
      return send(res, 403, CSRF_ERROR_CODE, CSRF_MESSAGE, stylesheets());
    }
    const status = isHttpError(error) ? error.status : 500;
    // A refusal we chose to explain (503: too many uploads at once; 507: the disk is low) keeps its message;
    // whoever raised it logged it.
    if (status >= 500 && isHttpError(error) && error.expose) {
      return send(res, status, `http_${status}`, error.message, stylesheets());
    }
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return send(res, status, 'server_error', SERVER_MESSAGE, stylesheets());
    }
    // body-parser marks its errors with a type such as "entity.parse.failed" or "charset.unsupported".
    const fromBodyParser = isHttpError(error) && typeof (error as { type?: unknown }).type === 'string';
    const message = fromBodyParser
      ? (bodyMessages[status] ?? 'The request body could not be read.')
      : isHttpError(error) && error.expose && /[a-z]/.test(error.message)
        ? error.message
        : (clientMessages[status] ?? 'The request was refused.');
    if (status === 405 && isHttpError(error) && error.headers?.Allow) res.set('Allow', error.headers.Allow);
    send(res, status, `http_${status}`, message, stylesheets());
  };
}
