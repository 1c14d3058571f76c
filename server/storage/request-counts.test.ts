import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestStorage, runSql } from '#tests/support/test-storage.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;

/** The inbox's figures counted from the requests themselves, as they were before migration 0019 kept them. */
async function countedAgain(storage: TestStorage, kind?: 'quote' | 'contact') {
  const rows = (await runSql(
    storage.location,
    `select status, count(*) as total, sum(case when read_at is null then 1 else 0 end) as unread
       from submissions ${kind ? 'where kind = $1' : ''} group by status`,
    kind ? [kind] : [],
  )) as { status: string; total: number | string; unread: number | string }[];
  return {
    counts: Object.fromEntries(rows.map((row) => [row.status, Number(row.total)])),
    unread: rows.reduce((sum, row) => sum + Number(row.unread), 0),
    total: rows.reduce((sum, row) => sum + Number(row.total), 0),
  };
}

// The inbox's counts come from a table triggers keep (migration 0019), not from counting each time: after
// every kind of write they must still be what counting the requests gives.
describe.each(backends)('the inbox counts on %s', (backend) => {
  let storage: TestStorage;
  const references: string[] = [];

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    for (const [kind, name] of [
      ['quote', 'Dana'],
      ['quote', 'Ngozi'],
      ['quote', 'Björn'],
      ['contact', 'Renée'],
    ] as const) {
      const saved = await storage.submissions.saveSubmission({
        kind,
        name,
        email: `${name}@example.com`.toLowerCase(),
        payload: {},
        files: [],
      });
      references.push(saved.reference);
    }
  });

  afterAll(async () => {
    await storage.close();
  });

  async function expectCountsRight() {
    for (const kind of [undefined, 'quote', 'contact'] as const) {
      const listed = await storage.desk.listRequests({ page: 1, pageSize: 10, ...(kind ? { kind } : {}) });
      const expected = await countedAgain(storage, kind);
      expect({ counts: listed.counts, unread: listed.unread, total: listed.total }).toEqual(expected);
    }
  }

  it('counts new requests, all unread', async () => {
    await expectCountsRight();
    expect((await storage.desk.listRequests({ page: 1, pageSize: 10 })).counts).toEqual({ new: 4 });
  });

  it('follows a request opened, moved on and back, and a status filter totals its own status', async () => {
    const [first = '', second = ''] = references;
    await storage.desk.markRequestRead(first, 'staff:owner@seenwear.example');
    await storage.desk.changeRequestStatus(first, { from: 'new', to: 'quoted', actor: 'staff:owner@seenwear.example' });
    await storage.desk.changeRequestStatus(second, { from: 'new', to: 'cancelled', actor: 'customer' });
    await expectCountsRight();
    const quoted = await storage.desk.listRequests({ status: 'quoted', page: 1, pageSize: 10 });
    expect({ total: quoted.total, unread: quoted.unread }).toEqual({ total: 1, unread: 3 });
  });

  it('forgets the requests the privacy purge deletes', async () => {
    await storage.submissions.deleteSubmissionsBefore(new Date(Date.now() + 60_000));
    await expectCountsRight();
    expect((await storage.desk.listRequests({ page: 1, pageSize: 10 })).counts).toEqual({});
  });
});
