import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Database, openedDatabase } from '#server/storage/database.ts';
import { migrateToLatest, type StorageDatabase } from '#server/storage/schema.ts';
import { postgresMigrations } from './migrations.ts';

/** How openPostgresDatabase connects; DATABASE_URL gives the connection string. */
export interface PostgresDatabaseOptions {
  /** postgres://user:password@host:port/database (DATABASE_URL). */
  connectionString: string;
  /** The clock that dates submissions and so picks the year of their reference; tests set it. */
  now?: () => Date;
  /**
   * Connections per instance. A desk page sends some ten queries at once: with 10 connections, twenty
   * staff pages at once queued for them. Two instances take 40 of the server's default 100.
   */
  maxConnections?: number;
}

/** How long a query waits for a connection before failing: a database that is gone must not hang requests. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connects to PostgreSQL and brings its schema up to date; rejects, leaving no pool open, if the
 * database cannot be reached or a migration fails.
 */
export async function openPostgresDatabase({
  connectionString,
  now = () => new Date(),
  maxConnections = 20,
}: PostgresDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    // Named in pg_stat_activity, so an operator can tell the site's connections from others.
    application_name: 'seenwear',
  });
  // An idle connection dropped by the server (restart, failover) emits here; unhandled, it would end
  // the process. The pool replaces it, and the next query that cannot connect reports the problem.
  pool.on('error', () => {});
  const db = new Kysely<StorageDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db, postgresMigrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return openedDatabase(db, now, 'postgres');
}
