import type { OperatorStorage } from './kysely-storage.ts';
import { openPostgresStorage } from './postgres/postgres-storage.ts';
import { openSqliteStorage } from './sqlite/sqlite-storage.ts';

/** Where the submissions live: DATABASE_URL when set (PostgreSQL), otherwise the SQLite file. */
export type StorageLocation = { databaseUrl: string } | { databaseDir: string };

/**
 * Opens the database the configuration names and brings its schema up to date. Unset DATABASE_URL
 * keeps the embedded SQLite file, so a fresh machine needs no database server.
 */
export function openStorage(location: StorageLocation, options: { now?: () => Date } = {}): Promise<OperatorStorage> {
  return 'databaseUrl' in location
    ? openPostgresStorage({ connectionString: location.databaseUrl, ...options })
    : openSqliteStorage({ databaseDir: location.databaseDir, ...options });
}
