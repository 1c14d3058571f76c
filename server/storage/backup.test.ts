import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentStore } from '#server/payments/payment-queries.ts';
import type { NewSubmission, StoredFile } from '#server/submissions/submission-store.ts';
import {
  backends,
  newStorageLocation,
  openTestStorage,
  runSql,
  type TestStorage,
  testStoresOf,
} from '#tests/support/test-storage.ts';
import { backupDatabase, type RestoreOptions, restoreDatabase } from './backup.ts';
import { BackupError } from './backup-error.ts';
import { openDatabase, type StorageLocation } from './open-database.ts';
import { postgresMigrations } from './postgres/migrations.ts';
import { migrateToLatest, type StorageDatabase } from './schema.ts';
import { sqliteMigrations } from './sqlite/migrations.ts';
import { databasePath } from './sqlite/sqlite-database.ts';

function artwork(count: number): StoredFile[] {
  return Array.from({ length: count }, (_, index) => {
    const data = randomBytes(8_000 + Math.floor(Math.random() * 40_000));
    return { name: `logo-${index}.png`, mediaType: 'image/png', size: data.length, data };
  });
}

/** What `npm run db -- restore` does after a restore: the restored database's Stripe keys renewed. */
const renewal: RestoreOptions = {
  afterRestore: (database) => createPaymentStore(database).renewCheckoutKeySalt(),
};

let emails = 0;
function quote(files: StoredFile[]): NewSubmission {
  // An address of its own each: the daily cap on confirmations must not change how many outbox rows there are.
  emails += 1;
  return { kind: 'quote', name: 'Dana', email: `dana${emails}@example.com`, payload: { garment: 'Hoodies' }, files };
}

describe.each(backends)('on %s', (backend) => {
  let folder: string;
  const opened: TestStorage[] = [];

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'seenwear-backup-'));
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
    await rm(folder, { recursive: true, force: true });
  });

  async function source() {
    const storage = await openTestStorage(backend);
    opened.push(storage);
    return storage;
  }

  async function reopen(location: StorageLocation) {
    const storage = testStoresOf(await openDatabase(location), location);
    opened.push(storage);
    return storage;
  }

  it('backs up into a private file, restores it into an empty database, and refuses to overwrite either', async () => {
    const storage = await source();
    const files = artwork(2);
    const { reference } = await storage.submissions.saveSubmission(quote(files));
    const file = join(folder, 'nested', 'backup.bin');

    const written = await backupDatabase(storage.location, file);
    expect(written.file).toBe(file);
    expect(written.bytes).toBe(statSync(file).size);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await expect(backupDatabase(storage.location, file)).rejects.toThrow(/already exists/);

    const target = await newStorageLocation(backend);
    const result = await restoreDatabase(target, file, renewal);
    expect(result.migrationsRun).toBe(0);
    expect(result.backupSchema).toBe(result.schema);
    const restored = await reopen(target);
    expect((await restored.submissions.getSubmission(reference))?.files).toEqual(files);
    // The reference counter came along: the next save does not reuse a number.
    const next = await restored.submissions.saveSubmission(quote([]));
    expect(next.reference).not.toBe(reference);

    await expect(restoreDatabase(target, file, renewal)).rejects.toThrow(
      /the database is not empty \(.*submissions: 2/,
    );
  });

  it('restores into a database the server has only migrated (no rows yet)', async () => {
    const storage = await source();
    const { reference } = await storage.submissions.saveSubmission(quote(artwork(1)));
    const file = join(folder, 'backup');
    await backupDatabase(storage.location, file);
    const target = await newStorageLocation(backend);
    await (await openDatabase(target)).close();

    await restoreDatabase(target, file, renewal);
    expect(await (await reopen(target)).submissions.getSubmission(reference)).toBeDefined();
  });

  it('gives a restored database Stripe keys of its own, as it hands out the backup’s later references again', async () => {
    const storage = await source();
    const file = join(folder, 'backup');
    await backupDatabase(storage.location, file);
    const target = await newStorageLocation(backend);
    await restoreDatabase(target, file, renewal);
    const restored = await reopen(target);
    const salt = await restored.payments.checkoutKeySalt();
    expect(salt).toMatch(/^[\w-]{16,}$/);
    expect(salt).not.toBe(await storage.payments.checkoutKeySalt());
  });

  it('runs the migrations an older backup lacks', async () => {
    // A database as the site left it at migration 0004, with one request in it: what an old backup holds.
    const old = await newStorageLocation(backend);
    const migrations = backend === 'postgres' ? postgresMigrations : sqliteMigrations;
    const early = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= '0004-rate-limits'));
    const db = new Kysely<StorageDatabase>({
      dialect:
        'databaseUrl' in old
          ? new PostgresDialect({ pool: new pg.Pool({ connectionString: old.databaseUrl, max: 1 }) })
          : new SqliteDialect({ database: new Database(databasePath(old.databaseDir)) }),
    });
    try {
      await migrateToLatest(db, early);
      const [row] = await runSql(
        old,
        `insert into submissions (reference, kind, name, email, payload, created_at) values ('Q-2026-000001', 'quote', 'Dana', 'dana@example.com', '{}', $1) returning id`,
        [new Date().toISOString()],
      );
      expect(row).toBeDefined();
    } finally {
      await db.destroy();
    }
    const file = join(folder, 'old-backup');
    await backupDatabase(old, file);

    const target = await newStorageLocation(backend);
    const result = await restoreDatabase(target, file, renewal);
    expect(result.backupSchema).toBe('0004-rate-limits');
    expect(result.migrationsRun).toBe(Object.keys(migrations).length - Object.keys(early).length);
    const restored = await reopen(target);
    expect(await restored.submissions.getSubmission('Q-2026-000001')).toMatchObject({ name: 'Dana', files: [] });
    expect((await restored.desk.getRequest('Q-2026-000001'))?.status).toBe('new');
  });

  it('refuses a backup from a newer version, a file that is no backup, and a missing file', async () => {
    const storage = await source();
    await runSql(
      storage.location,
      `insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2030')`,
    );
    const file = join(folder, 'future');
    await backupDatabase(storage.location, file);
    const target = await newStorageLocation(backend);
    await expect(restoreDatabase(target, file, renewal)).rejects.toThrow(/newer version .*9999-from-the-future/);

    const junk = join(folder, 'junk');
    writeFileSync(junk, randomBytes(10_000));
    const error = await restoreDatabase(target, junk, renewal).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(
      backend === 'sqlite' ? /is not a SQLite backup/ : /not a PostgreSQL backup/,
    );

    await expect(restoreDatabase(target, join(folder, 'nothing-here'), renewal)).rejects.toThrow(/no backup file at/);
  });

  if (backend === 'sqlite')
    it('refuses a SQLite database that is not ours, and a damaged one', async () => {
      const other = join(folder, 'other');
      await runSql({ databaseDir: folder }, 'create table notes (text text)');
      const target = await newStorageLocation(backend);
      await expect(restoreDatabase(target, join(folder, 'submissions.sqlite'), renewal)).rejects.toThrow(
        /not a backup of the submissions database/,
      );
      const storage = await source();
      await storage.submissions.saveSubmission(quote(artwork(3)));
      await backupDatabase(storage.location, other);
      // Scribble over a page in the middle: the header still reads, the tree under it does not.
      const bytes = readFileSync(other);
      bytes.fill(0xff, 4096 * 3, 4096 * 3 + 2000);
      writeFileSync(other, bytes);
      await expect(restoreDatabase(target, other, renewal)).rejects.toThrow(/damaged|not a SQLite backup/);
    });

  if (backend === 'postgres')
    it('refuses a SQLite file handed to a PostgreSQL restore', async () => {
      const sqliteLocation = await newStorageLocation('sqlite');
      const sqlite = await reopen(sqliteLocation);
      await sqlite.submissions.saveSubmission(quote([]));
      const file = join(folder, 'sqlite-backup');
      await backupDatabase(sqliteLocation, file);
      await expect(restoreDatabase(await newStorageLocation('postgres'), file, renewal)).rejects.toThrow(
        /not a PostgreSQL backup/,
      );
    });

  // The restore drill: a backup taken in the middle of a burst of saves restores every submission
  // acknowledged before it began, byte for byte, and none half-written.
  it('restore drill: a backup taken during a burst of saves restores every acknowledged submission whole', {
    timeout: 60_000,
  }, async () => {
    const storage = await source();
    const saved = new Map<string, StoredFile[]>();
    for (let index = 0; index < 30; index++) {
      const files = artwork(1 + (index % 3));
      saved.set((await storage.submissions.saveSubmission(quote(files))).reference, files);
    }
    let stop = false;
    let backingUp = false;
    let savesDuringBackup = 0;
    const writer = async () => {
      // Bounded, so a backup that never ends fails the test instead of filling the memory.
      while (!stop && saved.size < 1_000) {
        const files = artwork(1 + Math.floor(Math.random() * 3));
        const { reference } = await storage.submissions.saveSubmission(quote(files));
        saved.set(reference, files);
        if (backingUp) savesDuringBackup += 1;
        // On SQLite a save is only microtasks (better-sqlite3 is synchronous): without a turn of the event
        // loop the writers would starve the timers and the backup's own steps.
        await setImmediate();
      }
    };
    const burst = [writer(), writer(), writer()];
    while (saved.size < 40) await new Promise((resolve) => setTimeout(resolve, 5));

    // Acknowledged before the backup began; the saves still in flight may or may not be in it, but whole.
    const acknowledged = new Map(saved);
    backingUp = true;
    const file = join(folder, 'drill-backup');
    await backupDatabase(storage.location, file);
    backingUp = false;
    // Go on a little after the backup, so later saves exist in the source and must not be in the copy whole or half.
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop = true;
    await Promise.all(burst);
    // Saves committed between the backup's start and its end: pg_dump reads from another process, and
    // SQLite's copy runs in a worker thread, while they go on.
    expect(savesDuringBackup).toBeGreaterThan(0);

    const target = await newStorageLocation(backend);
    await restoreDatabase(target, file, renewal);
    const restored = await reopen(target);
    for (const [reference, files] of acknowledged) {
      const submission = await restored.submissions.getSubmission(reference);
      expect(submission?.reference).toBe(reference);
      // Buffers compare by their bytes: byte-identical files, in the same order, with the same names.
      expect(submission?.files).toEqual(files);
    }
    const all = await restored.submissions.listSubmissions();
    expect(all.length).toBeGreaterThanOrEqual(acknowledged.size);
    expect(all.length).toBeLessThan(saved.size + 1);
    for (const summary of all) {
      // Every restored submission is one a save acknowledged, with all of its files and both its mails.
      expect((await restored.submissions.getSubmission(summary.reference))?.files).toEqual(
        saved.get(summary.reference),
      );
      expect(await restored.outbox.notificationsOf(summary.reference)).toHaveLength(2);
    }
  });
});
