import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { Database } from '#server/storage/database.ts';
import { openSqliteDatabase } from './sqlite-database.ts';
import { SQLITE_CACHE_KIB } from './sqlite-memory.ts';

let dir: string;
let database: Database | undefined;

afterEach(async () => {
  await database?.close();
  database = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function pragma(name: string): Promise<unknown> {
  if (!database) throw new Error('no database open');
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(database.db);
  return Object.values(rows[0] ?? {})[0];
}

it("bounds the server's connection: its page cache to SQLITE_CACHE_KIB, no memory-mapped file", async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'seenwear-sqlite-memory-'));
  database = await openSqliteDatabase({ databaseDir: dir });
  // Below better-sqlite3's own 16 MB default, or the bound would change nothing.
  expect(SQLITE_CACHE_KIB).toBeLessThan(16_000);
  expect(await pragma('cache_size')).toBe(-SQLITE_CACHE_KIB);
  expect(await pragma('mmap_size')).toBe(0);
});
