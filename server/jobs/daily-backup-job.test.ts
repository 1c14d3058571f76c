import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '#server/storage/open-database.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { backends, openTestStorage, type TestStorage, testStoresOf } from '#tests/support/test-storage.ts';
import { DAILY_BACKUP_JOB, DAILY_BACKUP_LEASE_MS, dailyBackupJob } from './daily-backup-job.ts';
import { type DailyJobScheduler, startDailyJob } from './daily-job.ts';

describe.each(backends)('dailyBackupJob on %s', (backend) => {
  const opened: TestStorage[] = [];
  const started: DailyJobScheduler[] = [];
  const folders: string[] = [];

  afterEach(async () => {
    await Promise.all(started.splice(0).map((scheduler) => scheduler.stop()));
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  /** A DATABASE_DIR of one instance: with PostgreSQL, where that instance's backups go. */
  async function instanceDir() {
    const folder = await mkdtemp(join(tmpdir(), 'seenwear-instance-'));
    folders.push(folder);
    return folder;
  }

  it('backs up once a day on one instance of two, into that instance’s DATABASE_DIR/backups, and records it', {
    timeout: 30_000,
  }, async () => {
    const storage = await openTestStorage(backend);
    opened.push(storage);
    const other = testStoresOf(await openDatabase(storage.location), storage.location);
    opened.push(other);
    await storage.submissions.saveSubmission({
      kind: 'contact',
      name: 'Lee',
      email: 'lee@example.com',
      payload: {},
      files: [],
    });
    // SQLite instances share the database's folder; PostgreSQL ones each have their own disk.
    const dirs =
      'databaseDir' in storage.location
        ? [storage.location.databaseDir, storage.location.databaseDir]
        : [await instanceDir(), await instanceDir()];
    const logs = [memoryLogger(), memoryLogger()];
    const now = () => new Date('2026-11-23T03:00:00Z');
    [storage, other].forEach((instance, index) => {
      const { logger } = logs[index] as ReturnType<typeof memoryLogger>;
      const databaseDir = dirs[index] as string;
      const job = dailyBackupJob({ location: storage.location, databaseDir, logger, now });
      started.push(
        startDailyJob({
          job,
          jobs: instance.jobs,
          logger,
          leaseMs: DAILY_BACKUP_LEASE_MS,
          checkEveryMs: 20,
          jitterMs: 0,
        }),
      );
    });

    await vi.waitFor(
      async () => expect((await storage.jobs.scheduledJobStatus(DAILY_BACKUP_JOB))?.lastSuccessAt).toBeInstanceOf(Date),
      {
        timeout: 20_000,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extension = backend === 'sqlite' ? 'sqlite' : 'pgdump';
    const written = dirs
      .filter((dir, index) => dirs.indexOf(dir) === index)
      .flatMap((dir) =>
        (existsSync(join(dir, 'backups')) ? readdirSync(join(dir, 'backups')) : []).map((name) =>
          join(dir, 'backups', name),
        ),
      )
      .filter((file) => file.endsWith(`submissions-2026-11-23.${extension}`));
    expect(written).toHaveLength(1);
    const lines = logs.flatMap((log) => log.lines);
    expect(lines.filter((line) => line.msg === `daily backup written to ${written[0]}`)).toHaveLength(1);
    expect(lines.filter((line) => line.msg === 'scheduled job done' && line.job === DAILY_BACKUP_JOB)).toHaveLength(1);
    expect(await storage.jobs.scheduledJobStatus(DAILY_BACKUP_JOB)).toMatchObject({ lastError: null });
  });

  it('records a failed backup with its error and no success, so the health watch can say why', async () => {
    const storage = await openTestStorage(backend);
    opened.push(storage);
    const databaseDir = await instanceDir();
    const { logger, lines } = memoryLogger();
    const location =
      backend === 'sqlite'
        ? { databaseDir: join(databaseDir, 'no-database-here') }
        : { databaseUrl: 'postgres://postgres@127.0.0.1:1/none' };
    started.push(
      startDailyJob({
        job: dailyBackupJob({ location, databaseDir, logger }),
        jobs: storage.jobs,
        logger,
        checkEveryMs: 60_000,
        jitterMs: 0,
      }),
    );
    await vi.waitFor(
      async () => expect((await storage.jobs.scheduledJobStatus(DAILY_BACKUP_JOB))?.lastError).toBeTruthy(),
      {
        timeout: 10_000,
      },
    );
    expect(await storage.jobs.scheduledJobStatus(DAILY_BACKUP_JOB)).toMatchObject({ lastSuccessAt: null });
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, alert: 'backup_failed' }));
  });
});
