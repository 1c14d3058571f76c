import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { backupDirectory, backupsToKeep, lastBackup, runDailyBackup } from './daily-backup.ts';

const DAY_MS = 24 * 60 * 60_000;

function days(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    new Date(new Date(`${from}T00:00:00Z`).getTime() + index * DAY_MS).toISOString().slice(0, 10),
  );
}

describe('backupsToKeep', () => {
  it('keeps the newest 7 days and the newest backup of each of the newest 4 weeks', () => {
    // 2026-11-01 is a Sunday; 2026-11-30 a Monday.
    const kept = [...backupsToKeep(days('2026-11-01', 30))].sort();
    expect(kept).toEqual([
      // Newest of the weeks starting 11-09 and 11-16 (the weeks of 11-23 and 11-30 are among the dailies).
      '2026-11-15',
      '2026-11-22',
      ...days('2026-11-24', 7),
    ]);
  });

  it('counts weeks that have a backup, not calendar weeks, and keeps everything when there are few', () => {
    expect([...backupsToKeep(['2026-01-05', '2026-03-02', '2026-06-01'])].sort()).toEqual([
      '2026-01-05',
      '2026-03-02',
      '2026-06-01',
    ]);
    const sparse = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'];
    expect([...backupsToKeep(sparse, { daily: 1, weekly: 4 })].sort()).toEqual(sparse.slice(2));
  });
});

describe.each(backends)('runDailyBackup on %s', (backend) => {
  let folder: string;
  let storage: Awaited<ReturnType<typeof openTestStorage>>;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'seenwear-daily-'));
    storage = await openTestStorage(backend);
    await storage.submissions.saveSubmission({
      kind: 'contact',
      name: 'Lee',
      email: 'lee@example.com',
      payload: {},
      files: [],
    });
  });

  afterEach(async () => {
    await storage.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('writes one backup a day named by the date, keeps 7 daily and 4 weekly, and logs each', {
    timeout: 60_000,
  }, async () => {
    const { location } = storage;
    const dir = backupDirectory(folder);
    const extension = backend === 'sqlite' ? 'sqlite' : 'pgdump';
    const { logger, lines } = memoryLogger();
    // Someone else's file in the folder is never touched.
    let now = new Date('2026-11-01T03:00:00Z');
    const run = () => runDailyBackup(dir, { location, logger, now: () => now });
    await run();
    writeFileSync(join(dir, 'notes.txt'), 'keep me');

    for (const day of days('2026-11-02', 29)) {
      now = new Date(`${day}T03:00:00Z`);
      const result = await run();
      expect(result.file).toBe(join(dir, `submissions-${day}.${extension}`));
    }
    const expected = [...backupsToKeep(days('2026-11-01', 30))].sort().map((day) => `submissions-${day}.${extension}`);
    expect(readdirSync(dir).sort()).toEqual([...expected, 'notes.txt'].sort());

    const written = lines.filter(
      (line) => line.msg === `daily backup written to ${join(dir, `submissions-2026-11-30.${extension}`)}`,
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 30, file: join(dir, `submissions-2026-11-30.${extension}`) });
    // The deletions are in the line of the run that made them.
    const deletions = lines.flatMap((line) => (Array.isArray(line.deleted) ? (line.deleted as string[]) : []));
    expect(deletions).toHaveLength(30 - expected.length);

    // A second run the same day replaces that day's file, and lastBackup finds the newest.
    const again = await run();
    expect(again.deleted).toEqual([]);
    expect((await lastBackup(dir))?.file).toBe(again.file);
  });

  it('removes a half-written file left by a crashed run once it is hours old, and not before', async () => {
    const { location } = storage;
    const dir = backupDirectory(folder);
    const { logger } = memoryLogger();
    await runDailyBackup(dir, { location, logger, now: () => new Date('2026-11-01T03:00:00Z') });
    const stale = join(dir, 'submissions-2026-10-31.sqlite.partial-4242');
    const fresh = join(dir, 'submissions-2026-11-01.sqlite.partial-4243');
    writeFileSync(stale, 'half');
    writeFileSync(fresh, 'half');
    const sevenHoursAgo = (Date.now() - 7 * 60 * 60_000) / 1000;
    utimesSync(stale, sevenHoursAgo, sevenHoursAgo);
    await runDailyBackup(dir, { location, logger, now: () => new Date('2026-11-02T03:00:00Z') });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('logs a failure at error with what to do, and throws it', async () => {
    const { logger, lines } = memoryLogger();
    const location =
      backend === 'sqlite'
        ? { databaseDir: join(folder, 'no-database-here') }
        : { databaseUrl: 'postgres://postgres@127.0.0.1:1/none' };
    await expect(runDailyBackup(join(folder, 'backups'), { location, logger })).rejects.toThrow();
    expect(lines.at(-1)).toMatchObject({ level: 50, alert: 'backup_failed', command: 'npm run db -- backup FILE' });
    expect(String(lines.at(-1)?.msg)).toContain('npm run db -- backup');
  });
});

describe.each(backends)('runDailyBackup stopped by the shutdown on %s', (backend) => {
  it('writes nothing, leaves no partial file, and logs no backup_failed', async () => {
    const storage = await openTestStorage(backend);
    const folder = await mkdtemp(join(tmpdir(), 'seenwear-daily-'));
    try {
      const { logger, lines } = memoryLogger();
      const shutdown = new AbortController();
      const run = runDailyBackup(backupDirectory(folder), {
        location: storage.location,
        logger,
        signal: shutdown.signal,
      });
      shutdown.abort();
      await expect(run).rejects.toThrow();
      expect(readdirSync(backupDirectory(folder))).toEqual([]);
      expect(lines).toEqual([]);
    } finally {
      await storage.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('lastBackup', () => {
  it('is null without a folder or without backups in it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'seenwear-last-'));
    expect(await lastBackup(join(folder, 'missing'))).toBeNull();
    writeFileSync(join(folder, 'submissions-latest.sqlite'), '');
    expect(await lastBackup(folder)).toBeNull();
    await rm(folder, { recursive: true, force: true });
  });
});
