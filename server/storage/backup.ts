/**
 * Backups and restores of the submissions database, whichever it is: what `npm run db -- backup FILE`,
 * `npm run db -- restore FILE` and the daily backup call. SQLite is copied with its online backup API
 * (sqlite/sqlite-backup.ts), PostgreSQL with pg_dump's custom format (postgres/postgres-backup.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { BackupError } from './backup-error.ts';
import type { Database } from './database.ts';
import { openDatabase, type StorageLocation } from './open-database.ts';
import { postgresMigrations } from './postgres/migrations.ts';
import {
  backupPostgres,
  inspectPostgresBackup,
  postgresRowCounts,
  restorePostgres,
} from './postgres/postgres-backup.ts';
import { sqliteMigrations } from './sqlite/migrations.ts';
import { backupSqlite, inspectSqliteBackup, restoreSqlite, sqliteRowCounts } from './sqlite/sqlite-backup.ts';

/** What a backup wrote. */
export interface BackupResult {
  /** Absolute path of the backup file. */
  file: string;
  bytes: number;
  durationMs: number;
}

/**
 * Writes a consistent copy of the database to `file` while the server runs. The copy is made beside it
 * under a temporary name, synced to disk and only then renamed: a file with the final name is always
 * whole. It is readable by this user only (0600): it holds the visitors' contact data and artwork.
 * An existing `file` is refused unless `overwrite` (the daily backup's second run of a day). An aborted
 * `signal` (the server's shutdown) stops the copy and removes the partial file.
 */
export async function backupDatabase(
  location: StorageLocation,
  file: string,
  { overwrite = false, signal }: { overwrite?: boolean; signal?: AbortSignal | undefined } = {},
): Promise<BackupResult> {
  const target = resolve(file);
  if (!overwrite && existsSync(target)) {
    throw new BackupError(`${target} already exists: give another file name, or move that one away first`);
  }
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const started = performance.now();
  const partial = `${target}.partial-${process.pid}`;
  await (await open(partial, 'wx', 0o600)).close();
  try {
    if ('databaseUrl' in location) await backupPostgres(location.databaseUrl, partial, signal);
    else await backupSqlite(location.databaseDir, partial, signal);
    await syncFile(partial);
    await rename(partial, target);
    // The rename itself survives a power cut only once the folder is synced too.
    await syncFile(dirname(target));
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
  return { file: target, bytes: (await stat(target)).size, durationMs: Math.round(performance.now() - started) };
}

async function syncFile(path: string) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** What a restore did, for the CLI to report. */
export interface RestoreResult {
  /** The newest migration the backup had. */
  backupSchema: string | undefined;
  /** The newest migration now, after the ones the backup lacked were run. */
  schema: string | undefined;
  /** How many migrations ran after the restore because the backup was older than this code. */
  migrationsRun: number;
}

/**
 * Brings a backup back into an EMPTY database (no rows in any data table; a fresh file or database, or
 * one the server only migrated), after checking the file: SQLite's integrity_check, or pg_restore
 * reading the dump; and that it holds our schema, no newer than this code knows. Then the migrations
 * the backup lacks run, as at the server's start. Throws a BackupError saying what to do otherwise.
 */
/** What a feature must redo on a restored database before the server opens it again (the payments' keys). */
export interface RestoreOptions {
  afterRestore: (database: Database) => Promise<void>;
}

export async function restoreDatabase(
  location: StorageLocation,
  file: string,
  { afterRestore }: RestoreOptions,
): Promise<RestoreResult> {
  const source = resolve(file);
  if (!existsSync(source)) throw new BackupError(`no backup file at ${source}`);
  const postgres = 'databaseUrl' in location;
  const known = Object.keys(postgres ? postgresMigrations : sqliteMigrations).sort();
  const { migrations } = postgres ? await inspectPostgresBackup(source) : inspectSqliteBackup(source);
  const unknown = migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `${source} was made by a newer version of the site (its schema has ${unknown.join(', ')}, unknown to ` +
        'this code): restore it with that version or a later one',
    );
  }
  let replace = false;
  let rows: Record<string, number>;
  if ('databaseUrl' in location) {
    const counted = await postgresRowCounts(location.databaseUrl);
    rows = counted.rows;
    replace = counted.tables > 0;
  } else {
    rows = sqliteRowCounts(location.databaseDir);
  }
  if (Object.keys(rows).length > 0) {
    const held = Object.entries(rows)
      .map(([table, count]) => `${table}: ${count}`)
      .join(', ');
    throw new BackupError(
      `the database is not empty (${held}): a restore goes only into an empty one, so nothing is overwritten. ` +
        (postgres
          ? 'Create a new database (createdb), point DATABASE_URL at it and restore again.'
          : 'Stop the server, move submissions.sqlite and its -wal and -shm files out of DATABASE_DIR (or set DATABASE_DIR to a new folder) and restore again.'),
    );
  }
  if ('databaseUrl' in location) await restorePostgres(source, location.databaseUrl, { replace });
  else await restoreSqlite(source, location.databaseDir);
  // Opening migrates: a backup older than this code gets the tables and columns added since.
  const database = await openDatabase(location);
  try {
    await afterRestore(database);
  } finally {
    await database.close();
  }
  return { backupSchema: migrations.at(-1), schema: known.at(-1), migrationsRun: known.length - migrations.length };
}
