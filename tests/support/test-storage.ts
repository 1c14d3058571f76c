import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import type { OperatorStorage } from '#server/storage/kysely-storage.ts';
import { openStorage, type StorageLocation } from '#server/storage/open-storage.ts';
import { databasePath } from '#server/storage/sqlite/sqlite-storage.ts';
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

export async function openTestStorage(
  backend: Backend,
  options: { now?: () => Date } = {},
): Promise<OperatorStorage & { location: StorageLocation }> {
  const location = await newStorageLocation(backend);
  return Object.assign(await openStorage(location, options), { location });
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
  const database = new Database(databasePath(location.databaseDir));
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
