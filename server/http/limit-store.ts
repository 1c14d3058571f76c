/** Limits counted in the database, so every instance on it counts into the same rows. */

/** How many artwork bytes one client may have stored per window (the daily upload budget). */
interface UploadBudget {
  limitBytes: number;
  windowMs: number;
}

/** What spending from an upload budget answers: counted, or refused with the end of the window. */
type UploadSpend = { spent: true } | { spent: false; resetAt: Date };

/** Rate limits and the daily upload budget. */
export interface LimitStore {
  /**
   * Counts one hit for `key` in its window (a new window of `windowMs` from the database's clock once
   * the last one has run out) and returns the hits so far and when the window ends. Every instance on
   * the same database counts into the same row.
   */
  countHit(key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }>;
  /** The hits counted for `key` in its current window; 0 when none is running. Writes nothing. */
  hitsOf(key: string): Promise<number>;
  /** Takes one hit back (never below zero), or forgets the key altogether. */
  uncountHit(key: string, options?: { all?: boolean }): Promise<void>;
  /**
   * Counts `bytes` of artwork against `key`'s budget in one atomic statement, or counts nothing and
   * answers when the window ends if that would pass `limitBytes`. A window of `windowMs` starts (by the
   * database's clock) at the first bytes after the last one ran out. Every instance on the same database
   * counts into the same row, so two uploads at once cannot both slip past the limit.
   */
  spendUploadBytes(key: string, bytes: number, budget: UploadBudget): Promise<UploadSpend>;
  /** Gives bytes back (never below zero): they were counted, then not stored after all. */
  refundUploadBytes(key: string, bytes: number): Promise<void>;
}
