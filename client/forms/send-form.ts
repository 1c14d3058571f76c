import { HttpError, request, UnreadableBodyError } from '#client/http-client.ts';
import { isRecord } from '#shared/is-record.ts';
import type { FieldErrors } from '#shared/submissions/form-values.ts';
import { SUBMISSION_KEY_FIELD, SUBMISSION_KEY_HEADER } from '#shared/submissions/submission-key.ts';

/** What came of sending a form, in the terms the page shows it. */
export type SendOutcome =
  /** `link`: a quote request's private page (a path of this site), when the server gave one. */
  | {
      kind: 'sent';
      reference: string;
      message: string;
      link?: string;
      confirmationSkipped?: boolean;
      mockups?: ('front' | 'back')[];
    }
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
  415: 'The form could not be sent in this format. Reload the page and try again.',
  422: 'Some fields need your attention.',
  429: 'Too many requests from your connection. Wait a few minutes, then try again.',
};

function fallbackMessage(status: number): string {
  return (
    fallbackMessages[status] ??
    'Something went wrong on our side and nothing was sent. Try again in a moment, or call or e-mail us.'
  );
}

/**
 * The endpoints' answers, read with plain checks rather than the on-demand zod chunk: reading an
 * answer must never depend on a download. A proxy or an old server may answer otherwise.
 */
function readCreated(body: unknown): {
  reference: string;
  message: string;
  link?: string;
  confirmationSkipped?: boolean;
  mockups?: ('front' | 'back')[];
} {
  if (!isRecord(body) || typeof body.reference !== 'string') return { reference: '', message: '' };
  // Only a path of this site is ever followed from here.
  const link =
    typeof body.link === 'string' && /^\/requests\/[\w/-]+(#group)?$/.test(body.link) ? body.link : undefined;
  return {
    reference: body.reference,
    message: typeof body.message === 'string' ? body.message : '',
    ...(link ? { link } : {}),
    // The address's daily limit of confirmations was reached: the panel must not promise one.
    ...(body.confirmation === 'skipped' ? { confirmationSkipped: true } : {}),
    ...(Array.isArray(body.mockups)
      ? { mockups: body.mockups.filter((view): view is 'front' | 'back' => view === 'front' || view === 'back') }
      : {}),
  };
}

function readRefusal(body: unknown): { message: string | undefined; fields: FieldErrors } {
  if (!isRecord(body)) return { message: undefined, fields: {} };
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  const fields = isRecord(body.fields)
    ? Object.fromEntries(
        Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};
  return { message, fields };
}

/**
 * Posts the form's data with fetch (the CSRF header comes from the HTTP client) and reads the answer.
 * `submissionKey` goes as the Idempotency-Key header and the hidden field: the caller keeps it for every
 * try of one submission, so a try whose answer was lost is answered with the first reference.
 */
export async function sendForm(url: string, body: FormData, submissionKey?: string): Promise<SendOutcome> {
  try {
    if (submissionKey !== undefined) body.set(SUBMISSION_KEY_FIELD, submissionKey);
    const headers = submissionKey === undefined ? undefined : { [SUBMISSION_KEY_HEADER]: submissionKey };
    // A 2xx means it is stored, whatever the body looks like: never ask the visitor to send it twice.
    return { kind: 'sent', ...readCreated(await request<unknown>(url, { method: 'POST', body, headers })) };
  } catch (error) {
    if (error instanceof UnreadableBodyError) return { kind: 'sent', reference: '', message: '' };
    if (!(error instanceof HttpError)) return { kind: 'offline', message: OFFLINE_MESSAGE };
    const refusal = readRefusal(error.body);
    const message = refusal.message ?? fallbackMessage(error.status);
    if (error.status === 422 && Object.keys(refusal.fields).length > 0) {
      return { kind: 'invalid', message, fields: refusal.fields };
    }
    return { kind: 'refused', status: error.status, message, fields: refusal.fields };
  }
}
