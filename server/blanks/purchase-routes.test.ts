import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage, runSql } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
// Monday 30 November 2026, 09:00 in Chicago.
const now = () => new Date('2026-11-30T15:00:00Z');
const sample = fileURLToPath(new URL('../../tests/fixtures/blanks/ss-activewear.csv', import.meta.url));

const blanksData: BlanksData = {
  suppliers: [
    {
      id: 'ss-activewear',
      name: 'S&S Activewear',
      warehouses: [
        { code: 'IL', name: 'Lockport, IL', leadDays: 1 },
        { code: 'KS', name: 'Olathe, KS', leadDays: 2 },
      ],
    },
  ],
  styles: [{ garment: 'test-tee', supplier: 'ss-activewear', style: '5000' }],
};

describe.each(backends)('the to-buy list and purchase orders, on %s', (backend) => {
  let t: TestApp;
  let session: { cookie: string; token: string };
  let storage: Awaited<ReturnType<typeof openTestStorage>>;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    t = await createTestApp({ storage, dataDir: fixtureDataDir, now, blanksData });
    session = await staffSession(t.app, t.storage, staff);
    await request(t.app)
      .post('/staff/blanks/import')
      .set('Cookie', session.cookie)
      .set(CSRF_HEADER, session.token)
      .field('supplier', 'ss-activewear')
      .attach('file', readFileSync(sample), 'ss.csv')
      .expect(303);
  });

  /** An approved job for the fixture tee, with its sizes. */
  async function approvedJob(
    name: string,
    colour: string,
    sizes: Record<string, string>,
    promised: string | null = null,
  ) {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name,
      email: 'dana@example.com',
      payload: { name },
      formValues: {
        service: 'direct-to-garment',
        garment: 'test-tee',
        garmentColor: colour,
        ...sizes,
        loc1: 'front',
        loc1Area: 'medium',
        delivery: 'pickup',
      },
      files: [],
    });
    // Approved and on the press on Tuesday 1 December, as the board has it.
    await runSql(
      storage.location,
      `update submissions set status = 'approved', press_date = '2026-12-01', production_service = 'direct-to-garment',
        production_pieces = 20, promised_date = $2, promised_handover = 'pickup' where reference = $1`,
      [reference, promised],
    );
    return reference;
  }

  const post = (fields: Record<string, string | string[]>) =>
    request(t.app)
      .post('/staff/blanks/orders')
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, ...fields });

  it('makes one purchase order of two approved jobs, sizes summed, its total at the sample’s prices', async () => {
    const first = await approvedJob('Dana Whitfield', 'Navy', { qtyM: '10', qtyXL: '8' });
    const second = await approvedJob('Sam Ortiz', 'Navy', { qtyM: '5' });
    const list = await request(t.app).get('/staff/blanks/to-buy').set('Cookie', session.cookie).expect(200);
    expect(list.text).toContain(first);
    expect(list.text).toContain(second);
    // 15 M and 8 XL of the Navy tee at $3.02 each: $69.46.
    expect(list.text).toContain('$69.46');

    const made = await post({ supplier: 'ss-activewear', job: [first, second] }).expect(303);
    const path = made.headers.location as string;
    expect(path).toMatch(/^\/staff\/blanks\/orders\/\d+\?done=made$/);
    const order = await request(t.app).get(path).set('Cookie', session.cookie).expect(200);
    expect(order.text).toContain('Purchase order made');
    expect(order.text).toContain('$69.46');
    // Ordered Monday: 8 XL need Olathe's too (Lockport has 4; two business days), so Wednesday.
    expect(order.text).toContain('Dec 2, 2026');
    const csv = await request(t.app)
      .get(`${path.replace(/\?.*$/, '')}/order.csv`)
      .set('Cookie', session.cookie)
      .expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text).toBe('Sku,Qty\r\nB500040c,15\r\nB500040e,8\r\n');
    const [stored] = await storage.blanks.purchaseOrders(1);
    expect(stored).toMatchObject({ supplier: 'ss-activewear', totalCents: 6946, jobs: [first, second] });

    // Off the list once ordered; ordering them again makes nothing.
    const after = await request(t.app).get('/staff/blanks/to-buy').set('Cookie', session.cookie).expect(200);
    expect(after.text).not.toContain(`value="${first}"`);
    await post({ supplier: 'ss-activewear', job: first }).expect(409);
    await post({ supplier: 'ss-activewear' }).expect(422);
    await request(t.app).get('/staff/blanks/orders/999').set('Cookie', session.cookie).expect(404);

    // Receiving: more than ordered is refused, nothing kept.
    const receive = (fields: Record<string, string>) =>
      request(t.app)
        .post(`${path.replace(/\?.*$/, '')}/receive`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });
    const over = await receive({ 'received.B500040c': '16', 'received.B500040e': '8' }).expect(422);
    expect(over.text).toContain('B500040c: 16 arrived is more than the 15 ordered.');
    expect((await storage.blanks.purchaseOrders(1))[0]?.received).toBeUndefined();

    // 2 XL short: the job that needs them waits, its press day moved past the reorder; the other keeps its day.
    const checked = await receive({ 'received.B500040c': '15', 'received.B500040e': '6' }).expect(303);
    const shown = await request(t.app)
      .get(checked.headers.location as string)
      .set('Cookie', session.cookie)
      .expect(200);
    expect(shown.text).toContain('5000 Navy XL (B500040e): 6 of 8 arrived, 2 short');
    expect(shown.text).toContain(`their press days moved on the`);
    const board = await storage.production.boardOrders();
    // Reordered Monday from the slowest warehouse (two business days) and a day to print: Thursday.
    expect(board.find((order) => order.reference === first)?.pressDate).toBe('2026-12-03');
    expect(board.find((order) => order.reference === second)?.pressDate).toBe('2026-12-01');
    const held = await request(t.app).get(`/staff/requests/${first}`).set('Cookie', session.cookie).expect(200);
    expect(held.text).toContain(
      'Blanks short on purchase order 1 (S&amp;S Activewear): 2 × 5000 Navy XL (B500040e) did not come. Press day moved to Dec 3, 2026',
    );
    await receive({ 'received.B500040c': '15', 'received.B500040e': '8' }).expect(409);
  });

  /** The mails queued to tell a request's customer a new date, with their facts and once-keys. */
  const mailsOf = async (reference: string) => {
    const rows = (await runSql(
      storage.location,
      `select outbox.facts, outbox.once_key from outbox join submissions on submissions.id = outbox.submission_id
        where submissions.reference = $1 and outbox.recipient = 'customer'`,
      [reference],
    )) as { facts: string | Record<string, unknown>; once_key: string | null }[];
    return rows
      .map((row) => ({ facts: typeof row.facts === 'string' ? JSON.parse(row.facts) : row.facts, key: row.once_key }))
      .filter((row) => row.facts?.kind === 'promised-changed');
  };

  it('blocks the jobs a shortage holds up, and tells only the customer whose promised date moves, once', async () => {
    // Both promised for pickup: one on its press day (Tuesday), one with slack (Thursday 10 December).
    const tight = await approvedJob('Lee Park', 'Black', { qtyL: '4', qtyXL: '6' }, '2026-12-01');
    const slack = await approvedJob('Ana Ruiz', 'Black', { qtyXL: '3' }, '2026-12-10');
    const made = await post({ supplier: 'ss-activewear', job: [tight, slack] }).expect(303);
    const path = (made.headers.location as string).replace(/\?.*$/, '');
    const order = await storage.blanks.purchaseOrder(Number(path.split('/').at(-1)));
    const xl = order?.lines.find((line) => line.size === 'XL');
    const large = order?.lines.find((line) => line.size === 'L');
    if (!xl || !large) throw new Error('the order has no XL or L line');
    expect(xl.quantity).toBe(9);
    await request(t.app)
      .post(`${path}/receive`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, [`received.${large.sku}`]: '4', [`received.${xl.sku}`]: '7' })
      .expect(303);

    const board = await storage.production.boardOrders();
    const tightRow = board.find((item) => item.reference === tight);
    const slackRow = board.find((item) => item.reference === slack);
    expect(tightRow?.pressDate).toBe('2026-12-03');
    expect(slackRow?.pressDate).toBe('2026-12-03');
    // The promise that no longer holds moves with the press day; the one with slack stays.
    expect(tightRow?.promised?.date).toBe('2026-12-03');
    expect(slackRow?.promised?.date).toBe('2026-12-10');
    const told = await mailsOf(tight);
    expect(told).toHaveLength(1);
    expect(told[0]?.key).toBe(`blanks-short:${order?.id}`);
    expect(told[0]?.facts).toMatchObject({ kind: 'promised-changed', date: '2026-12-03', was: '2026-12-01' });
    expect(await mailsOf(slack)).toHaveLength(0);

    // Blocked on the board and the request, with what is missing.
    const page = await request(t.app).get('/staff/board').set('Cookie', session.cookie).expect(200);
    expect(page.text).toContain('Blocked: blanks short.');
    expect(page.text).toContain(`2 × 5000 Black XL (${xl.sku}) short on purchase order ${order?.id}`);
    const held = await request(t.app).get(`/staff/requests/${tight}`).set('Cookie', session.cookie).expect(200);
    expect(held.text).toContain('Blocked: blanks short.');
    expect(held.text).toContain('The customer is told the new date, Dec 3, 2026.');

    // Holding the job again for the same order never mails twice.
    expect(
      await storage.blanks.holdJob(tight, {
        orderId: order?.id ?? 0,
        missing: 'again',
        promised: { date: '2026-12-04', handover: 'pickup' },
        actor: 'system',
      }),
    ).toBe('held');
    expect(await mailsOf(tight)).toHaveLength(1);
    // Once in production the blanks are there: the mark goes.
    await runSql(storage.location, `update submissions set status = 'in_production' where reference = $1`, [tight]);
    expect((await storage.blanks.holds()).has(tight)).toBe(false);
    expect((await storage.blanks.holds()).has(slack)).toBe(true);
  });
});
