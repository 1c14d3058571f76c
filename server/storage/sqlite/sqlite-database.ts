import { chmod, open } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect } from 'kysely';
import { type Database as OpenDatabase, openedDatabase } from '#server/storage/database.ts';
import { migrateToLatest, type StorageDatabase } from '#server/storage/schema.ts';
import { ensureWritableDirectory } from '#server/storage/writable-directory.ts';
import { sqliteMigrations } from './migrations.ts';
import { boundSqliteMemory } from './sqlite-memory.ts';
import { withStatementCache } from './statement-cache.ts';

const databaseFileName = 'submissions.sqlite';

/** The SQLite file inside DATABASE_DIR; the CLI checks it exists before opening, so a wrong directory is reported, not created. */
export function databasePath(databaseDir: string): string {
  return join(databaseDir, databaseFileName);
}

/** How openSqliteDatabase finds its file: the absolute DATABASE_DIR the config resolved. */
export interface SqliteDatabaseOptions {
  databaseDir: string;
  /** The clock that dates submissions and so picks the year of their reference; tests set it. */
  now?: () => Date;
}

const busyTimeoutMs = 5_000;
/** The write-ahead log's size after a checkpoint, at most (see configure). */
const journalSizeLimitBytes = 8 * 1024 * 1024;

/**
 * SQLite does roll back CREATE TABLE, but Kysely's adapter does not claim it, so its migrator would
 * run each statement on its own. Claiming it makes pending migrations one transaction: a failure or
 * a crash half-way leaves the schema as it was, not half made and unmigratable.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

function configure(database: Database.Database, path: string) {
  // The operators' CLI reads from another process without blocking the server's writes, and the reverse.
  const mode = database.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') {
    throw new Error(`${path}: write-ahead logging is not available here (journal mode stays "${String(mode)}")`);
  }
  // A 201 promises the submission is kept. In WAL mode NORMAL already survives a killed process, but
  // a commit can still be lost to a power cut or a kernel crash; FULL syncs the log on every commit.
  database.pragma('synchronous = FULL');
  // Off by default in SQLite, and set per connection: without it a file could outlive its submission.
  database.pragma('foreign_keys = ON');
  // The privacy policy promises deletion: without this, a purged submission's files stay readable in
  // the database's free pages until SQLite happens to reuse them. It costs extra writes only where
  // content is removed: purges, not the server's saves. ON, not FAST: FAST leaves freed overflow
  // pages (where artwork files live) as they were.
  database.pragma('secure_delete = ON');
  // A checkpoint does not shrink the write-ahead log, it only starts writing it from the top again:
  // without a limit (SQLite's default is -1) the log keeps the size of its busiest moment (several
  // 25 MB uploads at once) and, beyond what was rewritten, old page images of rows since deleted.
  // Past 8 MiB, twice the log's usual size at SQLite's 1,000-page auto-checkpoint, it is cut back
  // after each checkpoint; a purge empties it outright (wal_checkpoint(TRUNCATE)).
  database.pragma(`journal_size_limit = ${journalSizeLimitBytes}`);
  // The CLI, in another process, may hold the lock for a moment (first open, checkpoints, purges).
  database.pragma(`busy_timeout = ${busyTimeoutMs}`);
  boundSqliteMemory(database);
}

/**
 * The database and its WAL files hold the visitors' contact data: readable by the server's user only.
 * SQLite creates its -wal and -shm files with the database file's mode, so a database made 0600 here
 * keeps them 0600 too; files an older version left 0644 are tightened.
 */
async function keepPrivate(path: string) {
  const handle = await open(path, 'a', 0o600);
  await handle.close();
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    await chmod(file, 0o600).catch((error: NodeJS.ErrnoException) => {
      // A missing WAL file is made later with the database's mode; a file of another user is left alone.
      if (error.code !== 'ENOENT' && error.code !== 'EPERM') throw error;
    });
  }
}

/**
 * Opens (creating if needed) `<databaseDir>/submissions.sqlite` and brings its schema up to date; rejects,
 * leaving nothing open, if the directory, the database or a migration fails.
 */
export async function openSqliteDatabase({
  databaseDir,
  now = () => new Date(),
}: SqliteDatabaseOptions): Promise<OpenDatabase> {
  const path = databasePath(databaseDir);
  // A folder the server may not write stops start-up with its path and owner, not SQLite's "unable to open".
  await ensureWritableDirectory(databaseDir, [path, `${path}-wal`, `${path}-shm`]);
  await keepPrivate(path);
  const database = new Database(path);
  let db: Kysely<StorageDatabase>;
  try {
    configure(database, path);
    // Kysely's SQLite adapter declares one connection, and Kysely then lends it to one caller at a
    // time: a transaction holds it from BEGIN to COMMIT, so concurrent saves (and reads) wait their
    // turn instead of running their statements inside another save's transaction.
    db = new Kysely<StorageDatabase>({
      dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(database) }),
    });
    await migrateToLatest(db, sqliteMigrations);
  } catch (error) {
    database.close();
    throw error;
  }
  return openedDatabase(db, now, 'sqlite');
}
