import type { Logger } from 'pino';
import { DAILY_BACKUP_JOB } from '#server/jobs/daily-backup-job.ts';
import type { JobStore } from '#server/jobs/job-store.ts';
import type { OutboxStore } from '#server/mail/outbox-store.ts';
import { type AlertTracker, createAlertTracker } from '#server/metrics/alert-tracker.ts';
import type { Database } from '#server/storage/database.ts';
import { freeBytes } from '#server/uploads/free-space.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Mail counts as stalled when none has gone out for 30 minutes while messages wait. */
const MAIL_STALLED_AFTER_MS = 30 * MINUTE_MS;
/** A day and two hours: a daily backup an hour or so late (the scheduler checks hourly) is not yet stale. */
const BACKUP_STALE_AFTER_MS = 26 * HOUR_MS;
/** A database that takes longer than this to answer `select 1` is as good as unreachable for visitors. */
const DATABASE_ANSWER_MS = 5_000;

/** What the watch reads, and where. */
export interface HealthWatchOptions {
  database: Pick<Database, 'ping'>;
  outbox: Pick<OutboxStore, 'outboxDepth' | 'lastMailSentAt'>;
  jobs: Pick<JobStore, 'scheduledJobStatus'>;
  logger: Logger;
  /** DATABASE_DIR: the SQLite file and, on either database, the daily backups live on its disk. */
  databaseDir: string;
  /** DISK_FREE_FLOOR_MB in bytes; 0 turns the disk check off. */
  diskFreeFloorBytes: number;
  /** Whether SMTP_URL is set: without it, mail waits by design, and the alert says so. */
  mailConfigured: boolean;
  /** How often the checks run: 5 minutes unless a test says otherwise. */
  everyMs?: number;
  /** While an alert lasts, it is logged again after this long: an hour. */
  repeatEveryMs?: number;
  /** For tests: the clock, and the free bytes under a folder. */
  now?: () => Date;
  readFree?: (dir: string) => Promise<number>;
}

/** A started watch. */
export interface HealthWatch {
  /** Runs every check once now (the timer does this every `everyMs`); never rejects. */
  check(): Promise<void>;
  /** No more checks; resolves once the one in progress has ended. */
  stop(): Promise<void>;
}

/**
 * The alerts that need a periodic look, on every instance: the database unreachable from here, free
 * space under DATABASE_DIR below the floor, mail not sent for 30 minutes while messages wait, and no
 * successful daily backup for 26 hours. Mail and backup are read from the shared database, so every
 * instance sees the same answer: an alert does not depend on which instance holds a lease or is still
 * alive, at the price of one line per instance (two cheap reads each per check). Each alert is an error
 * line with `alert` and `command` (alert-tracker.ts). The first check runs one interval after start:
 * a server back after a long stop gets its overdue backup taken before it is called stale. Timers are
 * unref'd: they never keep the process alive.
 */
export function startHealthWatch(options: HealthWatchOptions): HealthWatch {
  const { database, outbox, jobs, logger, databaseDir, diskFreeFloorBytes, mailConfigured } = options;
  const now = options.now ?? (() => new Date());
  const readFree = options.readFree ?? ((dir: string) => freeBytes(dir));
  const everyMs = options.everyMs ?? 5 * MINUTE_MS;
  const tracker = createAlertTracker({
    logger,
    now,
    ...(options.repeatEveryMs ? { repeatEveryMs: options.repeatEveryMs } : {}),
  });
  // Before the first recorded backup, the 26 hours count from this process's start.
  const startedAt = now().getTime();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function checkAll() {
    const databaseUp = await checkDatabase(database, tracker);
    // Without the database, the two reads below would fail too: their alerts keep their state.
    if (databaseUp) {
      await guarded(logger, 'mail_stalled', () => checkMail(outbox, tracker, now(), mailConfigured));
      await guarded(logger, 'backup_stale', () => checkBackup(jobs, tracker, now(), startedAt));
    }
    await guarded(logger, 'disk_low', () => checkDisk(readFree, tracker, databaseDir, diskFreeFloorBytes));
  }

  const check = () => {
    running ??= checkAll().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void check().finally(schedule);
    }, everyMs);
    timer.unref();
  };
  schedule();

  return {
    check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** A check that could not run is a warning, not an alert: its alert keeps its state until one can. */
async function guarded(logger: Logger, alert: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    logger.warn(
      { check: alert, error: error instanceof Error ? error.message : String(error) },
      `health check ${alert} could not run; it runs again at the next check`,
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function checkDatabase(database: HealthWatchOptions['database'], tracker: AlertTracker): Promise<boolean> {
  try {
    await withTimeout(database.ping(), DATABASE_ANSWER_MS);
    tracker.clear('database_unreachable');
    return true;
  } catch (error) {
    tracker.raise({
      alert: 'database_unreachable',
      command: 'npm run db -- status',
      message:
        'database unreachable: submissions cannot be stored and /readyz answers 503; check that PostgreSQL runs and DATABASE_URL is right (or the disk under DATABASE_DIR for SQLite)',
      details: { error: error instanceof Error ? error.message : String(error) },
    });
    return false;
  }
}

async function checkMail(
  outbox: HealthWatchOptions['outbox'],
  tracker: AlertTracker,
  at: Date,
  mailConfigured: boolean,
) {
  const depth = await withTimeout(outbox.outboxDepth(), DATABASE_ANSWER_MS);
  const waitedMs = depth.oldestPendingAt ? at.getTime() - depth.oldestPendingAt.getTime() : 0;
  if (waitedMs < MAIL_STALLED_AFTER_MS) {
    tracker.clear('mail_stalled');
    return;
  }
  // Read only now: it scans the outbox, and mail waiting 30 minutes is rare.
  const lastSentAt = await withTimeout(outbox.lastMailSentAt(), DATABASE_ANSWER_MS);
  if (lastSentAt && at.getTime() - lastSentAt.getTime() < MAIL_STALLED_AFTER_MS) {
    tracker.clear('mail_stalled');
    return;
  }
  tracker.raise({
    alert: 'mail_stalled',
    command: 'npm run db -- status',
    message: mailConfigured
      ? 'mail stalled: no notification sent for 30 minutes while messages wait; check SMTP_URL and the mail server (the "notification not sent" lines say why); mail goes out by itself once SMTP works'
      : 'mail stalled: SMTP_URL is not set, so no notification is sent; set SMTP_URL, MAIL_FROM and SHOP_EMAIL and restart, and the waiting mail goes out',
    details: {
      pending: depth.pending,
      oldestPendingAt: depth.oldestPendingAt?.toISOString(),
      lastSentAt: lastSentAt?.toISOString() ?? null,
      mailConfigured,
    },
  });
}

async function checkBackup(jobs: HealthWatchOptions['jobs'], tracker: AlertTracker, at: Date, startedAt: number) {
  const status = await withTimeout(jobs.scheduledJobStatus(DAILY_BACKUP_JOB), DATABASE_ANSWER_MS);
  const lastSuccess = status?.lastSuccessAt?.getTime() ?? null;
  if (at.getTime() - (lastSuccess ?? startedAt) < BACKUP_STALE_AFTER_MS) {
    tracker.clear('backup_stale');
    return;
  }
  tracker.raise({
    alert: 'backup_stale',
    command: 'npm run db -- backup FILE',
    message:
      'backup stale: no daily backup has succeeded for 26 hours; take one now with npm run db -- backup FILE (on a disk with room) and read its error: disk full, pg_dump missing or older than the server',
    details: {
      lastSuccessAt: status?.lastSuccessAt?.toISOString() ?? null,
      lastStartedAt: status?.lastStartedAt?.toISOString() ?? null,
      lastError: status?.lastError ?? null,
    },
  });
}

async function checkDisk(
  readFree: (dir: string) => Promise<number>,
  tracker: AlertTracker,
  dir: string,
  floorBytes: number,
) {
  if (floorBytes <= 0) return;
  const free = await readFree(dir);
  if (free >= floorBytes) {
    tracker.clear('disk_low');
    return;
  }
  tracker.raise({
    alert: 'disk_low',
    command: `du -sh ${dir}/*`,
    message:
      'disk low: free space under DATABASE_DIR is below DISK_FREE_FLOOR_MB; uploads are refused and backups may fail; copy old backups off the machine and delete them from DATABASE_DIR/backups, or grow the disk',
    details: { dir, freeBytes: free, floorBytes },
  });
}
