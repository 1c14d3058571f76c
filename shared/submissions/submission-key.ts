/**
 * The one-time submission key every form carries: the same key sent twice, from a double click, a retry after
 * a lost answer, or through another instance, is answered with the first reference and stores nothing new.
 * Forms without JavaScript carry it as a hidden field the server fills in per page; the JavaScript client
 * sends it as a header too, and keeps it until the form is sent.
 */
export const SUBMISSION_KEY_FIELD = '_submission_key';
/** The header name of the IETF draft "The Idempotency-Key HTTP Header Field". */
export const SUBMISSION_KEY_HEADER = 'Idempotency-Key';

/** 16 to 128 URL-safe characters: a UUID (with its dashes) or any random token of that alphabet. */
export function isSubmissionKey(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(value);
}

/**
 * A new key: 128 random bits as hex. getRandomValues, not randomUUID, because the browser offers
 * randomUUID only on https:// and localhost, and a form must also work on a plain-http preview.
 */
export function newSubmissionKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
