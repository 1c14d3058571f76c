import { CSRF_COOKIE, CSRF_SESSION_COOKIE, CSRF_TOKEN_PATH, csrfCookieNames } from '#shared/csrf-contract.ts';
import { SUBMISSION_KEY_FIELD } from '#shared/submissions/submission-key.ts';
import { cookieJar } from './cookie-jar.ts';

/**
 * The session and CSRF cookies a visitor's browser client gets from a running server before its first
 * post (pages set none), and the token its scripts would echo: what the load scripts post with.
 */
export async function liveVisitorSession(url: string): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${url}${CSRF_TOKEN_PATH}`);
  if (!response.ok) throw new Error(`GET ${CSRF_TOKEN_PATH} answered ${response.status}`);
  await response.arrayBuffer();
  const cookies = cookieJar(response.headers.getSetCookie().map((line) => line.split(';')[0] ?? ''));
  // A production server sets the __Host- names, a development one the bare ones.
  const names = csrfCookieNames(cookies.has(csrfCookieNames(true).session));
  const sid = cookies.get(names.session);
  const token = cookies.get(names.token);
  if (!sid || !token) {
    throw new Error(
      `GET ${CSRF_TOKEN_PATH} set no ${CSRF_SESSION_COOKIE} and ${CSRF_COOKIE} cookies (got ${[...cookies.keys()]})`,
    );
  }
  return { cookie: `${names.session}=${sid}; ${names.token}=${token}`, token: decodeURIComponent(token) };
}

/** Who sends a scripted quote request, what it says in its comments, and the PNG it carries. */
export interface ScriptedQuote {
  name: string;
  email: string;
  comments: string;
  file: Buffer;
  fileName: string;
  /** The form's one-time submission key, when the run checks repeats. */
  key?: string;
}

/** A valid 24-piece, two-colour screen-printing quote request with one PNG, as the quote form posts it. */
export function quoteFormData(quote: ScriptedQuote): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: quote.name,
    email: quote.email,
    phone: '(555) 010-0123',
    service: 'screen-printing',
    garment: 'gildan-5000',
    garmentColor: 'White',
    qtyM: '24',
    loc1: 'front',
    loc1Colors: '2',
    delivery: 'pickup',
    comments: quote.comments,
    ...(quote.key === undefined ? {} : { [SUBMISSION_KEY_FIELD]: quote.key }),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('artwork', new Blob([new Uint8Array(quote.file)], { type: 'image/png' }), quote.fileName);
  return form;
}
