import type { Logger } from 'pino';
import { backupDirectory, runDailyBackup } from '#server/storage/daily-backup.ts';
import type { StorageLocation } from '#server/storage/open-database.ts';
import type { DailyJob } from './daily-job.ts';

/** Its row in `scheduled_jobs`: the health watch reads that row's last success for `backup_stale`. */
export const DAILY_BACKUP_JOB = 'daily-backup';

/**
 * How long one instance holds the backup: three hours, not the purge's one. A pg_dump of a database
 * full of artwork over a slow link can take long, and a second instance starting a second dump meanwhile
 * would only double the load. Still under the 6 hours after which the retention deletes a crashed
 * run's partial file, so a live run's file is never taken for a crashed one's.
 */
export const DAILY_BACKUP_LEASE_MS = 3 * 60 * 60_000;

/** What the daily backup needs: the database to copy, where the backups go, the log, and for tests a clock. */
export interface DailyBackupJobOptions {
  location: StorageLocation;
  /** DATABASE_DIR: the backups go to its `backups` folder, with PostgreSQL too (the instance's disk). */
  databaseDir: string;
  logger: Logger;
  now?: () => Date;
}

/**
 * The daily backup as a job for startDailyJob: one instance a day writes
 * `$DATABASE_DIR/backups/submissions-YYYY-MM-DD.(sqlite|pgdump)` and applies the retention. A failure is
 * logged by runDailyBackup (`alert: "backup_failed"`) and thrown, so the scheduler records it and tries again
 * at its next check. The shutdown stops a copy in progress (pg_dump or the SQLite worker): its partial file
 * is removed and the next start takes the day's backup again.
 */
export function dailyBackupJob({ location, databaseDir, logger, now }: DailyBackupJobOptions): DailyJob {
  return {
    name: DAILY_BACKUP_JOB,
    async run(signal) {
      await runDailyBackup(backupDirectory(databaseDir), { location, logger, signal, ...(now ? { now } : {}) });
    },
  };
}
