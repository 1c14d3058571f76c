import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import type { StorageLocation } from '#server/storage/open-database.ts';
import { postgresMigrations } from '#server/storage/postgres/migrations.ts';
import { migrateToLatest, type StorageDatabase } from '#server/storage/schema.ts';
import { sqliteMigrations } from '#server/storage/sqlite/migrations.ts';
import { databasePath } from '#server/storage/sqlite/sqlite-database.ts';
import { type backends, newStorageLocation } from './test-storage.ts';

/**
 * A new database as the release before `migration` left it: every migration named before it, none from
 * it on. A test writes the rows that release wrote, then opens it as today's server does.
 */
export async function databaseBefore(backend: (typeof backends)[number], migration: string): Promise<StorageLocation> {
  const location = await newStorageLocation(backend);
  const before = (migrations: Record<string, Migration>) =>
    Object.fromEntries(Object.entries(migrations).filter(([name]) => name < migration));
  const db =
    'databaseUrl' in location
      ? new Kysely<StorageDatabase>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: location.databaseUrl }) }),
        })
      : new Kysely<StorageDatabase>({
          dialect: new SqliteDialect({ database: new Database(databasePath(location.databaseDir)) }),
        });
  await migrateToLatest(db, before('databaseUrl' in location ? postgresMigrations : sqliteMigrations));
  await db.destroy();
  return location;
}
