import express, { type Request, type RequestHandler, type Response } from 'express';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { type Csrf, csrfError, isUnsafeMethod } from './csrf.ts';

/**
 * The largest urlencoded or JSON body read: room for the studio's design (MAX_DESIGN_JSON_BYTES, 128 KB
 * of JSON) with the rest of the quote form, urlencoding up to tripling its quotes and braces. A larger
 * body is refused unread (413).
 */
const FORM_BODY_LIMIT = '512kb';

/** An unsafe route that may be sent without the token: one that proves where its requests come from otherwise. */
export interface CsrfExemption {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The exact path (as req.path gives it). */
  path: string;
  /** Why it cannot carry the token, and what stands in its place. */
  why: string;
}

/**
 * The only unsafe routes the gate lets through without a token. An exempt request's body is not parsed
 * here, so such a route reads the raw body its signature covers.
 */
export const CSRF_EXEMPTIONS: readonly CsrfExemption[] = [
  {
    method: 'POST',
    path: '/webhooks/stripe',
    why:
      'Stripe posts its events from its own servers, which hold no visitor’s token: the Stripe-Signature ' +
      'over the raw body (server/payments/stripe-webhook.ts) is checked in its place.',
  },
];

/** What the gate asks of the upload routes: whether a multipart post goes to one that checks its form's token. */
interface UploadRoutes {
  readsTokenFromForm(req: Request, res: Response): Promise<boolean>;
}

/**
 * The anti-forgery check, mounted before every router so it fails closed: a route added anywhere after
 * it is protected unless CSRF_EXEMPTIONS names it. In order:
 * 1. a token in the header is judged before the body is read (a wrong one is refused unread);
 * 2. form and JSON bodies are parsed (a form posted without JavaScript carries its token as a field);
 * 3. an unsafe request is refused (403) unless it holds a valid token or, without the header, the
 *    browser vouches that the site's own page sent it (csrf.ts, browser-origin.ts); except a multipart
 *    post, without a header, to an upload route: those routes parse the body themselves and run the
 *    same check before its first file (server/uploads/upload-guard.ts).
 */
export function csrfGate(options: {
  csrf: Csrf;
  uploads: UploadRoutes;
  exemptions?: readonly CsrfExemption[];
}): RequestHandler[] {
  const { csrf, uploads, exemptions = CSRF_EXEMPTIONS } = options;
  const exempt = (req: Request) =>
    exemptions.some((exemption) => exemption.method === req.method && exemption.path === req.path);
  const unlessExempt =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      exempt(req) ? next() : handler(req, res, next);

  const check: RequestHandler = async (req, res, next) => {
    if (!isUnsafeMethod(req.method) || csrf.admits(req)) return next();
    const fromForm =
      req.get(CSRF_HEADER) === undefined &&
      typeof req.is('multipart/form-data') === 'string' &&
      (await uploads.readsTokenFromForm(req, res));
    if (fromForm) return next();
    next(csrfError());
  };

  return [
    unlessExempt(csrf.protectBeforeBody),
    unlessExempt(express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT, parameterLimit: 200 })),
    unlessExempt(express.json({ limit: FORM_BODY_LIMIT })),
    unlessExempt(check),
  ];
}
