import Database from 'better-sqlite3';
import pg from 'pg';
import type { StorageLocation } from '#server/storage/open-database.ts';
import { databasePath } from '#server/storage/sqlite/sqlite-database.ts';

/** A stored value as text: bytes as UTF-8 (a secret written into a blob would read back), JSON as JSON. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Every value of every column of every table, as text: what a copy of the database (a backup, a dump,
 * a replica) would give whoever holds it. One entry per table, its rows' values joined.
 */
export async function dumpDatabase(location: StorageLocation): Promise<Record<string, string>> {
  const dump: Record<string, string> = {};
  if ('databaseUrl' in location) {
    const client = new pg.Client({ connectionString: location.databaseUrl });
    await client.connect();
    try {
      const tables = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
      );
      for (const { name } of tables.rows) {
        const rows = await client.query(`select * from "${name}"`);
        dump[name] = rows.rows.flatMap((row: Record<string, unknown>) => Object.values(row).map(asText)).join('\n');
      }
    } finally {
      await client.end();
    }
    return dump;
  }
  const database = new Database(databasePath(location.databaseDir), { readonly: true });
  try {
    const tables = database.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
    for (const { name } of tables) {
      const rows = database.prepare(`select * from "${name}"`).all() as Record<string, unknown>[];
      dump[name] = rows.flatMap((row) => Object.values(row).map(asText)).join('\n');
    }
  } finally {
    database.close();
  }
  return dump;
}
