import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backends, newStorageLocation, runSql } from '#tests/support/test-storage.ts';
import { openDatabase, type StorageLocation } from './open-database.ts';
import { postgresMigrations } from './postgres/migrations.ts';
import { migrateToLatest, type StorageDatabase } from './schema.ts';
import { sqliteMigrations } from './sqlite/migrations.ts';
import { databasePath } from './sqlite/sqlite-database.ts';

/** A database as the release before 0022 left it: every migration up to 0021. */
async function databaseBefore0022(backend: (typeof backends)[number]): Promise<StorageLocation> {
  const location = await newStorageLocation(backend);
  const before = (migrations: Record<string, Migration>) =>
    Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0022'));
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

// Migration 0022 on each database, over requests an older release stored: their companies keyed as the
// search folds them, so a company's requests found before the upgrade are found the same way after it.
describe.each(backends)('migration 0022 on %s', (backend) => {
  it('keys the company of every request stored before, folded for case and accents, and none without one', async () => {
    const location = await databaseBefore0022(backend);
    const now = new Date().toISOString();
    const stored: [string, Record<string, unknown>][] = [
      ['Q-2026-000001', { company: 'Café Nandú' }],
      ['Q-2026-000002', { company: 'JÄGER & Sons Roofing' }],
      ['Q-2026-000003', {}],
      ['Q-2026-000004', { company: '' }],
    ];
    for (const [reference, payload] of stored) {
      await runSql(
        location,
        `insert into submissions (reference, kind, name, email, payload, created_at, activity_at, search_text)
         values ($1, 'quote', 'Dana', 'dana@example.com', $2, $3, $3, $4)`,
        [reference, JSON.stringify(payload), now, reference.toLowerCase()],
      );
    }
    const storage = await openDatabase(location);
    try {
      const rows = (await runSql(location, 'select reference, company_key from submissions order by reference')) as {
        reference: string;
        company_key: string | null;
      }[];
      expect(rows).toEqual([
        { reference: 'Q-2026-000001', company_key: 'cafe nandu' },
        { reference: 'Q-2026-000002', company_key: 'jager & sons roofing' },
        { reference: 'Q-2026-000003', company_key: null },
        { reference: 'Q-2026-000004', company_key: null },
      ]);
    } finally {
      await storage.close();
    }
  });
});
