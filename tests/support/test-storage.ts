import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { createSeedStore } from '#server/cli/seed-queries.ts';
import type { SeedStore } from '#server/cli/seed-store.ts';
import { createFeatureStores, type FeatureStores } from '#server/feature-stores.ts';
import type { Database } from '#server/storage/database.ts';
import { openDatabase, type StorageLocation } from '#server/storage/open-database.ts';
import { databasePath } from '#server/storage/sqlite/sqlite-database.ts';
import { createDatabase } from './postgres-server.ts';

/** The two databases the storage, route and CLI tests run on (`describe.each(backends)`). */
export const backends = ['sqlite', 'postgres'] as const;
export type Backend = (typeof backends)[number];

/** A fresh, empty database of that kind: a temporary SQLite directory, or a new database on the test PostgreSQL. */
export async function newStorageLocation(backend: Backend): Promise<StorageLocation> {
  return backend === 'postgres'
    ? { databaseUrl: await createDatabase(inject('postgresUrl')) }
    : { databaseDir: await mkdtemp(join(tmpdir(), 'seenwear-test-')) };
}

/**
 * A test's hold on one database: every feature's store over it (a test sets up a request through one
 * and checks another), the handle itself for the app and the CLI, and where it lives.
 */
export interface TestStorage extends FeatureStores {
  seed: SeedStore;
  database: Database;
  location: StorageLocation;
  close(): Promise<void>;
}

/** Every feature's store over an open database, as a test holds them. */
export function testStoresOf(database: Database, location: StorageLocation): TestStorage {
  return {
    ...createFeatureStores(database),
    seed: createSeedStore(database),
    database,
    location,
    close: () => database.close(),
  };
}

export async function openTestStorage(backend: Backend, options: { now?: () => Date } = {}): Promise<TestStorage> {
  const location = await newStorageLocation(backend);
  return testStoresOf(await openDatabase(location, options), location);
}

/**
 * One SQL statement through a connection of its own, as another process would run it: for tests that
 * move a row's times (a retry falling due, a lease running out) without waiting for the clock.
 */
export async function runSql(location: StorageLocation, text: string, parameters: unknown[] = []): Promise<unknown[]> {
  if ('databaseUrl' in location) {
    const client = new pg.Client({ connectionString: location.databaseUrl });
    await client.connect();
    try {
      // $1, $2… on both: for SQLite they become ? in the order they appear.
      return (await client.query(text, parameters)).rows;
    } finally {
      await client.end();
    }
  }
  const database = new SqliteDatabase(databasePath(location.databaseDir));
  try {
    const order = [...text.matchAll(/\$(\d+)/g)].map((match) => parameters[Number(match[1]) - 1]);
    const statement = database.prepare(text.replace(/\$\d+/g, '?'));
    if (statement.reader) return statement.all(...order);
    statement.run(...order);
    return [];
  } finally {
    database.close();
  }
}

/** An ISO time `ms` from now, for runSql: both databases read it (PostgreSQL as timestamptz). */
export function isoFromNow(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}
