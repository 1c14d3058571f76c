import type { Response } from 'express';
import createHttpError, { type HttpError } from 'http-errors';
import type { LimitStore } from '#server/http/limit-store.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';

/** The budget's window: a day, so a person who sends much artwork one day can send more the next. */
const UPLOAD_BUDGET_WINDOW_MS = 24 * 60 * 60 * 1000;

/** "about 5 hours", "about 20 minutes": when the visitor may send again, as a person would say it. */
function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `about ${Math.round(minutes / 60)} hours`;
}

/**
 * Counts a post's artwork bytes against its client's daily budget, or answers the 429 to send (with
 * Retry-After set on `res`) when they would pass it. Counted before the save so that two instances
 * cannot both let the last megabytes through; the caller gives them back when nothing is stored.
 */
export async function spendUploadBudget(
  limits: Pick<LimitStore, 'spendUploadBytes'>,
  key: string,
  bytes: number,
  limitBytes: number,
  res: Response,
): Promise<HttpError | undefined> {
  const spend = await limits.spendUploadBytes(key, bytes, { limitBytes, windowMs: UPLOAD_BUDGET_WINDOW_MS });
  if (spend.spent) return undefined;
  const waitMs = Math.max(0, spend.resetAt.getTime() - Date.now());
  res.set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
  return createHttpError(
    429,
    `These files would take your connection past ${formatBytes(limitBytes)} of artwork in 24 hours, the most we accept. Nothing was stored: send the form again in ${waitInWords(waitMs)}, or e-mail the files to us.`,
  );
}
