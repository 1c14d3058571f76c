import type { Database } from './database.ts';
import { openPostgresDatabase } from './postgres/postgres-database.ts';
import { openSqliteDatabase } from './sqlite/sqlite-database.ts';

/** Where the submissions live: DATABASE_URL when set (PostgreSQL), otherwise the SQLite file. */
export type StorageLocation = { databaseUrl: string } | { databaseDir: string };

/**
 * Opens the database the configuration names and brings its schema up to date. Unset DATABASE_URL
 * keeps the embedded SQLite file, so a fresh machine needs no database server.
 */
export function openDatabase(location: StorageLocation, options: { now?: () => Date } = {}): Promise<Database> {
  return 'databaseUrl' in location
    ? openPostgresDatabase({ connectionString: location.databaseUrl, ...options })
    : openSqliteDatabase({ databaseDir: location.databaseDir, ...options });
}
