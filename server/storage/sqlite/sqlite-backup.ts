import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { BackupError } from '#server/storage/backup-error.ts';
import { isDataTable } from '#server/storage/data-tables.ts';
import { ensureWritableDirectory } from '#server/storage/writable-directory.ts';
import { databasePath } from './sqlite-database.ts';

/** How long the backup's reads wait for the server's writer (a checkpoint, a purge batch) before failing. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * Copies the live database into `target` (a new, empty file the caller made 0600) with SQLite's online
 * backup API, while the server goes on writing: one snapshot, checked with quick_check, made in a worker
 * thread (sqlite-copy-worker.ts) so the server's requests are not held up while the pages are copied.
 * An aborted `signal` (shutdown) stops the worker and rejects.
 */
export async function backupSqlite(databaseDir: string, target: string, signal?: AbortSignal): Promise<void> {
  const path = databasePath(databaseDir);
  if (!existsSync(path)) throw new BackupError(`no submissions database at ${path} (is DATABASE_DIR right?)`);
  signal?.throwIfAborted();
  const worker = new Worker(new URL('./sqlite-copy-worker.ts', import.meta.url), { workerData: { path, target } });
  const stop = () => void worker.terminate();
  signal?.addEventListener('abort', stop, { once: true });
  const [answer] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'exit').then((code) => [
      { ok: false, message: `the backup worker stopped (exit code ${String(code[0])})` },
    ]),
  ])) as [{ ok: boolean; message?: string }];
  signal?.removeEventListener('abort', stop);
  await worker.terminate();
  signal?.throwIfAborted();
  if (!answer.ok) throw new BackupError(answer.message ?? 'the backup failed');
}

/** What a backup file holds, read before anything is restored. */
export interface SqliteBackupContents {
  /** Names of the migrations the backup's schema has, in order. */
  migrations: string[];
}

/**
 * Checks that `file` is a whole SQLite database (`PRAGMA integrity_check`) holding our schema, and
 * reads which migrations it has; throws a BackupError saying what is wrong otherwise.
 */
export function inspectSqliteBackup(file: string): SqliteBackupContents {
  let database: Database.Database;
  try {
    database = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`cannot open ${file}: ${errorText(error)}`, { cause: error });
  }
  try {
    let result: unknown[];
    try {
      result = database.pragma('integrity_check', { simple: false }) as unknown[];
    } catch (error) {
      // "file is not a database": a PostgreSQL dump, a truncated download, the wrong file.
      throw new BackupError(`${file} is not a SQLite backup: ${errorText(error)}`, { cause: error });
    }
    const problems = result.map((row) => Object.values(row as Record<string, unknown>)[0]).filter((v) => v !== 'ok');
    if (problems.length > 0) {
      throw new BackupError(`${file} is damaged (integrity_check): ${problems.slice(0, 5).join('; ')}`);
    }
    const tables = new Set(
      (database.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    if (!tables.has('submissions') || !tables.has('kysely_migration')) {
      throw new BackupError(`${file} is a SQLite database, but not a backup of the submissions database`);
    }
    const migrations = (
      database.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((row) => row.name);
    return { migrations };
  } finally {
    database.close();
  }
}

/**
 * Rows in the tables that hold the shop's data (every table but the migrator's and the rate-limit
 * counters, which are only minutes of state): a database with none is empty, safe to restore into.
 */
export function sqliteRowCounts(databaseDir: string): Record<string, number> {
  const path = databasePath(databaseDir);
  if (!existsSync(path)) return {};
  const database = new Database(path, { fileMustExist: true });
  try {
    database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const tables = database
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
      .all() as { name: string }[];
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      if (!isDataTable(name)) continue;
      const row = database.prepare(`select count(*) as count from "${name.replaceAll('"', '""')}"`).get() as {
        count: number;
      };
      if (row.count > 0) counts[name] = row.count;
    }
    return counts;
  } finally {
    database.close();
  }
}

/**
 * Writes the backup over the (absent or empty) database in DATABASE_DIR with the same online backup
 * API, the other way round; SQLite takes the destination's lock, so nothing sees it half copied.
 */
export async function restoreSqlite(file: string, databaseDir: string): Promise<void> {
  const path = databasePath(databaseDir);
  await ensureWritableDirectory(databaseDir, [path, `${path}-wal`, `${path}-shm`]);
  // Made 0600 before SQLite writes a byte: the copy holds the visitors' contact data.
  await (await open(path, 'a', 0o600)).close();
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(path, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
