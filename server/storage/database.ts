import { type Kysely, sql } from 'kysely';
import { type DatabaseClock, databaseClock, type SqlDialect } from './database-clock.ts';
import type { StorageDatabase } from './schema.ts';
import { readStorageStatus, type StorageStatus } from './storage-status.ts';

/**
 * An open database, whichever of the two it is: the handle every feature's store is built from. Each
 * store writes dates as ISO strings and reads them with `readDate`, JSON as text read with `readJson`,
 * counts with `Number`, so what differs between SQLite and PostgreSQL stays in each migration list's
 * column types and in `clock`'s expressions.
 */
export interface Database {
  readonly db: Kysely<StorageDatabase>;
  readonly dialect: SqlDialect;
  /** The database's own time, as each dialect writes it into a query. */
  readonly clock: DatabaseClock;
  /** The process's clock, for what is decided before the query (tests pass their own). */
  readonly now: () => Date;
  /** Resolves once the database answers a query; rejects while it cannot be reached (readiness). */
  ping(): Promise<void>;
  /** The schema version, counts and outbox depth `npm run db -- status` prints. */
  status(): Promise<StorageStatus>;
  close(): Promise<void>;
}

export function openedDatabase(db: Kysely<StorageDatabase>, now: () => Date, dialect: SqlDialect): Database {
  return {
    db,
    dialect,
    clock: databaseClock(dialect),
    now,
    async ping() {
      await sql`select 1`.execute(db);
    },
    status: () => readStorageStatus(db),
    async close() {
      await db.destroy();
    },
  };
}
