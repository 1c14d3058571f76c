/** SMTP errors can carry a whole transcript; the operator needs the gist. */
const maxErrorLength = 1_000;

export function checkDelay(ms: number) {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`a delay must be a number of milliseconds ≥ 0, not ${ms}`);
}

export function clip(error: string) {
  return error.length > maxErrorLength ? `${error.slice(0, maxErrorLength - 1)}…` : error;
}

// SQLite reads a negative LIMIT as "no limit": a caller's bug would fetch the whole table.
export function checkLimit(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number ≥ 0, not ${limit}`);
}
