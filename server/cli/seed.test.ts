import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkKeys } from '#server/http/link-secrets.ts';
import { customerPagePath } from '#server/requests/request-links.ts';
import { openDatabase, type StorageLocation } from '#server/storage/open-database.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, newStorageLocation, runSql, type TestStorage, testStoresOf } from '#tests/support/test-storage.ts';

const script = new URL('./db.ts', import.meta.url).pathname;

function db(args: string[], where: StorageLocation, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: 'databaseUrl' in where ? where.databaseUrl : '',
        DATABASE_DIR: 'databaseDir' in where ? where.databaseDir : tmpdir(),
        ...env,
      },
    });
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

const SEEDED = 600;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe.each(backends)('npm run db -- seed on %s', { timeout: 60_000 }, (backend) => {
  let location: StorageLocation;
  let storage: TestStorage;
  let seeded: Awaited<ReturnType<typeof db>>;
  let folder: string | undefined;

  beforeAll(async () => {
    location = await newStorageLocation(backend);
    if ('databaseDir' in location) folder = location.databaseDir;
    seeded = await db(['seed', '--requests', String(SEEDED)], location);
    storage = testStoresOf(await openDatabase(location), location);
  });

  afterAll(async () => {
    await storage.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('fills the database with requests over five years, in every state, with their history', async () => {
    expect({ code: seeded.code, stderr: seeded.stderr }).toEqual({ code: 0, stderr: '' });
    expect(seeded.stdout).toContain(`with ${SEEDED} made-up requests over five years`);
    const all = await storage.desk.listRequests({ page: 1, pageSize: SEEDED });
    expect(all.total).toBe(SEEDED);
    // Old requests are finished or cancelled, recent ones on their way; contact messages handled or new.
    expect(all.counts.completed).toBeGreaterThan(SEEDED / 3);
    expect(all.counts.cancelled).toBeGreaterThan(0);
    expect(all.counts.handled).toBeGreaterThan(0);
    expect(Object.keys(all.counts).length).toBeGreaterThanOrEqual(5);
    const times = all.items.map((item) => item.createdAt.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(4.5 * YEAR_MS);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    const status = await storage.database.status();
    expect(status.files.count).toBeGreaterThan(0);

    // References rise with the dates, numbered per kind and year from 1.
    const oldest = all.items.at(-1);
    expect(oldest?.reference).toMatch(/^[QC]-\d{4}-000001$/);

    const completed = all.items.find((item) => item.status === 'completed' && item.kind === 'quote');
    if (!completed) throw new Error('No completed quote request');
    const detail = await storage.desk.getRequest(completed.reference);
    expect(detail?.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['opened', 'quote', 'decision', 'proof', 'status']),
    );
    expect(await storage.versions.quotesOf(completed.reference)).toHaveLength(1);
    expect(await storage.versions.proofsOf(completed.reference)).toHaveLength(1);
  });

  it('records the money: deposits once approved, balances on completion, the odd refund of a cancelled order', async () => {
    const rows = (await runSql(
      location,
      `select p.kind, p.purpose, p.method, s.status, count(*) as n from payments p
        join submissions s on s.id = p.submission_id group by p.kind, p.purpose, p.method, s.status`,
    )) as { kind: string; purpose: string; method: string; status: string; n: number | string }[];
    const count = (where: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(where).reduce((sum, row) => sum + Number(row.n), 0);
    const early = ['new', 'quoted'];
    expect(count((row) => row.kind === 'payment' && row.purpose === 'deposit')).toBeGreaterThan(SEEDED / 4);
    expect(count((row) => row.purpose === 'balance' && row.status !== 'completed')).toBe(0);
    expect(count((row) => row.purpose === 'balance')).toBeGreaterThan(SEEDED / 4);
    expect(
      count((row) => row.kind === 'refund' && row.status === 'cancelled' && row.method === 'card'),
    ).toBeGreaterThan(0);
    expect(count((row) => row.kind === 'refund' && row.status !== 'cancelled')).toBe(0);
    expect(count((row) => early.includes(row.status))).toBe(0);
    expect(count((row) => row.method !== 'card')).toBeGreaterThan(0);

    // A completed order has been paid its quote's total, every payment in the request's activity.
    const { items } = await storage.desk.listRequests({ kind: 'quote', status: 'completed', page: 1, pageSize: 50 });
    const paidInFull = await Promise.all(
      items.map(async (item) => {
        const [payments, quotes, detail] = await Promise.all([
          storage.payments.paymentsOf(item.reference),
          storage.versions.quotesOf(item.reference),
          storage.desk.getRequest(item.reference),
        ]);
        const paid = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
        const logged = detail?.events.filter((event) => event.type === 'payment').length;
        return paid === quotes.at(-1)?.totalCents && logged === payments.length && payments.length > 0;
      }),
    );
    expect(paidInFull.every(Boolean)).toBe(true);
    const refunds = (await runSql(
      location,
      `select r.amount_cents as refunded, p.amount_cents as paid, p.kind as paid_kind, r.stripe_refund_id
         from payments r join payments p on p.id = r.refund_of where r.kind = 'refund'`,
    )) as { refunded: number | string; paid: number | string; paid_kind: string; stripe_refund_id: string | null }[];
    expect(refunds.length).toBeGreaterThan(0);
    for (const refund of refunds) {
      expect(Number(refund.refunded)).toBe(Number(refund.paid));
      expect(refund.paid_kind).toBe('payment');
      expect(refund.stripe_refund_id).toMatch(/^re_/);
    }
  });

  it('is found by the desk search, ignoring accents and case', async () => {
    const found = await storage.desk.listRequests({ search: 'CASTANEDA', page: 1, pageSize: 5 });
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.every((item) => item.name.includes('Castañeda'))).toBe(true);
  });

  it('shows seeded requests on the desk and on the customer page', async () => {
    const t = await createTestApp({ storage });
    const { cookie } = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    await request(t.app).get('/staff').set('Cookie', cookie).expect(200);
    const { items } = await storage.desk.listRequests({ kind: 'quote', status: 'proof_sent', page: 1, pageSize: 1 });
    const [quote] =
      items.length > 0 ? items : (await storage.desk.listRequests({ kind: 'quote', page: 1, pageSize: 1 })).items;
    if (!quote) throw new Error('No quote request');
    const desk = await request(t.app).get(`/staff/requests/${quote.reference}`).set('Cookie', cookie).expect(200);
    expect(desk.text).toContain(quote.reference);
    const [completed] = (await storage.desk.listRequests({ kind: 'quote', status: 'completed', page: 1, pageSize: 1 }))
      .items;
    if (!completed) throw new Error('No completed quote request');
    const paid = await request(t.app).get(`/staff/requests/${completed.reference}`).set('Cookie', cookie).expect(200);
    expect(paid.text).toMatch(/Recorded a \$[\d,.]+ balance/);
    const path = await customerPagePath(storage.customer, linkKeys(t.config.csrfSecret), quote.reference);
    if (!path) throw new Error('No customer page');
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain(quote.reference);
  });

  it('refuses a database that already holds requests', async () => {
    const again = await db(['seed', '--requests', '5'], location);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds requests: seed fills only a database without any/);
    expect((await storage.desk.listRequests({ page: 1, pageSize: 1 })).total).toBe(SEEDED);
  });
});

describe('npm run db -- seed refusals', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'seenwear-seed-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is refused in production, before it opens the database', async () => {
    const result = await db(['seed', '--requests', '10'], { databaseDir: folder }, { NODE_ENV: 'production' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('seed is refused with NODE_ENV=production');
  });

  it('asks for a number of requests', async () => {
    for (const args of [['seed'], ['seed', '--requests', 'many'], ['seed', '--requests', '0']]) {
      const result = await db(args, { databaseDir: folder });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('seed needs --requests N');
    }
  });
});
