import type { FieldErrors } from '../../shared/submissions/form-values.ts';
import { HttpError, request } from '../http-client.ts';
import { loadSchemaChecks } from './load-schema-checks.ts';

/** What came of sending a form, in the terms the page shows it. */
export type SendOutcome =
  | { kind: 'sent'; reference: string; message: string }
  /** The server refused some fields (422): shown beside them like the browser's own checks. */
  | { kind: 'invalid'; message: string; fields: FieldErrors }
  /** Any other refusal: the visitor's input stays, with the server's reason. */
  | { kind: 'refused'; status: number; message: string; fields: FieldErrors }
  /** Nothing reached the server, or nothing came back. */
  | { kind: 'offline'; message: string };

export const OFFLINE_MESSAGE = 'Could not send: check your connection; nothing was lost, try again.';

/** For answers without a message of their own (a proxy's error page, say). */
const fallbackMessages: Record<number, string> = {
  400: 'We could not read the form. Reload the page and try again.',
  403: 'Your session has expired. Reload the page and send the form again; what you typed is still here.',
  413: 'The form is too large: attach at most 5 files of up to 10 MB each, 25 MB in all.',
  415: 'One of the files is not a type we accept: use PNG, JPEG, SVG, PDF, AI or EPS.',
  422: 'Some fields need your attention.',
  429: 'Too many requests from your connection. Wait a few minutes, then try again.',
};

function fallbackMessage(status: number): string {
  return (
    fallbackMessages[status] ??
    'Something went wrong on our side and nothing was sent. Try again in a moment, or call or e-mail us.'
  );
}

/** Posts the form's data with fetch (the CSRF header comes from the HTTP client) and reads the answer. */
export async function sendForm(url: string, body: FormData): Promise<SendOutcome> {
  // Loaded already by the form's own checks; should it have failed, an answer is read as if unreadable.
  const schemas = loadSchemaChecks().catch(() => undefined);
  try {
    const created = await request<unknown>(url, { method: 'POST', body });
    const answer = (await schemas)?.createdAnswer.safeParse(created);
    // A 2xx means it is stored, whatever the body looks like: never ask the visitor to send it twice.
    return answer?.success
      ? { kind: 'sent', reference: answer.data.reference, message: answer.data.message ?? '' }
      : { kind: 'sent', reference: '', message: '' };
  } catch (error) {
    if (!(error instanceof HttpError)) return { kind: 'offline', message: OFFLINE_MESSAGE };
    const parsed = (await schemas)?.refusalAnswer.safeParse(error.body);
    const message = (parsed?.success ? parsed.data.message : undefined) ?? fallbackMessage(error.status);
    const fields = (parsed?.success ? parsed.data.fields : undefined) ?? {};
    if (error.status === 422 && Object.keys(fields).length > 0) return { kind: 'invalid', message, fields };
    return { kind: 'refused', status: error.status, message, fields };
  }
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Toasts take HTML; text from a form or a server goes in as text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}
