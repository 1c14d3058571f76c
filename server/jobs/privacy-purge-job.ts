import type { Logger } from 'pino';
import type { BooksStore } from '#server/books/books-store.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import type { SubmissionStore } from '#server/submissions/submission-store.ts';
import {
  booksRetentionCutoff,
  orderRetentionCutoff,
  retentionCutoff,
  SUBMISSION_RETENTION_MONTHS,
} from '#shared/submissions/retention.ts';
import type { DailyJob } from './daily-job.ts';

/** What the purge needs: the stores it deletes from, the log, and for tests a clock. */
export interface PrivacyPurgeOptions {
  submissions: Pick<SubmissionStore, 'deleteSubmissionsBefore'>;
  desk: Pick<DeskStore, 'deleteStaleSignIns'>;
  /** The books of purged requests, and the years they are kept (the BOOKS_RETENTION_YEARS setting). */
  books?: { store: Pick<BooksStore, 'deleteBefore'>; retentionYears: number };
  logger: Logger;
  now?: () => Date;
}

/**
 * The privacy policy's promise as a daily job: deletes the submissions older than
 * SUBMISSION_RETENTION_MONTHS, whatever their mail's state, and tells the operators what went; orders
 * (an approved quote, a payment) stay ORDER_RETENTION_YEARS, as the policy says, for tax. Those
 * never mailed to the shop get a warning with their references: the shop may never have seen them.
 * Staff sign-in links, sessions and sign-in mails go a day after their end: nothing of sign-in
 * outlives its use in the database (or its backups).
 */
export function privacyPurgeJob({
  submissions,
  desk,
  books,
  logger,
  now = () => new Date(),
}: PrivacyPurgeOptions): DailyJob {
  return {
    name: 'privacy-purge',
    async run(signal) {
      const at = now();
      const cutoff = retentionCutoff(at);
      // First: the submissions' purge then empties SQLite's write-ahead log of both.
      const signIns = await desk.deleteStaleSignIns();
      const { deleted, neverMailedToShop, walTruncated } = await submissions.deleteSubmissionsBefore(cutoff, {
        signal,
        ordersBefore: orderRetentionCutoff(at),
      });
      const before = cutoff.toISOString();
      logger.info(
        { job: 'privacy-purge', before, deleted, neverMailedToShop: neverMailedToShop.length },
        `privacy purge: deleted ${deleted} submission${deleted === 1 ? '' : 's'} older than ${SUBMISSION_RETENTION_MONTHS} months`,
      );
      if (neverMailedToShop.length > 0) {
        logger.warn(
          { job: 'privacy-purge', before, references: neverMailedToShop },
          'privacy purge deleted submissions never mailed to the shop: the shop may never have seen them',
        );
      }
      logger.info(
        { job: 'privacy-purge', ...signIns },
        `privacy purge: deleted ${signIns.links} used or expired sign-in link${signIns.links === 1 ? '' : 's'}, ${signIns.sessions} ended session${signIns.sessions === 1 ? '' : 's'} and ${signIns.mails} sign-in mail${signIns.mails === 1 ? '' : 's'}`,
      );
      if (books) {
        // The purge above kept its requests' books, names emptied; these go only past the tax years.
        const booksCutoff = booksRetentionCutoff(at, books.retentionYears);
        const gone = await books.store.deleteBefore(booksCutoff);
        logger.info(
          { job: 'privacy-purge', booksBefore: booksCutoff.toISOString(), ...gone },
          `privacy purge: deleted ${gone.invoices} invoice${gone.invoices === 1 ? '' : 's'} and ${gone.entries} money record${gone.entries === 1 ? '' : 's'} of purged requests older than ${books.retentionYears} years`,
        );
      }
      if (walTruncated === false) {
        logger.warn(
          { job: 'privacy-purge' },
          'privacy purge: the SQLite write-ahead log could not be emptied (another process was reading), so it may still hold deleted rows; the next purge tries again',
        );
      }
    },
  };
}
