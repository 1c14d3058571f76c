import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it, onTestFinished } from 'vitest';
import type { NewSubmission, StoredFile } from '#server/submissions/submission-store.ts';
import { createDatabase } from '#tests/support/postgres-server.ts';
import { isoFromNow, runSql, type TestStorage, testStoresOf } from '#tests/support/test-storage.ts';
import { openDatabase, type StorageLocation } from './open-database.ts';
import { openPostgresDatabase } from './postgres/postgres-database.ts';
import { databasePath, openSqliteDatabase } from './sqlite/sqlite-database.ts';

// Every test runs on the embedded SQLite file and on PostgreSQL (the throwaway server the unit
// project starts), each with a database of its own: the contract must behave the same on both.
describe.each(['sqlite', 'postgres'] as const)('on %s', (backend) => {
  let databaseDir: string;
  let databaseUrl: string;
  const opened: TestStorage[] = [];

  beforeEach(async () => {
    databaseDir = await mkdtemp(join(tmpdir(), 'seenwear-storage-'));
    if (backend === 'postgres') databaseUrl = await createDatabase(inject('postgresUrl'));
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
    await rm(databaseDir, { recursive: true, force: true });
  });

  function location(): StorageLocation {
    return backend === 'postgres' ? { databaseUrl } : { databaseDir };
  }

  /** A clock the test moves by hand. */
  function clock(start: string) {
    let current = new Date(start);
    return {
      now: () => new Date(current),
      set: (iso: string) => {
        current = new Date(iso);
      },
    };
  }

  async function open(now?: () => Date) {
    const storage = testStoresOf(await openDatabase(location(), now ? { now } : {}), location());
    opened.push(storage);
    return storage;
  }

  function file(name: string, data: Buffer, mediaType = 'image/png'): StoredFile {
    return { name, mediaType, size: data.length, data };
  }

  function quote(overrides: Partial<NewSubmission> = {}): NewSubmission {
    return {
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { garment: 'T-shirts', quantity: 48, locations: ['front', 'back'], message: 'Rush, please' },
      files: [],
      ...overrides,
    };
  }

  /** Row counts read through a separate connection, as another process would see them. */
  async function countRows() {
    if (backend === 'postgres') {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const count = async (table: string) =>
          Number((await client.query(`select count(*) as count from ${table}`)).rows[0].count);
        return {
          submissions: await count('submissions'),
          files: await count('files'),
          outbox: await count('outbox'),
          counters: (await client.query('select kind, year, last_number from reference_counters order by kind')).rows,
        };
      } finally {
        await client.end();
      }
    }
    const database = new Database(databasePath(databaseDir), { readonly: true });
    try {
      const count = (table: string) =>
        (database.prepare(`select count(*) as count from ${table}`).get() as { count: number }).count;
      return {
        submissions: count('submissions'),
        files: count('files'),
        outbox: count('outbox'),
        counters: database.prepare('select kind, year, last_number from reference_counters order by kind').all(),
      };
    } finally {
      database.close();
    }
  }

  describe('opening', () => {
    if (backend === 'sqlite')
      it('keeps the database to its own user: the directory it creates 0700, the database and its WAL files 0600', async () => {
        databaseDir = join(databaseDir, 'private', 'var');
        const storage = await open();
        await storage.submissions.saveSubmission(quote());
        expect(statSync(databaseDir).mode & 0o777).toBe(0o700);
        const path = databasePath(databaseDir);
        for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(statSync(file).mode & 0o777).toBe(0o600);
      });
    if (backend === 'sqlite')
      it('creates the data directory and a database in WAL mode', async () => {
        databaseDir = join(databaseDir, 'nested', 'var');
        await open();
        const database = new Database(databasePath(databaseDir), { readonly: true });
        try {
          expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
        } finally {
          database.close();
        }
      });

    if (backend === 'sqlite')
      it('refuses to start when a migration fails, naming it, and leaves no half-made schema', async () => {
        // A stray table in the way of the first migration's last step.
        const database = new Database(databasePath(databaseDir));
        database.exec('create table reference_counters (unrelated text)');
        database.close();

        await expect(openSqliteDatabase({ databaseDir })).rejects.toThrow(
          /migration "0001-submissions-files-outbox" failed: .*reference_counters"? already exists/,
        );
        const check = new Database(databasePath(databaseDir), { readonly: true });
        try {
          const tables = check.prepare("select name from sqlite_master where type = 'table'").pluck().all();
          expect(tables).not.toContain('submissions');
          expect(tables).not.toContain('outbox');
        } finally {
          check.close();
        }
      });

    if (backend === 'postgres')
      it('refuses to start when a migration fails, naming it, and leaves no half-made schema', async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          await client.query('create table reference_counters (unrelated text)');
          await expect(openPostgresDatabase({ connectionString: databaseUrl })).rejects.toThrow(
            /migration "0001-submissions-files-outbox" failed: relation "reference_counters" already exists/,
          );
          const { rows } = await client.query(
            "select table_name from information_schema.tables where table_schema = 'public'",
          );
          expect(rows.map((row: { table_name: string }) => row.table_name)).not.toContain('submissions');
        } finally {
          await client.end();
        }
      });

    if (backend === 'postgres')
      it('migrates once when eight instances start at the same moment', async () => {
        const storages = await Promise.all(
          Array.from({ length: 8 }, async () =>
            testStoresOf(await openPostgresDatabase({ connectionString: databaseUrl, maxConnections: 2 }), location()),
          ),
        );
        opened.push(...storages);
        const references = await Promise.all(storages.map((storage) => storage.submissions.saveSubmission(quote())));
        expect(new Set(references.map((saved) => saved.reference)).size).toBe(8);
      });
  });

  describe('saveSubmission and getSubmission', () => {
    it('gives back the fields, the payload and byte-identical files', async () => {
      const time = clock('2026-03-14T15:09:26.535Z');
      const storage = await open(time.now);
      const logo = randomBytes(200_000);
      // Zero bytes and a byte-order mark would expose any text conversion on the way.
      const artwork = Buffer.from([0x00, 0xef, 0xbb, 0xbf, 0x00, 0xff, 0x0a, 0x0d]);
      const { reference } = await storage.submissions.saveSubmission(
        quote({
          files: [file('logo.png', logo), file('artwork final (2).pdf', artwork, 'application/pdf')],
        }),
      );

      const stored = await storage.submissions.getSubmission(reference);
      expect(stored).toMatchObject({
        reference: 'Q-2026-000001',
        kind: 'quote',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        createdAt: new Date('2026-03-14T15:09:26.535Z'),
        fileCount: 2,
        pendingNotifications: 2,
        payload: { garment: 'T-shirts', quantity: 48, locations: ['front', 'back'], message: 'Rush, please' },
      });
      expect(stored?.files.map(({ name, mediaType, size }) => ({ name, mediaType, size }))).toEqual([
        { name: 'logo.png', mediaType: 'image/png', size: 200_000 },
        { name: 'artwork final (2).pdf', mediaType: 'application/pdf', size: 8 },
      ]);
      expect(stored?.files[0]?.data.equals(logo)).toBe(true);
      expect(stored?.files[1]?.data.equals(artwork)).toBe(true);
    });

    it('stores a submission without files, and knows nothing of an unknown reference', async () => {
      const storage = await open();
      const { reference } = await storage.submissions.saveSubmission({
        kind: 'contact',
        name: 'Lee',
        email: 'lee@example.com',
        payload: { message: 'Do you print on hoodies?' },
        files: [],
      });
      expect(await storage.submissions.getSubmission(reference)).toMatchObject({ fileCount: 0, files: [] });
      expect(await storage.submissions.getSubmission('Q-2026-999999')).toBeUndefined();
    });
  });

  describe('references', () => {
    it('count per kind and start again each year, the year being the UTC one', async () => {
      const time = clock('2025-12-31T23:59:59.999Z');
      const storage = await open(time.now);
      const save = async (kind: 'quote' | 'contact') =>
        (await storage.submissions.saveSubmission(quote({ kind }))).reference;

      expect(await save('quote')).toBe('Q-2025-000001');
      expect(await save('contact')).toBe('C-2025-000001');
      expect(await save('quote')).toBe('Q-2025-000002');
      // 7:30 pm on New Year's Eve in New York is already 2026 in UTC.
      time.set('2025-12-31T19:30:00-05:00');
      expect(await save('quote')).toBe('Q-2026-000001');
      expect(await save('contact')).toBe('C-2026-000001');
      expect(await save('quote')).toBe('Q-2026-000002');
    });

    it('are distinct and consecutive for 100 saves at once, with reads in between', async () => {
      const storage = await open();
      const saves = Array.from({ length: 100 }, (_, index) =>
        storage.submissions.saveSubmission(quote({ kind: index % 4 === 0 ? 'contact' : 'quote', payload: { index } })),
      );
      const reads = Array.from({ length: 20 }, () => storage.submissions.listSubmissions({ limit: 5 }));
      const references = (await Promise.all(saves)).map((saved) => saved.reference);
      await Promise.all(reads);

      const year = new Date().getUTCFullYear();
      const numbers = (prefix: string) =>
        references
          .filter((reference) => reference.startsWith(`${prefix}-${year}-`))
          .map((reference) => Number(reference.slice(-6)))
          .sort((a, b) => a - b);
      expect(new Set(references).size).toBe(100);
      expect(numbers('Q')).toEqual(Array.from({ length: 75 }, (_, index) => index + 1));
      expect(numbers('C')).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
      // Each reference holds its own submission, not a neighbour's.
      for (const [index, reference] of references.entries()) {
        expect((await storage.submissions.getSubmission(reference))?.payload).toEqual({ index });
      }
    });
  });

  describe('submission keys', () => {
    it('store a key once: a second save, even at the same moment, returns the first reference and stores nothing', async () => {
      const storage = await open();
      const saves = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          storage.submissions.saveSubmission(quote({ idempotencyKey: 'key-0123456789abcdef', payload: { index } })),
        ),
      );
      expect(new Set(saves.map((saved) => saved.reference)).size).toBe(1);
      expect(saves.filter((saved) => !saved.repeated)).toHaveLength(1);
      expect(await countRows()).toMatchObject({ submissions: 1, outbox: 2 });
      expect(await storage.submissions.findByIdempotencyKey('key-0123456789abcdef')).toEqual({
        reference: saves[0]?.reference,
        kind: 'quote',
        repeated: true,
      });
      expect(await storage.submissions.findByIdempotencyKey('key-unknown-0000000')).toBeUndefined();
      // Submissions without a key never collide with one another.
      await storage.submissions.saveSubmission(quote());
      await storage.submissions.saveSubmission(quote());
      expect(
        (await storage.submissions.saveSubmission(quote({ idempotencyKey: 'key-other-00000000' }))).reference,
      ).toMatch(/-000004$/);
    });
  });

  describe('rate-limit hits', () => {
    it('count per key within a window by the database clock, start again after it, and can be taken back', async () => {
      const storage = await open();
      const other = await open();
      expect((await storage.limits.countHit('contact:192.0.2.1', 400)).hits).toBe(1);
      expect((await other.limits.countHit('contact:192.0.2.1', 400)).hits).toBe(2);
      const third = await storage.limits.countHit('contact:192.0.2.1', 400);
      expect(third.hits).toBe(3);
      expect(third.resetAt.getTime()).toBeGreaterThan(Date.now() - 1_000);
      expect((await storage.limits.countHit('quotes:192.0.2.1', 400)).hits).toBe(1);
      await storage.limits.uncountHit('contact:192.0.2.1');
      expect((await storage.limits.countHit('contact:192.0.2.1', 400)).hits).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await other.limits.countHit('contact:192.0.2.1', 400)).hits).toBe(1);
      await storage.limits.uncountHit('contact:192.0.2.1', { all: true });
      expect((await storage.limits.countHit('contact:192.0.2.1', 60_000)).hits).toBe(1);
    });
  });

  describe('a save that fails half-way', () => {
    it('leaves nothing behind when a file row breaks a constraint, and the number is not used up', async () => {
      const storage = await open();
      expect(
        (await storage.submissions.saveSubmission(quote({ files: [file('a.png', Buffer.from('a'))] }))).reference,
      ).toMatch(/-000001$/);
      const before = await countRows();

      // The second file claims more bytes than it has: the database refuses that row.
      const broken = quote({
        files: [file('ok.png', Buffer.from('ok')), { ...file('bad.png', Buffer.from('x')), size: 9 }],
      });
      await expect(storage.submissions.saveSubmission(broken)).rejects.toThrow(
        /CHECK constraint failed|violates check constraint/,
      );

      expect(await countRows()).toEqual(before);
      expect((await storage.submissions.saveSubmission(quote())).reference).toMatch(/-000002$/);
    });

    it('leaves nothing behind when an error is thrown between the inserts', async () => {
      const storage = await open();
      // Read only once the counter and the submission row are written.
      const exploding = { name: 'x.png', mediaType: 'image/png', size: 1 } as StoredFile;
      Object.defineProperty(exploding, 'data', {
        get() {
          throw new Error('upload stream broke');
        },
      });

      await expect(storage.submissions.saveSubmission(quote({ files: [exploding] }))).rejects.toThrow(
        'upload stream broke',
      );

      expect(await countRows()).toEqual({ submissions: 0, files: 0, outbox: 0, counters: [] });
      expect(await storage.submissions.listSubmissions()).toEqual([]);
    });

    it('does not hold up or disturb the saves running beside it', async () => {
      const storage = await open();
      const broken = quote({ files: [{ ...file('bad.png', Buffer.from('x')), size: 2 }] });
      const results = await Promise.allSettled([
        storage.submissions.saveSubmission(quote()),
        storage.submissions.saveSubmission(broken),
        storage.submissions.saveSubmission(quote()),
      ]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const references = (await storage.submissions.listSubmissions()).map((summary) => summary.reference.slice(-6));
      expect(references).toEqual(['000002', '000001']);
    });
  });

  describe('the outbox', () => {
    it('queues at most 5 customer confirmations per address a day; later submissions are stored with the shop copy only', async () => {
      const time = clock('2026-05-01T10:00:00.000Z');
      const storage = await open(time.now);
      const saved = [];
      for (let n = 0; n < 7; n += 1) {
        saved.push(
          await storage.submissions.saveSubmission(
            quote({ email: n % 2 ? 'Victim@Example.com' : 'victim@example.com' }),
          ),
        );
        time.set(new Date(time.now().getTime() + 60_000).toISOString());
      }
      expect(saved.map((entry) => entry.confirmationSkipped)).toEqual([false, false, false, false, false, true, true]);
      const due = await storage.outbox.dueNotifications(time.now(), 100);
      expect(due.filter((row) => row.recipient === 'customer')).toHaveLength(5);
      expect(due.filter((row) => row.recipient === 'shop')).toHaveLength(7);
      expect(await storage.submissions.getSubmission(saved[6]?.reference ?? '')).toMatchObject({
        pendingNotifications: 1,
      });
      // Another address is not affected, and a day after the first the address gets one again.
      expect(
        (await storage.submissions.saveSubmission(quote({ email: 'other@example.com' }))).confirmationSkipped,
      ).toBe(false);
      time.set('2026-05-02T10:00:30.000Z');
      expect(
        (await storage.submissions.saveSubmission(quote({ email: 'victim@example.com' }))).confirmationSkipped,
      ).toBe(false);
    });

    it('counts only confirmations toward the cap: the shop’s own mails to the address never use it up', async () => {
      const time = clock('2026-05-01T10:00:00.000Z');
      const storage = await open(time.now);
      const { reference } = await storage.submissions.saveSubmission(quote({ email: 'busy@example.com' }));
      // A busy order: quotes, proofs and messages mailed to the same address that day.
      for (let n = 0; n < 8; n += 1) {
        await storage.outbox.queueMail(
          { kind: 'desk-message', message: `Update ${n}: news about your order.`, about: 'quote' },
          { recipient: 'customer', reference },
        );
      }
      const reorders = [];
      for (let n = 0; n < 5; n += 1)
        reorders.push(await storage.submissions.saveSubmission(quote({ email: 'busy@example.com' })));
      expect(reorders.map((entry) => entry.confirmationSkipped)).toEqual([false, false, false, false, true]);
      // The one skipped is said beside the request on the desk.
      const skipped = await storage.desk.getRequest(reorders[4]?.reference ?? '');
      expect(skipped?.events.map((event) => event.type)).toContain('confirmation_skipped');
      const sent = await storage.desk.getRequest(reorders[3]?.reference ?? '');
      expect(sent?.events.map((event) => event.type)).not.toContain('confirmation_skipped');
    });

    it('holds one notification for the shop and one for the customer, due at once', async () => {
      const time = clock('2026-05-01T10:00:00.000Z');
      const storage = await open(time.now);
      const { reference } = await storage.submissions.saveSubmission(quote());
      expect(await storage.outbox.dueNotifications(time.now(), 10)).toEqual([
        {
          id: expect.any(Number),
          reference,
          recipient: 'shop',
          attempts: 0,
          nextAttemptAt: time.now(),
          lastError: null,
        },
        {
          id: expect.any(Number),
          reference,
          recipient: 'customer',
          attempts: 0,
          nextAttemptAt: time.now(),
          lastError: null,
        },
      ]);
      expect(await storage.outbox.dueNotifications(new Date('2026-05-01T09:59:59.999Z'), 10)).toEqual([]);
    });

    it('gives claims oldest first, one row each, none twice while its lease runs, and a retry only once due', async () => {
      const time = clock('2026-05-01T10:00:00.000Z');
      const storage = await open(time.now);
      const first = await storage.submissions.saveSubmission(quote());
      time.set('2026-05-01T10:01:00.000Z');
      const second = await storage.submissions.saveSubmission(quote({ kind: 'contact' }));

      const claims = [];
      for (let index = 0; index < 4; index += 1) claims.push(await storage.outbox.claimNotification(60_000));
      expect(claims.map((claimed) => [claimed?.reference, claimed?.recipient])).toEqual([
        [first.reference, 'shop'],
        [first.reference, 'customer'],
        [second.reference, 'shop'],
        [second.reference, 'customer'],
      ]);
      expect(claims[0]).toMatchObject({
        attempts: 0,
        lastError: null,
        submittedAt: new Date('2026-05-01T10:00:00.000Z'),
      });
      // Every row is held: nothing more to claim, and none is due for the operators either.
      expect(await storage.outbox.claimNotification(60_000)).toBeUndefined();
      expect(await storage.outbox.dueNotifications(new Date(), 10)).toEqual([]);

      const [shop] = claims;
      if (!shop) throw new Error('no claim');
      expect(await storage.outbox.markNotificationFailed(shop, '421 try again later', { retryInMs: 600_000 })).toBe(
        true,
      );
      expect(await storage.outbox.claimNotification(60_000)).toBeUndefined();
      const [state] = await storage.outbox.notificationsOf(first.reference);
      expect(state).toMatchObject({ attempts: 1, lastError: '421 try again later', sentAt: null, failedAt: null });
      expect(state?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 590_000);

      await runSql(location(), 'update outbox set next_attempt_at = $1 where id = $2', [isoFromNow(-1), shop.id]);
      expect(await storage.outbox.claimNotification(60_000)).toMatchObject({
        id: shop.id,
        attempts: 1,
        lastError: '421 try again later',
      });
    });

    it('lets only the holder mark a claim, and hands a dead holder’s claim to another worker once the lease runs out', async () => {
      const storage = await open();
      const { reference } = await storage.submissions.saveSubmission(quote());
      const dead = await storage.outbox.claimNotification(300);
      if (!dead) throw new Error('nothing to claim');
      // The customer's row is held by a live worker meanwhile, so only the shop's can come back.
      await storage.outbox.claimNotification(60_000);
      expect(await storage.outbox.markNotificationSent({ id: dead.id, claim: 'someone else' })).toBe(false);
      // The holder "dies" here: no mark, and the lease (300 ms by the database's clock) runs out.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const heir = await storage.outbox.claimNotification(60_000);
      expect(heir).toMatchObject({ id: dead.id, reference, recipient: 'shop' });
      if (!heir) throw new Error('not taken over');
      expect(heir.claim).not.toBe(dead.claim);
      // The old holder wakes up: its mark changes nothing, the heir's counts.
      expect(await storage.outbox.markNotificationSent(dead)).toBe(false);
      expect(await storage.outbox.markNotificationFailed(dead, 'late', { retryInMs: 1 })).toBe(false);
      expect(await storage.outbox.markNotificationSent(heir)).toBe(true);
      expect(await storage.outbox.markNotificationSent(heir)).toBe(false);
      expect((await storage.outbox.notificationsOf(reference))[0]).toMatchObject({ attempts: 1, lastError: null });
    });

    it('never gives one row to two of 60 claimers racing on three connections', { timeout: 30_000 }, async () => {
      const storage = await open();
      // A different address each: one address gets at most 5 confirmations a day.
      for (let index = 0; index < 100; index += 1) {
        await storage.submissions.saveSubmission(quote({ kind: 'contact', email: `visitor-${index}@example.com` }));
      }
      const others = [await open(), await open()];
      const claimed: number[] = [];
      await Promise.all(
        Array.from({ length: 60 }, async (_, index) => {
          const on = [storage, ...others][index % 3] as TestStorage;
          for (;;) {
            const row = await on.outbox.claimNotification(60_000);
            if (!row) return;
            claimed.push(row.id);
          }
        }),
      );
      expect(claimed).toHaveLength(200);
      expect(new Set(claimed).size).toBe(200);
    });

    it('releases a claim so another worker takes it at once', async () => {
      const storage = await open();
      await storage.submissions.saveSubmission(quote({ kind: 'contact' }));
      const first = await storage.outbox.claimNotification(60_000);
      if (!first) throw new Error('nothing to claim');
      await storage.outbox.claimNotification(60_000);
      expect(await storage.outbox.claimNotification(60_000)).toBeUndefined();
      await storage.outbox.releaseNotification(first);
      expect(await storage.outbox.claimNotification(60_000)).toMatchObject({ id: first.id, attempts: 0 });
    });

    it('stops offering a sent notification and counts it as done', async () => {
      const storage = await open();
      const { reference } = await storage.submissions.saveSubmission(quote());
      const shop = await storage.outbox.claimNotification(60_000);
      if (!shop) throw new Error('nothing to claim');
      await storage.outbox.markNotificationFailed(shop, 'connection refused', { retryInMs: 0 });
      // Due again at once, behind the customer's row, which was due first.
      expect((await storage.outbox.claimNotification(60_000))?.recipient).toBe('customer');
      const again = await storage.outbox.claimNotification(60_000);
      expect(again).toMatchObject({ id: shop.id, attempts: 1 });
      if (!again) throw new Error('not due again');
      expect(await storage.outbox.markNotificationSent(again)).toBe(true);

      expect((await storage.submissions.getSubmission(reference))?.pendingNotifications).toBe(1);
      expect((await storage.submissions.listSubmissions())[0]?.pendingNotifications).toBe(1);
      const [sent, waiting] = await storage.outbox.notificationsOf(reference);
      expect(sent).toMatchObject({ recipient: 'shop', attempts: 2, failedAt: null });
      expect(Math.abs((sent?.sentAt?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);
      expect(waiting).toMatchObject({ recipient: 'customer', attempts: 0, sentAt: null });
      expect(await storage.outbox.claimNotification(60_000)).toBeUndefined();
    });

    it('keeps a failed notification out of the queue and the pending count until an operator resends it', async () => {
      const storage = await open();
      const { reference } = await storage.submissions.saveSubmission(quote());
      const shop = await storage.outbox.claimNotification(60_000);
      if (!shop) throw new Error('nothing to claim');
      expect(await storage.outbox.markNotificationFailed(shop, '550 no such user', { final: true })).toBe(true);
      expect((await storage.outbox.claimNotification(60_000))?.recipient).toBe('customer');
      expect(await storage.outbox.claimNotification(60_000)).toBeUndefined();
      expect(await storage.outbox.failedNotifications()).toMatchObject([
        { reference, recipient: 'shop', attempts: 1, lastError: '550 no such user', sentAt: null },
      ]);
      expect((await storage.submissions.getSubmission(reference))?.pendingNotifications).toBe(1);

      expect(await storage.outbox.resendNotifications('Q-2026-999999')).toBe(0);
      expect(await storage.outbox.resendNotifications(reference, 'customer')).toBe(0);
      expect(await storage.outbox.resendNotifications(reference)).toBe(1);
      expect(await storage.outbox.failedNotifications()).toEqual([]);
      expect(await storage.outbox.claimNotification(60_000)).toMatchObject({ id: shop.id, attempts: 1 });
    });

    it('keeps a long error short and refuses a negative limit or lease', async () => {
      const storage = await open();
      const { reference } = await storage.submissions.saveSubmission(quote());
      const shop = await storage.outbox.claimNotification(60_000);
      if (!shop) throw new Error('nothing to claim');
      await storage.outbox.markNotificationFailed(shop, 'x'.repeat(50_000), { retryInMs: 0 });
      expect((await storage.outbox.notificationsOf(reference))[0]?.lastError?.length).toBe(1_000);
      // SQLite would read LIMIT -1 as "everything".
      await expect(storage.outbox.dueNotifications(new Date(), -1)).rejects.toThrow(RangeError);
      await expect(storage.outbox.claimNotification(-1)).rejects.toThrow(RangeError);
    });
  });

  describe('listSubmissions', () => {
    it('lists newest first, one kind or all, up to the limit', async () => {
      const time = clock('2026-02-01T09:00:00.000Z');
      const storage = await open(time.now);
      for (const [at, kind] of [
        ['2026-02-01T09:00:00.000Z', 'quote'],
        ['2026-02-02T09:00:00.000Z', 'contact'],
        ['2026-02-03T09:00:00.000Z', 'quote'],
      ] as const) {
        time.set(at);
        await storage.submissions.saveSubmission(quote({ kind, files: [file('a.png', Buffer.from('a'))] }));
      }
      expect((await storage.submissions.listSubmissions()).map((summary) => summary.reference)).toEqual([
        'Q-2026-000002',
        'C-2026-000001',
        'Q-2026-000001',
      ]);
      expect(
        (await storage.submissions.listSubmissions({ kind: 'quote', limit: 1 })).map((summary) => summary.reference),
      ).toEqual(['Q-2026-000002']);
      expect((await storage.submissions.listSubmissions({ kind: 'contact' }))[0]).toEqual({
        reference: 'C-2026-000001',
        kind: 'contact',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        createdAt: new Date('2026-02-02T09:00:00.000Z'),
        fileCount: 1,
        pendingNotifications: 2,
      });
    });
  });

  describe('durability', () => {
    it('keeps everything, counters included, across a close and a reopen', async () => {
      const first = await open();
      const { reference } = await first.submissions.saveSubmission(
        quote({ files: [file('logo.png', Buffer.from('logo bytes'))] }),
      );
      const shop = await first.outbox.claimNotification(60_000);
      if (!shop) throw new Error('nothing to claim');
      await first.outbox.markNotificationSent(shop);
      await first.close();

      const second = await open();
      const stored = await second.submissions.getSubmission(reference);
      expect(stored?.files[0]?.data.toString()).toBe('logo bytes');
      expect(stored?.pendingNotifications).toBe(1);
      expect((await second.submissions.saveSubmission(quote())).reference).toMatch(/-000002$/);
    });

    if (backend === 'sqlite')
      it('has every acknowledged save on disk for another process, without a close', async () => {
        const storage = await open();
        const { reference } = await storage.submissions.saveSubmission(quote());
        // The WAL is where committed transactions wait for a checkpoint; a reader still sees them.
        expect(existsSync(`${databasePath(databaseDir)}-wal`)).toBe(true);
        const reader = new Database(databasePath(databaseDir), { readonly: true });
        try {
          expect(reader.prepare('select reference from submissions').pluck().all()).toEqual([reference]);
        } finally {
          reader.close();
        }
      });

    it('keeps every save it acknowledged when the process is killed in the middle of writing', {
      timeout: 20_000,
    }, async () => {
      // Twenty saves in flight at a time, each printing its reference once saveSubmission resolves.
      const writer = `
      const { openDatabase } = await import(process.env.STORAGE_MODULE);
      const { createFeatureStores } = await import(process.env.STORES_MODULE);
      const { submissions } = createFeatureStores(await openDatabase(JSON.parse(process.env.STORAGE_LOCATION)));
      const data = Buffer.alloc(20_000, 7);
      const file = { name: 'logo.png', mediaType: 'image/png', size: data.length, data };
      const save = async () => {
        for (;;) {
          const { reference } = await submissions.saveSubmission({ kind: 'quote', name: 'n', email: 'n@example.com', payload: {}, files: [file] });
          process.stdout.write(reference + '\\n');
        }
      };
      await Promise.all(Array.from({ length: 20 }, save));
    `;
      const child = spawn(process.execPath, ['--input-type=module', '-e', writer], {
        env: {
          ...process.env,
          STORAGE_MODULE: new URL('./open-database.ts', import.meta.url).href,
          STORES_MODULE: new URL('../feature-stores.ts', import.meta.url).href,
          STORAGE_LOCATION: JSON.stringify(location()),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // The writer never stops by itself: a failing test must not leave it running.
      onTestFinished(() => {
        child.kill('SIGKILL');
      });
      let output = '';
      let errors = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        errors += chunk;
      });
      const exited = new Promise((resolve) => child.on('close', resolve));
      await new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          if (output.split('\n').length > 200) resolve();
        });
        child.on('close', () => resolve());
      });
      child.kill('SIGKILL');
      await exited;
      expect(errors).toBe('');

      // The last line may be cut off by the kill: only whole references were acknowledged.
      const acknowledged = output.split('\n').filter((line) => /^Q-\d{4}-\d{6}$/.test(line));
      expect(acknowledged.length).toBeGreaterThanOrEqual(200);
      const storage = await open();
      for (const reference of acknowledged) {
        expect((await storage.submissions.getSubmission(reference))?.files[0]?.size, reference).toBe(20_000);
      }
    });
  });

  describe('deleteSubmissionsBefore', () => {
    /** What the worker does once the mail is accepted, for every notification due by then. */
    async function sendAll(storage: TestStorage) {
      for (;;) {
        const claimed = await storage.outbox.claimNotification(60_000);
        if (!claimed) return;
        await storage.outbox.markNotificationSent(claimed);
      }
    }

    const cutoff = new Date('2025-11-22T00:00:00.000Z');

    it('deletes many in batches, whatever their mail state, and keeps every recent one', async () => {
      const time = clock('2025-01-10T08:00:00.000Z');
      const storage = await open(time.now);
      // More than a few batches' worth, with never-sent ones among the old ones.
      for (let index = 0; index < 34; index += 1) await storage.submissions.saveSubmission(quote());
      await sendAll(storage);
      const unsent = [];
      for (let index = 0; index < 4; index += 1)
        unsent.push((await storage.submissions.saveSubmission(quote())).reference);
      time.set('2026-03-01T12:00:00.000Z');
      const recent = await storage.submissions.saveSubmission(quote());

      const expected = { deleted: 38, neverMailedToShop: unsent };
      expect(await storage.submissions.deleteSubmissionsBefore(cutoff, { dryRun: true })).toEqual(expected);
      expect(await storage.submissions.deleteSubmissionsBefore(cutoff)).toMatchObject(expected);
      expect((await storage.submissions.listSubmissions({ limit: 100 })).map((summary) => summary.reference)).toEqual([
        recent.reference,
      ]);
    });

    it('deletes the old submissions with their files and notifications, and keeps the rest', async () => {
      const time = clock('2025-01-10T08:00:00.000Z');
      const storage = await open(time.now);
      const old = await storage.submissions.saveSubmission(
        quote({ files: [file('logo.png', Buffer.from('logo')), file('brief.pdf', Buffer.from('pdf'))] }),
      );
      time.set('2025-11-21T23:59:59.999Z');
      const lastOld = await storage.submissions.saveSubmission(quote({ kind: 'contact' }));
      // Created at the cutoff itself: not before it, so not yet.
      time.set('2025-11-22T00:00:00.000Z');
      const atCutoff = await storage.submissions.saveSubmission(quote({ files: [file('a.png', Buffer.from('a'))] }));
      time.set('2026-03-01T12:00:00.000Z');
      const recent = await storage.submissions.saveSubmission(quote({ files: [file('b.png', Buffer.from('b'))] }));
      await sendAll(storage);

      expect(await storage.submissions.deleteSubmissionsBefore(cutoff)).toMatchObject({
        deleted: 2,
        neverMailedToShop: [],
      });

      expect(await storage.submissions.getSubmission(old.reference)).toBeUndefined();
      expect(await storage.submissions.getSubmission(lastOld.reference)).toBeUndefined();
      expect((await storage.submissions.listSubmissions()).map((summary) => summary.reference)).toEqual([
        recent.reference,
        atCutoff.reference,
      ]);
      expect(await storage.outbox.notificationsOf(old.reference)).toEqual([]);
      // Nothing left over from the deleted ones, as another process sees the tables.
      expect(await countRows()).toMatchObject({ submissions: 2, files: 2, outbox: 4 });
      expect(await storage.submissions.deleteSubmissionsBefore(cutoff)).toMatchObject({
        deleted: 0,
        neverMailedToShop: [],
      });
    });

    it('deletes an old submission whose mail never went out, with its outbox rows, and names it', async () => {
      const time = clock('2024-06-01T10:00:00.000Z');
      const storage = await open(time.now);
      // Never tried (no SMTP), failed for good, and still being retried: none of them keeps it any longer.
      const refused = await storage.submissions.saveSubmission(quote());
      const retrying = await storage.submissions.saveSubmission(quote());
      const customerOnly = await storage.submissions.saveSubmission(quote());
      for (;;) {
        const claimed = await storage.outbox.claimNotification(60_000);
        if (!claimed) break;
        if (claimed.reference === refused.reference && claimed.recipient === 'shop')
          await storage.outbox.markNotificationFailed(claimed, '550 no such user', { final: true });
        else if (claimed.reference === retrying.reference && claimed.recipient === 'shop')
          await storage.outbox.markNotificationFailed(claimed, '421 busy', { retryInMs: 3_600_000 });
        else if (claimed.reference === customerOnly.reference && claimed.recipient === 'customer')
          await storage.outbox.markNotificationFailed(claimed, '550 no such user', { final: true });
        else await storage.outbox.markNotificationSent(claimed);
      }
      const neverTried = await storage.submissions.saveSubmission(
        quote({ files: [file('logo.png', Buffer.from('logo'))] }),
      );
      expect(await storage.outbox.failedNotifications()).toHaveLength(2);

      expect(await storage.submissions.deleteSubmissionsBefore(cutoff)).toMatchObject({
        deleted: 4,
        // The customer's mail failing does not count: the shop did get that one.
        neverMailedToShop: [refused.reference, retrying.reference, neverTried.reference],
      });
      expect(await countRows()).toMatchObject({ submissions: 0, files: 0, outbox: 0 });
      expect(await storage.outbox.failedNotifications()).toEqual([]);
      expect(await storage.outbox.claimNotification(60_000)).toBeUndefined();
    });

    it('only counts on a dry run, the same numbers a real run then gives', async () => {
      const time = clock('2025-01-10T08:00:00.000Z');
      const storage = await open(time.now);
      await storage.submissions.saveSubmission(quote({ files: [file('logo.png', Buffer.from('logo'))] }));
      await storage.submissions.saveSubmission(quote());
      await sendAll(storage);
      const unsent = await storage.submissions.saveSubmission(quote());
      time.set('2026-01-10T08:00:00.000Z');
      await storage.submissions.saveSubmission(quote());
      const before = await countRows();

      const expected = { deleted: 3, neverMailedToShop: [unsent.reference] };
      expect(await storage.submissions.deleteSubmissionsBefore(cutoff, { dryRun: true })).toEqual(expected);
      expect(await countRows()).toEqual(before);
      expect(await storage.submissions.deleteSubmissionsBefore(cutoff)).toMatchObject(expected);
      expect(await countRows()).toMatchObject({ submissions: 1, files: 0, outbox: 2 });
    });

    it('stops between batches once its signal is aborted', async () => {
      const time = clock('2025-01-10T08:00:00.000Z');
      const storage = await open(time.now);
      for (let index = 0; index < 25; index += 1) await storage.submissions.saveSubmission(quote());
      const shutdown = new AbortController();
      shutdown.abort();
      expect(await storage.submissions.deleteSubmissionsBefore(cutoff, { signal: shutdown.signal })).toMatchObject({
        deleted: 0,
      });
      expect(await countRows()).toMatchObject({ submissions: 25 });
    });

    it('keeps orders (an approved quote, a payment) until they are older than the order cutoff too', async () => {
      const time = clock('2018-05-01T08:00:00.000Z');
      const storage = await open(time.now);
      const staff = 'staff:owner@seenwear.example' as const;
      const ancientOrder = await storage.submissions.saveSubmission(quote());
      time.set('2024-02-01T08:00:00.000Z');
      const unanswered = await storage.submissions.saveSubmission(quote());
      const approved = await storage.submissions.saveSubmission(quote());
      const asked = await storage.submissions.saveSubmission(quote());
      const paidAtShop = await storage.submissions.saveSubmission(quote());
      for (const { reference } of [ancientOrder, approved, asked]) {
        await storage.versions.sendQuote(
          reference,
          {
            lines: [{ label: 'Front print', quantity: 40, unitCents: 1000 }],
            notes: '',
            validUntil: '2099-01-31',
            depositPercent: 50,
          },
          { from: 'new', to: 'quoted', actor: staff, mail: (version) => ({ kind: 'quote-sent', version }) },
        );
      }
      for (const [{ reference }, decision] of [
        [ancientOrder, 'approved'],
        [approved, 'approved'],
        [asked, 'changes'],
      ] as const) {
        await storage.customer.decideVersion(
          reference,
          { subject: 'quote', version: 1, decision, name: 'Dana', comment: '', ip: '', userAgent: '' },
          () => ({ ok: true, to: decision === 'approved' ? 'approved' : 'quoted' }),
        );
      }
      await storage.payments.recordOfflinePayment(paidAtShop.reference, {
        amountCents: 5000,
        method: 'cash',
        purpose: 'other',
        note: '',
        actor: staff,
      });
      await sendAll(storage);
      time.set('2026-03-01T12:00:00.000Z');

      const ordersBefore = new Date('2019-03-01T00:00:00.000Z');
      const expected = { deleted: 3, neverMailedToShop: [] };
      expect(await storage.submissions.deleteSubmissionsBefore(cutoff, { dryRun: true, ordersBefore })).toEqual(
        expected,
      );
      expect(await storage.submissions.deleteSubmissionsBefore(cutoff, { ordersBefore })).toMatchObject(expected);
      // Gone: the request nobody answered, the quote the customer only asked to change, the order past its years.
      for (const gone of [unanswered, asked, ancientOrder])
        expect(await storage.submissions.getSubmission(gone.reference)).toBeUndefined();
      // Kept: the approved quote and the one paid at the counter, with their money.
      expect(await storage.submissions.getSubmission(approved.reference)).toBeDefined();
      expect(await storage.payments.paymentsOf(paidAtShop.reference)).toMatchObject([
        { amountCents: 5000, method: 'cash' },
      ]);
    });

    it('never gives a deleted reference to a new submission, even after a reopen', async () => {
      const time = clock('2025-03-01T08:00:00.000Z');
      const storage = await open(time.now);
      const first = await storage.submissions.saveSubmission(quote());
      const second = await storage.submissions.saveSubmission(quote());
      expect([first.reference, second.reference]).toEqual(['Q-2025-000001', 'Q-2025-000002']);
      await sendAll(storage);
      // Everything so far, in the same year, so the counter is the only memory of those numbers.
      expect(await storage.submissions.deleteSubmissionsBefore(new Date('2025-03-02T00:00:00.000Z'))).toMatchObject({
        deleted: 2,
        neverMailedToShop: [],
      });
      expect(await countRows()).toMatchObject({
        submissions: 0,
        counters: [{ kind: 'quote', year: 2025, last_number: 2 }],
      });

      expect((await storage.submissions.saveSubmission(quote())).reference).toBe('Q-2025-000003');
      await storage.close();
      const reopened = await open(time.now);
      expect((await reopened.submissions.saveSubmission(quote())).reference).toBe('Q-2025-000004');
    });

    if (backend === 'sqlite')
      it('leaves the deleted text in neither the database file nor its write-ahead log, while the server keeps them open', async () => {
        const time = clock('2025-01-10T08:00:00.000Z');
        const storage = await open(time.now);
        // Larger than a page, so it lives in overflow pages, which a plain DELETE only unlinks. Never
        // mailed: the case the purge used to skip.
        const artwork = Buffer.from('ARTWORK-7f3c9e-'.repeat(2_000));
        await storage.submissions.saveSubmission(
          quote({ email: 'private-7f3c9e@example.com', files: [file('logo.png', artwork)], payload: { note: 'x' } }),
        );
        time.set('2026-01-10T08:00:00.000Z');
        await storage.submissions.saveSubmission(quote({ email: 'kept-5d21ab@example.com' }));
        const path = databasePath(databaseDir);
        const onDisk = (text: string) =>
          [path, `${path}-wal`].filter((file) => existsSync(file)).some((file) => readFileSync(file).includes(text));
        expect(onDisk('ARTWORK-7f3c9e-')).toBe(true);
        expect(onDisk('private-7f3c9e@example.com')).toBe(true);

        expect(await storage.submissions.deleteSubmissionsBefore(cutoff)).toMatchObject({
          deleted: 1,
          walTruncated: true,
        });
        // Still open, as the running server holds it: no close to checkpoint the log for us.
        expect(statSync(`${path}-wal`).size).toBe(0);
        expect(onDisk('ARTWORK-7f3c9e-')).toBe(false);
        expect(onDisk('private-7f3c9e@example.com')).toBe(false);
        expect(onDisk('kept-5d21ab@example.com')).toBe(true);
      });

    if (backend === 'sqlite')
      it('says so when a reader in another process keeps it from emptying the log, and empties it next time', async () => {
        const time = clock('2025-01-10T08:00:00.000Z');
        const storage = await open(time.now);
        await storage.submissions.saveSubmission(quote({ email: 'private-91be04@example.com' }));
        const path = databasePath(databaseDir);
        const reader = new Database(path, { readonly: true });
        onTestFinished(() => {
          reader.close();
        });
        reader.pragma('busy_timeout = 0');
        // A read transaction left open, as a slow export would hold one.
        reader.exec('begin');
        reader.prepare('select count(*) from submissions').get();
        expect(await storage.submissions.deleteSubmissionsBefore(cutoff)).toMatchObject({
          deleted: 1,
          walTruncated: false,
        });
        reader.exec('commit');
        expect(await storage.submissions.deleteSubmissionsBefore(cutoff)).toMatchObject({
          deleted: 0,
          walTruncated: true,
        });
        expect(readFileSync(`${path}-wal`).includes('private-91be04@example.com')).toBe(false);
        expect(readFileSync(path).includes('private-91be04@example.com')).toBe(false);
      }, 20_000);

    if (backend === 'sqlite')
      it('cuts the write-ahead log back under 8 MiB after a large upload has been checkpointed', async () => {
        const storage = await open();
        await storage.submissions.saveSubmission(quote({ files: [file('big.png', randomBytes(12 * 1024 * 1024))] }));
        const path = databasePath(databaseDir);
        expect(statSync(`${path}-wal`).size).toBeGreaterThan(12 * 1024 * 1024);
        // The auto-checkpoint after that commit copied the log; the next commit starts it again from the top.
        await storage.submissions.saveSubmission(quote());
        expect(statSync(`${path}-wal`).size).toBeLessThanOrEqual(8 * 1024 * 1024);
      }, 20_000);

    it('refuses a cutoff that is not a date', async () => {
      const storage = await open();
      await expect(storage.submissions.deleteSubmissionsBefore(new Date('not a date'))).rejects.toThrow(RangeError);
    });
  });
});
