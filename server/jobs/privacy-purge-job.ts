import type { Logger } from 'pino';
import type { Storage } from '#server/storage/types.ts';
import { retentionCutoff, SUBMISSION_RETENTION_MONTHS } from '#shared/submissions/retention.ts';
import type { DailyJob } from './daily-job.ts';

/** What the purge needs: the storage, the log, and for tests a clock. */
export interface PrivacyPurgeOptions {
  storage: Pick<Storage, 'deleteSubmissionsBefore'>;
  logger: Logger;
  now?: () => Date;
}

/**
 * The privacy policy's promise as a daily job: deletes the submissions older than
 * SUBMISSION_RETENTION_MONTHS, whatever their mail's state, and tells the operators what went. Those
 * never mailed to the shop get a warning with their references: the shop may never have seen them.
 */
export function privacyPurgeJob({ storage, logger, now = () => new Date() }: PrivacyPurgeOptions): DailyJob {
  return {
    name: 'privacy-purge',
    async run(signal) {
      const cutoff = retentionCutoff(now());
      const { deleted, neverMailedToShop, walTruncated } = await storage.deleteSubmissionsBefore(cutoff, { signal });
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
      if (walTruncated === false) {
        logger.warn(
          { job: 'privacy-purge' },
          'privacy purge: the SQLite write-ahead log could not be emptied (another process was reading), so it may still hold deleted rows; the next purge tries again',
        );
      }
    },
  };
}
