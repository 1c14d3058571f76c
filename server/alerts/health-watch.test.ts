import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAILY_BACKUP_JOB } from '#server/jobs/daily-backup-job.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import {
  backends,
  isoFromNow,
  openTestStorage,
  runSql,
  type TestStorage,
  testStoresOf,
} from '#tests/support/test-storage.ts';
import { type HealthWatch, type HealthWatchOptions, startHealthWatch } from './health-watch.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const GB = 1024 ** 3;

/** The error lines an alert rule would match, as [alert, command]. */
function alerts(lines: Record<string, unknown>[]) {
  return lines.filter((line) => line.level === 50 && 'alert' in line).map((line) => [line.alert, line.command]);
}

function cleared(lines: Record<string, unknown>[]) {
  return lines.filter((line) => line.level === 30 && 'cleared' in line).map((line) => line.cleared);
}

const started: HealthWatch[] = [];
const opened: TestStorage[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((watch) => watch.stop()));
  await Promise.all(opened.splice(0).map((storage) => storage.close().catch(() => undefined)));
});

/** What the watch reads: the database handle and two stores. */
type Watched = Pick<HealthWatchOptions, 'database' | 'outbox' | 'jobs'>;

/** A watch on a clock the test moves: `clock.ms` past the real time at start. */
function watch(stores: Watched, overrides: Partial<HealthWatchOptions> = {}) {
  const memory = memoryLogger();
  const start = Date.now();
  const clock = { ms: 0 };
  const health = startHealthWatch({
    database: stores.database,
    outbox: stores.outbox,
    jobs: stores.jobs,
    logger: memory.logger,
    databaseDir: '/srv/seenwear/var',
    diskFreeFloorBytes: 0,
    mailConfigured: true,
    // Never by the timer in these tests: each check is called.
    everyMs: HOUR_MS,
    now: () => new Date(start + clock.ms),
    ...overrides,
  });
  started.push(health);
  return { health, clock, lines: memory.lines };
}

describe.each(backends)('health watch on %s', (backend) => {
  async function storageFor(now?: () => Date) {
    const storage = await openTestStorage(backend, now ? { now } : {});
    opened.push(storage);
    return storage;
  }

  async function sendOne(storage: TestStorage) {
    const claimed = await storage.outbox.claimNotification(60_000);
    if (!claimed) throw new Error('nothing to send');
    await storage.outbox.markNotificationSent(claimed);
  }

  it('alerts mail_stalled once messages have waited 30 minutes with none sent, hourly while it lasts, and clears when mail goes out', async () => {
    // Received two hours ago (the save's clock), by the watch's clock.
    const storage = await storageFor(() => new Date(Date.now() - 2 * HOUR_MS));
    await storage.submissions.saveSubmission({
      kind: 'contact',
      name: 'Lee',
      email: 'lee@example.com',
      payload: {},
      files: [],
    });
    const { health, clock, lines } = watch(storage);

    await health.check();
    expect(alerts(lines)).toEqual([['mail_stalled', 'npm run db -- status']]);
    expect(lines.at(-1)).toMatchObject({ level: 50, pending: 2, lastSentAt: null, mailConfigured: true });
    expect(String(lines.at(-1)?.msg)).toContain('check SMTP_URL');

    // Every 5 minutes for the next hour: no more lines.
    for (clock.ms = 5 * MINUTE_MS; clock.ms < HOUR_MS; clock.ms += 5 * MINUTE_MS) await health.check();
    expect(alerts(lines)).toHaveLength(1);
    clock.ms = HOUR_MS;
    await health.check();
    expect(alerts(lines)).toHaveLength(2);
    expect(lines.at(-1)).toMatchObject({ alert: 'mail_stalled', ongoing: true });

    // One goes out (the database's clock: now), the other still waits: mail flows again.
    await sendOne(storage);
    clock.ms = 0;
    await health.check();
    expect(cleared(lines)).toEqual(['mail_stalled']);
    expect(alerts(lines)).toHaveLength(2);

    // Nothing sent for 40 minutes since, while the second still waits: stalled again, a new alert.
    clock.ms = 40 * MINUTE_MS;
    await health.check();
    expect(alerts(lines)).toHaveLength(3);
    expect(lines.at(-1)).not.toHaveProperty('ongoing');
    expect(JSON.stringify(lines)).not.toContain('@example.com');

    await sendOne(storage);
    await health.check();
    expect(cleared(lines)).toEqual(['mail_stalled', 'mail_stalled']);
  });

  it('does not call fresh mail stalled, and says so when SMTP_URL is not set', async () => {
    const storage = await storageFor(() => new Date(Date.now() - 20 * MINUTE_MS));
    await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Lee',
      email: 'lee@example.com',
      payload: {},
      files: [],
    });
    const { health, clock, lines } = watch(storage, { mailConfigured: false });
    await health.check();
    expect(alerts(lines)).toEqual([]);
    clock.ms = 11 * MINUTE_MS;
    await health.check();
    expect(alerts(lines)).toEqual([['mail_stalled', 'npm run db -- status']]);
    expect(String(lines.at(-1)?.msg)).toContain('SMTP_URL is not set');
  });

  it('alerts backup_stale 26 hours without a successful backup, with the last error, and clears after one', async () => {
    const storage = await storageFor();
    const { health, clock, lines } = watch(storage);
    // Never backed up: counted from the start.
    clock.ms = 25 * HOUR_MS;
    await health.check();
    expect(alerts(lines)).toEqual([]);
    clock.ms = 27 * HOUR_MS;
    await health.check();
    expect(alerts(lines)).toEqual([['backup_stale', 'npm run db -- backup FILE']]);
    expect(lines.at(-1)).toMatchObject({ lastSuccessAt: null, lastError: null });

    // The job ran and failed: the repeat an hour later says why.
    const claim = await storage.jobs.claimScheduledJob(DAILY_BACKUP_JOB, {
      intervalMs: 24 * HOUR_MS,
      leaseMs: HOUR_MS,
    });
    if (!claim) throw new Error('not claimed');
    await storage.jobs.finishScheduledJob(claim, { error: 'pg_dump failed: no space left on device' });
    clock.ms = 28 * HOUR_MS;
    await health.check();
    expect(alerts(lines)).toHaveLength(2);
    expect(lines.at(-1)).toMatchObject({ ongoing: true, lastError: 'pg_dump failed: no space left on device' });

    // A success 25 hours before the watch's now: fresh enough.
    await runSql(storage.location, 'update scheduled_jobs set last_success_at = $1, last_error = null', [
      isoFromNow(3 * HOUR_MS),
    ]);
    await health.check();
    expect(cleared(lines)).toEqual(['backup_stale']);
  });

  it('alerts database_unreachable while the database does not answer, skipping the checks that need it, and clears', async () => {
    const storage = await storageFor();
    let current: TestStorage = storage;
    const view: Watched = {
      database: { ping: () => current.database.ping() },
      outbox: {
        outboxDepth: () => current.outbox.outboxDepth(),
        lastMailSentAt: () => current.outbox.lastMailSentAt(),
      },
      jobs: { scheduledJobStatus: (name) => current.jobs.scheduledJobStatus(name) },
    };
    const { health, lines } = watch(view);
    await health.check();
    expect(lines).toEqual([]);

    await storage.close();
    await health.check();
    expect(alerts(lines)).toEqual([['database_unreachable', 'npm run db -- status']]);
    // Only the alert: not a warning per check that could not read.
    expect(lines).toHaveLength(1);

    current = testStoresOf(await openDatabase(storage.location), storage.location);
    opened.push(current);
    await health.check();
    expect(cleared(lines)).toEqual(['database_unreachable']);
  });
});

describe('health watch: disk', () => {
  const storage: Watched = {
    database: { ping: async () => {} },
    outbox: {
      outboxDepth: async () => ({ pending: 0, failed: 0, oldestPendingAt: null }),
      lastMailSentAt: async () => null,
    },
    jobs: { scheduledJobStatus: async () => undefined },
  };

  it('alerts disk_low below the floor with the folder to look into, and clears above it', async () => {
    let free = 0.5 * GB;
    const seen: string[] = [];
    const { health, lines } = watch(storage, {
      diskFreeFloorBytes: GB,
      readFree: async (dir) => {
        seen.push(dir);
        return free;
      },
    });
    await health.check();
    expect(seen).toEqual(['/srv/seenwear/var']);
    expect(alerts(lines)).toEqual([['disk_low', 'du -sh /srv/seenwear/var/*']]);
    expect(lines.at(-1)).toMatchObject({ freeBytes: 0.5 * GB, floorBytes: GB, dir: '/srv/seenwear/var' });
    free = 2 * GB;
    await health.check();
    expect(cleared(lines)).toEqual(['disk_low']);
  });

  it('does not read the disk when the floor is 0, and warns (no alert) when it cannot', async () => {
    const reads: string[] = [];
    const off = watch(storage, {
      readFree: async (dir) => {
        reads.push(dir);
        return 0;
      },
    });
    await off.health.check();
    expect(reads).toEqual([]);
    const broken = watch(storage, {
      diskFreeFloorBytes: GB,
      readFree: async () => {
        throw new Error('EIO');
      },
    });
    await broken.health.check();
    expect(alerts(broken.lines)).toEqual([]);
    expect(broken.lines).toMatchObject([{ level: 40, check: 'disk_low', error: 'EIO' }]);
  });

  it('checks by itself every interval until stopped', async () => {
    const { health, lines } = watch(storage, { diskFreeFloorBytes: GB, readFree: async () => 0, everyMs: 20 });
    await vi.waitFor(() => expect(alerts(lines)).toHaveLength(1));
    await health.stop();
    const count = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines).toHaveLength(count);
  });
});
