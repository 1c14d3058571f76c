import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type StorageLocation } from '#server/storage/open-database.ts';
import { orderRetentionCutoff, retentionCutoff } from '#shared/submissions/retention.ts';
import { createDatabase } from '#tests/support/postgres-server.ts';
import { runSql, type TestStorage, testStoresOf } from '#tests/support/test-storage.ts';

/** `npm run submissions -- …` without npm: the script as operators run it, on this Node. */
const script = new URL('./submissions.ts', import.meta.url).pathname;

function cli(args: string[], where: StorageLocation) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const env =
      'databaseUrl' in where
        ? { ...process.env, DATABASE_URL: where.databaseUrl }
        : { ...process.env, DATABASE_DIR: where.databaseDir };
    const child = spawn(process.execPath, [script, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** RFC 4180 read back, to check the export round-trips rather than how it looks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  if (cell !== '' || row.length > 0) throw new Error(`the last record does not end with CRLF: ${JSON.stringify(cell)}`);
  return rows;
}

const formula = '=HYPERLINK("https://evil.example","Open invoice")';
const tricky = 'Lee, "The Printer"\nSpringfield';

/** Claims every due notification and marks it sent, as the worker does once the mail goes. */
async function sendAll(storage: TestStorage) {
  for (;;) {
    const claimed = await storage.outbox.claimNotification(60_000);
    if (!claimed) return;
    await storage.outbox.markNotificationSent(claimed);
  }
}

/** A database of its own for each group of tests, on the backend being tested. */
async function newLocation(backend: 'sqlite' | 'postgres'): Promise<StorageLocation> {
  return backend === 'postgres'
    ? { databaseUrl: await createDatabase(inject('postgresUrl')) }
    : { databaseDir: await mkdtemp(join(tmpdir(), 'seenwear-cli-')) };
}

async function removeLocation(where: StorageLocation) {
  if ('databaseDir' in where) await rm(where.databaseDir, { recursive: true, force: true });
}

// The operators' tool works against either database, whichever the server uses.
describe.each(['sqlite', 'postgres'] as const)('on %s', (backend) => {
  let databaseDir: StorageLocation;
  let storage: TestStorage;
  let quoteReference: string;
  let contactReference: string;

  beforeAll(async () => {
    databaseDir = await newLocation(backend);
    let now = new Date('2026-04-02T14:30:00.000Z');
    storage = testStoresOf(await openDatabase(databaseDir, { now: () => now }), databaseDir);
    ({ reference: quoteReference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: formula,
      email: 'dana@example.com',
      payload: { garment: 'Hoodies', quantity: 24, message: 'Two colours,\n"navy" and grey', phone: '+1 555 0100' },
      files: [
        { name: 'logo.png', mediaType: 'image/png', size: 2048, data: Buffer.alloc(2048, 7) },
        { name: 'brief.pdf', mediaType: 'application/pdf', size: 10, data: Buffer.alloc(10, 1) },
      ],
    }));
    now = new Date('2026-04-03T09:05:00.000Z');
    ({ reference: contactReference } = await storage.submissions.saveSubmission({
      kind: 'contact',
      name: tricky,
      email: 'lee@example.com',
      payload: { message: 'Do you embroider caps?' },
      files: [],
    }));
    const shop = await storage.outbox.claimNotification(60_000);
    const customer = await storage.outbox.claimNotification(60_000);
    if (!shop || !customer) throw new Error('nothing to claim');
    await storage.outbox.markNotificationSent(shop);
    await storage.outbox.markNotificationFailed(customer, '451 mailbox unavailable', { retryInMs: 60_000 });
    // The database's clock dates those; fixed times keep the expected output readable.
    await runSql(databaseDir, 'update outbox set sent_at = $1 where id = $2', ['2026-04-02T14:30:05.000Z', shop.id]);
    await runSql(databaseDir, 'update outbox set next_attempt_at = $1 where id = $2', [
      '2026-04-02T15:00:00.000Z',
      customer.id,
    ]);
    // The server stays open while operators read: WAL lets the CLI in beside it.
  });

  afterAll(async () => {
    await storage.close();
    await removeLocation(databaseDir);
  });

  describe('npm run submissions', { timeout: 20_000 }, () => {
    it('lists newest first with the files and the mail still to send', async () => {
      const { code, stdout, stderr } = await cli(['list'], databaseDir);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      const lines = stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^Reference\s+Kind\s+Received \(UTC\)\s+Name\s+Email\s+Files\s+Pending mail$/);
      // The newline a visitor typed is shown, not obeyed; a long name is cut to keep the columns.
      expect(lines[1]).toMatch(
        new RegExp(`^${contactReference}\\s+contact\\s+2026-04-03 09:05\\s+Lee, "The Printer"\\\\u000aSpr…\\s+`),
      );
      expect(lines[1]).toMatch(/lee@example\.com\s+0\s+2$/);
      expect(lines[2]).toMatch(new RegExp(`^${quoteReference}\\s+quote\\s+2026-04-02 14:30\\s+`));
      expect(lines[2]).toMatch(/dana@example\.com\s+2\s+1$/);
      expect(lines).toHaveLength(3);

      const quotes = await cli(['list', '--kind', 'quote', '--limit', '5'], databaseDir);
      expect(quotes.stdout).toContain(quoteReference);
      expect(quotes.stdout).not.toContain(contactReference);
    });

    it('shows one submission: its fields, files and where each notification stands', async () => {
      const { code, stdout } = await cli(['show', quoteReference.toLowerCase()], databaseDir);
      expect(code).toBe(0);
      expect(stdout).toContain(`${quoteReference} (quote)`);
      expect(stdout).toContain('Received  2026-04-02 14:30:00 UTC');
      expect(stdout).toContain(`Name      ${formula}`);
      expect(stdout).toMatch(/garment\s+Hoodies/);
      expect(stdout).toMatch(/quantity\s+24/);
      // A multi-line answer stays readable, its lines under one another.
      expect(stdout).toMatch(/message\s+Two colours,\n\s+"navy" and grey/);
      expect(stdout).toContain('1. logo.png  image/png  2.0 KB (2,048 bytes)');
      expect(stdout).toContain('2. brief.pdf  application/pdf  10 B');
      expect(stdout).toMatch(/shop\s+sent 2026-04-02 14:30:05 UTC \(1 attempt\)/);
      expect(stdout).toMatch(
        /customer\s+not sent after 1 attempt, last error: 451 mailbox unavailable; next try 2026-04-02 15:00:00 UTC/,
      );
    });

    it('exports RFC 4180 CSV that a spreadsheet cannot turn into a formula', async () => {
      const { code, stdout, stderr } = await cli(['export', '--format', 'csv'], databaseDir);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      const rows = parseCsv(stdout);
      expect(rows).toEqual([
        ['reference', 'kind', 'created_at', 'name', 'email', 'file_count', 'payload'],
        [
          quoteReference,
          'quote',
          '2026-04-02T14:30:00.000Z',
          `'${formula}`,
          'dana@example.com',
          '2',
          expect.any(String),
        ],
        [contactReference, 'contact', '2026-04-03T09:05:00.000Z', tricky, 'lee@example.com', '0', expect.any(String)],
      ]);
      expect(JSON.parse(rows[1]?.[6] ?? '')).toEqual({
        garment: 'Hoodies',
        quantity: 24,
        message: 'Two colours,\n"navy" and grey',
        phone: '+1 555 0100',
      });
      // The raw text: the formula cell is quoted because of its own quotes, and starts with the apostrophe.
      expect(stdout).toContain(`,"'=HYPERLINK(""https://evil.example"",""Open invoice"")",`);

      const contacts = parseCsv((await cli(['export', '--kind', 'contact'], databaseDir)).stdout);
      expect(contacts.map((row) => row[0])).toEqual(['reference', contactReference]);
    });

    it('exits 1 for a reference that does not exist', async () => {
      const unknown = await cli(['show', 'Q-2026-999999'], databaseDir);
      expect(unknown).toEqual({
        code: 1,
        stdout: '',
        stderr: 'submissions: no submission with reference Q-2026-999999\n',
      });
    });

    if (backend === 'postgres')
      it('exits 1 when the database cannot be reached', async () => {
        const url = new URL(inject('postgresUrl'));
        url.port = '1';
        const unreachable = await cli(['list'], { databaseUrl: url.href });
        expect(unreachable.code).toBe(1);
        expect(unreachable.stderr).toMatch(/^submissions: .*ECONNREFUSED/);
      });

    if (backend === 'sqlite')
      it('exits 1 for a data directory without a database, creating none', async () => {
        const elsewhere = join(tmpdir(), `seenwear-cli-typo-${process.pid}`);
        const missing = await cli(['list'], { databaseDir: elsewhere });
        expect(missing.code).toBe(1);
        expect(missing.stderr).toContain(`no submissions database at ${join(elsewhere, 'submissions.sqlite')}`);
        // Looking must not create an empty database where the operator mistyped.
        expect(existsSync(elsewhere)).toBe(false);
      });

    // Eighteen runs of the tool one after another: on a loaded 2-core machine that outlasts 20 s.
    it('exits 2 with the usage for anything it does not understand', { timeout: 60_000 }, async () => {
      for (const args of [
        [],
        ['delete', quoteReference],
        ['constructor'],
        ['list', '--limit', 'ten'],
        ['list', '--kind', 'order'],
        ['list', '--verbose'],
        ['show'],
        ['show', quoteReference, contactReference],
        ['export', '--format', 'xlsx'],
        ['purge', '--older-than-days'],
        ['purge', '--older-than-days', '0'],
        ['purge', '--older-than-days', '-5'],
        ['purge', '--older-than-days', '1.5'],
        ['purge', '--older-than-days', '1e3'],
        ['purge', '--older-than-days', '99999999'],
        ['purge', '--older-than-days', '365', 'now'],
      ]) {
        const { code, stdout, stderr } = await cli(args, databaseDir);
        expect({ args, code, stdout }).toEqual({ args, code: 2, stdout: '' });
        expect(stderr).toContain('Usage: npm run submissions -- <command>');
      }
      const help = await cli(['--help'], databaseDir);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('export --format csv');
      expect(help.stdout).toContain('purge [--older-than-days N] [--dry-run]');
    });
  });

  describe('npm run submissions -- failed and resend', { timeout: 20_000 }, () => {
    let where: StorageLocation;
    let server: TestStorage;
    let reference: string;

    beforeAll(async () => {
      where = await newLocation(backend);
      server = testStoresOf(await openDatabase(where), where);
      ({ reference } = await server.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana',
        email: 'nobody@example.com',
        payload: {},
        files: [],
      }));
      const shop = await server.outbox.claimNotification(60_000);
      const customer = await server.outbox.claimNotification(60_000);
      if (!shop || !customer) throw new Error('nothing to claim');
      await server.outbox.markNotificationSent(shop);
      await server.outbox.markNotificationFailed(customer, '550 5.1.1 <nobody@example.com>: no such user', {
        final: true,
      });
    });

    afterAll(async () => {
      await server.close();
      await removeLocation(where);
    });

    it('lists the failed notifications, shows them as failed, and queues them again on resend', async () => {
      const listed = await cli(['failed'], where);
      expect({ code: listed.code, stderr: listed.stderr }).toEqual({ code: 0, stderr: '' });
      const lines = listed.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^Reference\s+To\s+Failed \(UTC\)\s+Attempts\s+Last error$/);
      expect(lines[1]).toMatch(
        new RegExp(`^${reference}\\s+customer\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+1\\s+550 5\\.1\\.1`),
      );
      expect(lines[2]).toContain('resend REF');
      expect((await cli(['show', reference], where)).stdout).toMatch(
        /customer\s+failed \S+ \S+ UTC after 1 attempt, last error: 550 .*; not tried again until resent/,
      );

      expect(await cli(['resend', reference, '--to', 'shop'], where)).toEqual({
        code: 0,
        stdout: `${reference} has no failed notification to the shop.\n`,
        stderr: '',
      });
      expect(await cli(['resend', reference.toLowerCase()], where)).toEqual({
        code: 0,
        stdout: `${reference}: 1 notification will be sent again.\n`,
        stderr: '',
      });
      expect((await server.outbox.claimNotification(60_000))?.recipient).toBe('customer');
      expect((await cli(['failed'], where)).stdout).toBe('No failed notifications.\n');
      expect((await cli(['resend', 'Q-2026-999999'], where)).code).toBe(1);
      expect((await cli(['resend', reference, '--to', 'everyone'], where)).code).toBe(2);
    });
  });

  describe('npm run submissions -- purge', { timeout: 20_000 }, () => {
    const dayMs = 24 * 60 * 60 * 1000;
    let purgeDir: StorageLocation;
    let server: TestStorage;
    /** Midnight UTC 365 days before today, as the command reckons it. */
    const cutoffFor365 = () => {
      const today = new Date();
      return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 365 * dayMs);
    };
    const day = (date: Date) => date.toISOString().slice(0, 10);
    // Orders stay the policy's years whatever the cutoff asked: the summary says from when.
    const orders = ` (orders: before ${day(orderRetentionCutoff(new Date()))})`;
    const references = async () => (await server.submissions.listSubmissions()).map((summary) => summary.reference);
    let oldSent: string[];
    let oldUnsent: string;
    let recent: string;

    beforeAll(async () => {
      purgeDir = await newLocation(backend);
      const cutoff = cutoffFor365();
      let now = new Date(cutoff.getTime() - 30 * dayMs);
      server = testStoresOf(await openDatabase(purgeDir, { now: () => now }), purgeDir);
      const save = async (files: number) =>
        (
          await server.submissions.saveSubmission({
            kind: 'quote',
            name: 'Dana',
            email: 'dana@example.com',
            payload: { garment: 'Hoodies' },
            files: Array.from({ length: files }, (_, index) => ({
              name: `logo-${index}.png`,
              mediaType: 'image/png',
              size: 3,
              data: Buffer.from('png'),
            })),
          })
        ).reference;
      oldSent = [await save(2), await save(0)];
      await sendAll(server);
      now = new Date(cutoff.getTime() - 1);
      oldUnsent = await save(1);
      now = new Date(Date.now() - dayMs);
      recent = await save(1);
    });

    afterAll(async () => {
      await server.close();
      await removeLocation(purgeDir);
    });

    it('counts on a dry run, then deletes the old submissions, naming those never mailed to the shop', async () => {
      const before = day(cutoffFor365());
      const dryRun = await cli(['purge', '--older-than-days', '365', '--dry-run'], purgeDir);
      expect({ code: dryRun.code, stderr: dryRun.stderr }).toEqual({ code: 0, stderr: '' });
      expect(dryRun.stdout).toBe(
        `Would delete 3 submissions created before ${before}${orders}.\n1 of them was never mailed to the shop: ${oldUnsent}\n`,
      );
      expect(await references()).toHaveLength(4);

      const purge = await cli(['purge', '--older-than-days=365'], purgeDir);
      expect({ code: purge.code, stderr: purge.stderr }).toEqual({ code: 0, stderr: '' });
      expect(purge.stdout).toBe(
        `Deleted 3 submissions created before ${before}${orders}.\n1 of them was never mailed to the shop: ${oldUnsent}\n`,
      );
      // Read through the server's own connection, open all along, as the running site would see it.
      expect(await references()).toEqual([recent]);
      for (const reference of [...oldSent, oldUnsent])
        expect(await server.submissions.getSubmission(reference)).toBeUndefined();
      expect(await server.outbox.notificationsOf(oldUnsent)).toEqual([]);

      const again = await cli(['purge', '--older-than-days', '365'], purgeDir);
      expect(again).toEqual({
        code: 0,
        stdout: `Deleted 0 submissions created before ${before}${orders}.\n`,
        stderr: '',
      });
    });

    it("takes the privacy policy's period when no --older-than-days is given", async () => {
      const purge = await cli(['purge'], purgeDir);
      expect(purge).toEqual({
        code: 0,
        stdout: `Deleted 0 submissions created before ${day(retentionCutoff(new Date()))}${orders}.\n`,
        stderr: '',
      });
      expect(await references()).toEqual([recent]);
    });

    it('runs while the server goes on saving, without failing either', async () => {
      const purge = cli(['purge', '--older-than-days', '365'], purgeDir);
      let finished = false;
      void purge.finally(() => {
        finished = true;
      });
      const saved: string[] = [];
      while (!finished) {
        saved.push(
          (
            await server.submissions.saveSubmission({
              kind: 'contact',
              name: 'Lee',
              email: 'lee@example.com',
              payload: {},
              files: [],
            })
          ).reference,
        );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(await purge).toEqual({
        code: 0,
        stdout: `Deleted 0 submissions created before ${day(cutoffFor365())}${orders}.\n`,
        stderr: '',
      });
      expect(saved.length).toBeGreaterThan(0);
      expect(await references()).toEqual([...saved.reverse(), recent]);
    });

    if (backend === 'sqlite')
      it('exits 1 without touching anything when there is no database', async () => {
        const elsewhere = join(tmpdir(), `seenwear-cli-purge-typo-${process.pid}`);
        const missing = await cli(['purge', '--older-than-days', '365'], { databaseDir: elsewhere });
        expect(missing.code).toBe(1);
        expect(missing.stderr).toContain('no submissions database at');
        expect(existsSync(elsewhere)).toBe(false);
      });
  });
});
