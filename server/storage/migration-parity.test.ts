import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Migration } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStorageLocation, runSql } from '#tests/support/test-storage.ts';
import { openDatabase, type StorageLocation } from './open-database.ts';
import { postgresMigrations } from './postgres/migrations.ts';
import { sqliteMigrations } from './sqlite/migrations.ts';

/** A column as both catalogues can tell it: its name and, where the catalogue says so reliably, NOT NULL. */
interface Column {
  table: string;
  column: string;
  /** Undefined where the catalogue cannot say (SQLite's primary keys: an INTEGER PRIMARY KEY is never null). */
  notNull: boolean | undefined;
}

// Kysely's own bookkeeping, and SQLite's counter behind AUTOINCREMENT: not ours, and on one side only.
const NOT_OURS = new Set(['kysely_migration', 'kysely_migration_lock', 'sqlite_sequence']);
// SQLite's search index (migration 0019): an FTS5 table and its shadow tables, where PostgreSQL has a
// GIN index on the column itself.
const SQLITE_SEARCH_INDEX = /^submissions_search(_(data|idx|docsize|config))?$/;

async function sqliteColumns(location: StorageLocation): Promise<Column[]> {
  const tables = (await runSql(location, "select name from sqlite_schema where type = 'table'")) as { name: string }[];
  const columns: Column[] = [];
  for (const { name: table } of tables) {
    if (NOT_OURS.has(table) || SQLITE_SEARCH_INDEX.test(table)) continue;
    const info = (await runSql(location, `select name, "notnull", pk from pragma_table_info('${table}')`)) as {
      name: string;
      notnull: number;
      pk: number;
    }[];
    for (const { name, notnull, pk } of info) {
      columns.push({ table, column: name, notNull: pk > 0 ? undefined : notnull === 1 });
    }
  }
  return columns;
}

async function postgresColumns(location: StorageLocation): Promise<Column[]> {
  const rows = (await runSql(
    location,
    `select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = 'public'`,
  )) as { table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }[];
  return rows
    .filter((row) => !NOT_OURS.has(row.table_name))
    .map((row) => ({ table: row.table_name, column: row.column_name, notNull: row.is_nullable === 'NO' }));
}

const key = ({ table, column }: Column) => `${table}.${column}`;

/** The indexes the migrations name (a dialect's own, for keys and constraints, left out), as table.index. */
async function sqliteIndexes(location: StorageLocation): Promise<string[]> {
  const rows = (await runSql(
    location,
    "select tbl_name, name from sqlite_schema where type = 'index' and name not like 'sqlite_autoindex_%'",
  )) as { tbl_name: string; name: string }[];
  return rows.map((row) => `${row.tbl_name}.${row.name}`);
}

async function postgresIndexes(location: StorageLocation): Promise<string[]> {
  const rows = (await runSql(
    location,
    `select i.tablename, i.indexname from pg_indexes i
      where i.schemaname = 'public'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  )) as { tablename: string; indexname: string }[];
  return rows.filter((row) => !NOT_OURS.has(row.tablename)).map((row) => `${row.tablename}.${row.indexname}`);
}

// Each list is run for real, as the server runs it on start, and the two catalogues are compared: a column
// one migration list gains and the other lacks would make the same query fail on one database only.
describe('the SQLite and PostgreSQL migration lists', () => {
  const locations: StorageLocation[] = [];
  let sqlite: Column[];
  let postgres: Column[];
  let indexes: { sqlite: string[]; postgres: string[] };

  /** A fresh database of that kind with its migration list run, as the server runs it on start. */
  async function migrated(backend: 'sqlite' | 'postgres'): Promise<StorageLocation> {
    const location = await newStorageLocation(backend);
    locations.push(location);
    await (await openDatabase(location)).close();
    return location;
  }

  beforeAll(async () => {
    const [onSqlite, onPostgres] = await Promise.all([migrated('sqlite'), migrated('postgres')]);
    [sqlite, postgres] = await Promise.all([sqliteColumns(onSqlite), postgresColumns(onPostgres)]);
    indexes = { sqlite: await sqliteIndexes(onSqlite), postgres: await postgresIndexes(onPostgres) };
  });

  afterAll(async () => {
    for (const location of locations) {
      if ('databaseDir' in location) await rm(location.databaseDir, { recursive: true, force: true });
    }
  });

  it('have the same migrations by name', () => {
    expect(Object.keys(postgresMigrations)).toEqual(Object.keys(sqliteMigrations));
  });

  it('create the same tables', () => {
    const tables = (columns: Column[]) => [...new Set(columns.map((column) => column.table))].sort();
    expect(tables(sqlite).length).toBeGreaterThan(0);
    expect(tables(postgres)).toEqual(tables(sqlite));
  });

  it('create the same columns in each table', () => {
    const names = (columns: Column[]) => columns.map(key).sort();
    expect(sqlite.length).toBeGreaterThan(0);
    expect(names(postgres)).toEqual(names(sqlite));
  });

  it('agree on which columns may be null, wherever both catalogues say', () => {
    const onPostgres = new Map(postgres.map((column) => [key(column), column.notNull]));
    const compared = sqlite.filter((column) => column.notNull !== undefined && onPostgres.has(key(column)));
    const differing = compared
      .filter((column) => onPostgres.get(key(column)) !== column.notNull)
      .map((column) => `${key(column)}: SQLite ${column.notNull ? 'NOT NULL' : 'nullable'}, PostgreSQL the other`);
    expect(compared.length).toBeGreaterThan(0);
    expect(differing).toEqual([]);
  });

  it('create the same indexes, but for the search index each does its own way', () => {
    // The search (migration 0019): SQLite's FTS5 table (above), PostgreSQL's trigram index on the column.
    const named = (list: string[]) => list.filter((name) => name !== 'submissions.submissions_search_text').sort();
    expect(indexes.sqlite).toContain('submissions.submissions_board');
    expect(named(indexes.postgres)).toEqual(named(indexes.sqlite));
  });
});

// A migration is a file of its own, but the server runs only what a list names: a file left out of its list
// would never run, on that database only. Each file's name is the name the database records.
describe.each([
  ['sqlite', sqliteMigrations],
  ['postgres', postgresMigrations],
])('the %s migrations folder', (dialect, list: Record<string, Migration>) => {
  const folder = path.join(import.meta.dirname, dialect, 'migrations');

  it('has every file in the list, in name order, and nothing else', async () => {
    const files = (await readdir(folder)).sort();
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((file) => file.replace(/\.ts$/, ''))).toEqual(Object.keys(list));
  });

  it('lists each file under its own name', async () => {
    for (const name of Object.keys(list)) {
      const file = (await import(path.join(folder, `${name}.ts`))) as Migration;
      expect(list[name]?.up, name).toBe(file.up);
    }
  });
});
