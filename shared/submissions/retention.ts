/**
 * How long the shop keeps quote requests and messages: the privacy policy says so (its page reads this
 * constant), the server's daily purge and the operators' `purge` command delete what is older.
 */
export const SUBMISSION_RETENTION_MONTHS = 12;

/**
 * How long an order's record is kept (a quote the customer approved, or one with a payment): the years
 * the privacy policy promises for tax purposes. The purge deletes those only once this old.
 */
export const ORDER_RETENTION_YEARS = 7;

/**
 * The first instant still kept on `now`'s day: midnight UTC, SUBMISSION_RETENTION_MONTHS calendar months
 * back. From midnight, not from the moment the purge runs, so every run on one day deletes the same
 * submissions whatever the hour; 29 February falls back to 1 March.
 */
export function retentionCutoff(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - SUBMISSION_RETENTION_MONTHS, now.getUTCDate()));
}

/** The first instant an order's record is still kept on `now`'s day: midnight UTC, ORDER_RETENTION_YEARS back. */
export function orderRetentionCutoff(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - ORDER_RETENTION_YEARS, now.getUTCMonth(), now.getUTCDate()));
}

/** The first instant the books of a purged request are still kept on `now`'s day: midnight UTC, `years` back. */
export function booksRetentionCutoff(now: Date, years: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
}
