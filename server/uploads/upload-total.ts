import createHttpError, { type HttpError } from 'http-errors';
import { ARTWORK_MAX_TOTAL_BYTES } from '#shared/submissions/artwork.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';

/**
 * The 413 for files that together come to more than one request may carry, or undefined when they fit.
 * The parser lets one file through up to that whole total, so the sum is judged once every file is read.
 */
export function uploadTotalRefusal(files: readonly { size: number }[]): HttpError | undefined {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total <= ARTWORK_MAX_TOTAL_BYTES) return undefined;
  return createHttpError(
    413,
    `The files come to ${formatBytes(total)}; together they may be at most ${formatBytes(ARTWORK_MAX_TOTAL_BYTES)}.`,
  );
}
