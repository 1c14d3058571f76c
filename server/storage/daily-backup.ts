import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { backupDatabase } from './backup.ts';
import type { StorageLocation } from './open-database.ts';

/** A daily backup's name: the UTC day it was taken, and what made it (a SQLite copy or a pg_dump archive). */
const BACKUP_NAME = /^submissions-(\d{4}-\d{2}-\d{2})\.(sqlite|pgdump)$/;
/** A copy a crashed run left half-written (backupDatabase's temporary name). */
const PARTIAL_NAME = /^submissions-\d{4}-\d{2}-\d{2}\.(sqlite|pgdump)\.partial-\d+$/;
/** Older than this, a partial file is a crashed run's, never one in progress: it only takes space. */
const STALE_PARTIAL_MS = 6 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** How many backups the retention keeps: the 7 daily and 4 weekly. */
export interface Retention {
  daily: number;
  weekly: number;
}

const defaultRetention: Retention = { daily: 7, weekly: 4 };

/** `<DATABASE_DIR>/backups`: where the server's daily backups go, and where status and /metrics look. */
export function backupDirectory(databaseDir: string): string {
  return join(databaseDir, 'backups');
}

/**
 * Which of these backup days to keep: the newest `daily` days, and the newest backup of each of the
 * newest `weekly` ISO weeks (Monday to Sunday, UTC) that have one, as restic's --keep-daily and
 * --keep-weekly count. The two overlap: the weekly ones reach back about a month.
 */
export function backupsToKeep(days: string[], retention: Retention = defaultRetention): Set<string> {
  const newestFirst = [...new Set(days)].sort().reverse();
  const keep = new Set(newestFirst.slice(0, retention.daily));
  const weeks = new Set<string>();
  for (const day of newestFirst) {
    if (weeks.size >= retention.weekly) break;
    const week = mondayOf(day);
    if (weeks.has(week)) continue;
    weeks.add(week);
    keep.add(day);
  }
  return keep;
}

function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The newest daily backup in `dir`, by the time it was written, or null when there is none. */
export async function lastBackup(dir: string): Promise<{ file: string; at: Date; bytes: number } | null> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let newest: { file: string; at: Date; bytes: number } | null = null;
  for (const name of names) {
    if (!BACKUP_NAME.test(name)) continue;
    const file = join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && (!newest || info.mtimeMs > newest.at.getTime())) {
      newest = { file, at: new Date(info.mtimeMs), bytes: info.size };
    }
  }
  return newest;
}

/** What the day's backup wrote and what the retention deleted. */
export interface DailyBackupResult {
  file: string;
  bytes: number;
  durationMs: number;
  /** Older backups removed by the retention, oldest first. */
  deleted: string[];
}

/** What runDailyBackup needs besides the folder; `now` picks the day in the file name (tests set it). */
export interface DailyBackupOptions {
  location: StorageLocation;
  logger: Logger;
  now?: () => Date;
  retention?: Retention;
  /** The server's shutdown: the copy stops, nothing is written, and no alert is logged. */
  signal?: AbortSignal;
}

/**
 * The day's backup into `dir` (normally backupDirectory(DATABASE_DIR)), named by its UTC day
 * (`submissions-2026-11-23.sqlite`, `.pgdump` on PostgreSQL; a second run the same day replaces the
 * first), then the retention: the last 7 daily and 4 weekly are kept, older ones deleted. Only files
 * with these names are ever deleted. Logs where the backup went and what was deleted; a failure is
 * logged at error with what to do, and thrown for the caller (the daily job scheduler) to count.
 * Run it on one instance only: the scheduler's job.
 */
export async function runDailyBackup(dir: string, options: DailyBackupOptions): Promise<DailyBackupResult> {
  const { location, logger, now = () => new Date(), retention = defaultRetention, signal } = options;
  const day = now().toISOString().slice(0, 10);
  const extension = 'databaseUrl' in location ? 'pgdump' : 'sqlite';
  let written: Awaited<ReturnType<typeof backupDatabase>>;
  try {
    written = await backupDatabase(location, join(dir, `submissions-${day}.${extension}`), { overwrite: true, signal });
  } catch (error) {
    // Stopped by the shutdown, not failed: the scheduler says so, and the next start runs it again.
    if (signal?.aborted) throw error;
    logger.error(
      {
        alert: 'backup_failed',
        command: 'npm run db -- backup FILE',
        dir,
        error: error instanceof Error ? error.message : String(error),
      },
      'daily backup failed: the last good one gets older; run npm run db -- backup FILE by hand to see why, and check the free space in the backup folder',
    );
    throw error;
  }
  const names = await readdir(dir);
  const days = names.flatMap((name) => BACKUP_NAME.exec(name)?.[1] ?? []);
  const keep = backupsToKeep(days, retention);
  const deleted: string[] = [];
  for (const name of names.sort()) {
    const match = BACKUP_NAME.exec(name);
    const stalePartial =
      PARTIAL_NAME.test(name) &&
      // The file's real age, not the injected day's: a partial file is judged by when it was last written.
      Date.now() - ((await stat(join(dir, name)).catch(() => undefined))?.mtimeMs ?? Number.POSITIVE_INFINITY) >
        STALE_PARTIAL_MS;
    if ((match?.[1] !== undefined && !keep.has(match[1])) || stalePartial) {
      await unlink(join(dir, name));
      deleted.push(join(dir, name));
    }
  }
  logger.info(
    { file: written.file, bytes: written.bytes, durationMs: written.durationMs, deleted, kept: keep.size },
    `daily backup written to ${written.file}`,
  );
  return { ...written, deleted };
}
