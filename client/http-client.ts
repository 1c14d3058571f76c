/**
 * The site's HTTP client, on the platform's fetch: JSON accept header, any 2xx is success,
 * no time-out, and the anti-forgery header X-XSRF-TOKEN copied from the XSRF-TOKEN cookie. The public
 * pages are the same bytes for everyone and set no cookie, so before its first unsafe request a browser
 * that has none asks GET CSRF_TOKEN_PATH for one.
 */
import { CSRF_ERROR_CODE, CSRF_HEADER, CSRF_TOKEN_PATH } from '#shared/csrf-contract.ts';
import { isRecord } from '#shared/is-record.ts';
import { readCsrfToken } from './csrf-cookie.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown, url: string) {
    super(`${url} answered ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** A 2xx whose body could not be read (cut off, or not the JSON it claimed): the request did succeed. */
export class UnreadableBodyError extends Error {
  readonly status: number;
  constructor(status: number, url: string, cause: unknown) {
    super(`${url} answered ${status} with a body that could not be read`, { cause });
    this.name = 'UnreadableBodyError';
    this.status = status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: Record<string, unknown> | FormData;
  signal?: AbortSignal;
  /** Extra request headers (the form's Idempotency-Key). */
  headers?: Record<string, string> | undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  return response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
}

/** One exchange: the request as options describe it, with the token the cookies hold right now. */
async function exchange(target: URL, options: RequestOptions): Promise<{ response: Response; payload: unknown }> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  // The token goes to this site only, never to another origin.
  const token = target.origin === window.location.origin ? readCsrfToken() : undefined;
  if (token) headers.set(CSRF_HEADER, token);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  if (body !== undefined) init.body = body;
  if (options.signal) init.signal = options.signal;
  const response = await fetch(target, init);
  try {
    return { response, payload: await readBody(response) };
  } catch (cause) {
    // The status still tells what happened: a refusal stays a refusal, and a success stays one.
    if (!response.ok) throw new HttpError(response.status, undefined, target.pathname);
    throw new UnreadableBodyError(response.status, target.pathname, cause);
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One renewal at a time: requests sent together wait for the same answer instead of each asking. */
let renewal: Promise<boolean> | null = null;

/** Asks the server for a fresh token cookie; true when it answered with one. */
function renewToken(): Promise<boolean> {
  renewal ??= fetch(CSRF_TOKEN_PATH, { credentials: 'same-origin', cache: 'no-store' })
    .then((response) => response.ok)
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

/** The server's 403 for a token that expired (or a cookie the browser dropped): nothing was done. */
function refusedForToken(response: Response, payload: unknown): boolean {
  return response.status === 403 && isRecord(payload) && payload.error === CSRF_ERROR_CODE;
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const target = new URL(url, window.location.href);
  const ownSite = target.origin === window.location.origin;
  // No cookie yet (no public page sets one): get one first, so the request carries its token.
  // A failed renewal is not fatal here: the request goes out and the server's answer says what happened.
  if (ownSite && unsafeMethods.has(options.method ?? 'GET') && readCsrfToken() === undefined) {
    await renewToken().catch(() => false);
  }
  let { response, payload } = await exchange(target, options);
  // A form left open longer than a token lives (12 hours) is sent again once with a fresh token, so
  // what the visitor typed is not lost to a "reload the page".
  if (ownSite && refusedForToken(response, payload) && (await renewToken())) {
    ({ response, payload } = await exchange(target, options));
  }
  if (!response.ok) throw new HttpError(response.status, payload, target.pathname);
  return payload as T;
}
