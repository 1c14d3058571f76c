import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { OperatorStorage } from '#server/storage/kysely-storage.ts';
import { openStorage, type StorageLocation } from '#server/storage/open-storage.ts';
import { createDatabase } from './postgres-server.ts';

/** The two databases the storage, route and CLI tests run on (`describe.each(backends)`). */
export const backends = ['sqlite', 'postgres'] as const;
export type Backend = (typeof backends)[number];

/** A fresh, empty database of that kind: a temporary SQLite directory, or a new database on the test PostgreSQL. */
async function newStorageLocation(backend: Backend): Promise<StorageLocation> {
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
