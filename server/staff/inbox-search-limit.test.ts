import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;

// A common name among years of requests matches thousands: a search counts its matches by status only up
// to a limit, and past it still pages through every match, newest first.
describe.each(backends)('a search matching more than it counts, on %s', (backend) => {
  let storage: TestStorage;
  /** The seven Okafors, oldest first; the third and fifth are quoted, the sixth read. */
  const okafors: string[] = [];

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    for (let n = 1; n <= 7; n++) {
      const saved = await storage.submissions.saveSubmission({
        kind: 'quote',
        name: `Chidi Okafor ${n}`,
        email: `chidi${n}@example.com`,
        payload: {},
        files: [],
      });
      okafors.push(saved.reference);
      await storage.submissions.saveSubmission({
        kind: 'quote',
        name: `Dana Whitfield ${n}`,
        email: 'dana@example.com',
        payload: {},
        files: [],
      });
    }
    for (const index of [2, 4]) {
      await storage.desk.changeRequestStatus(okafors[index] ?? '', {
        from: 'new',
        to: 'quoted',
        actor: 'staff:o@example.com',
      });
    }
    await storage.desk.markRequestRead(okafors[5] ?? '', 'staff:o@example.com');
  });

  afterAll(async () => {
    await storage.close();
  });

  const newestFirst = () => [...okafors].reverse();

  it('counts by status and unread while the matches are within the limit', async () => {
    const listed = await storage.desk.listRequests({ search: 'okafor', page: 1, pageSize: 3, countUpTo: 7 });
    expect(listed).toMatchObject({ total: 7, counts: { new: 5, quoted: 2 }, unread: 6 });
    expect(listed.uncounted).toBeUndefined();
  });

  it('past the limit, gives no counts and pages through every match newest first', async () => {
    const pages: string[][] = [];
    for (let page = 1; page <= 3; page++) {
      const listed = await storage.desk.listRequests({ search: 'OKAFOR', page, pageSize: 3, countUpTo: 4 });
      expect({ counts: listed.counts, unread: listed.unread, uncounted: listed.uncounted }).toEqual({
        counts: {},
        unread: 0,
        uncounted: 4,
      });
      // Known only as far as the next page: one more than this page while one follows.
      expect(listed.total).toBe(page < 3 ? page * 3 + 1 : 7);
      pages.push(listed.items.map((item) => item.reference));
    }
    expect(pages.flat()).toEqual(newestFirst());
  });

  it('past the limit, a status filter keeps to its status', async () => {
    const listed = await storage.desk.listRequests({
      search: 'okafor',
      status: 'quoted',
      page: 1,
      pageSize: 3,
      countUpTo: 4,
    });
    expect(listed.items.map((item) => item.reference)).toEqual([okafors[4], okafors[2]]);
    expect({ total: listed.total, uncounted: listed.uncounted }).toEqual({ total: 2, uncounted: 4 });
  });
});

// A company's name typed whole or from its start: its requests past the count are told off the
// company's own index, and the search still finds what it found before: the company anywhere in its name,
// and the same words in another request's name.
describe.each(backends)('a search for a company matching more than it counts, on %s', (backend) => {
  let storage: TestStorage;
  /** Five requests from Café Nandú and one whose name holds the company's, oldest first. */
  const nandu: string[] = [];

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    for (let n = 1; n <= 6; n++) {
      const saved = await storage.submissions.saveSubmission({
        kind: 'quote',
        name: n === 4 ? 'Ana for Café Nandú' : `Ana Souza ${n}`,
        email: `ana${n}@example.com`,
        payload: n === 4 ? {} : { company: 'Café Nandú' },
        files: [],
      });
      nandu.push(saved.reference);
      await storage.submissions.saveSubmission({
        kind: 'quote',
        name: `Lee Park ${n}`,
        email: 'lee@example.com',
        payload: { company: 'Eastside Rec League' },
        files: [],
      });
    }
  });

  afterAll(async () => {
    await storage.close();
  });

  const allPages = async (search: string) => {
    const pages: string[][] = [];
    for (let page = 1; page <= 2; page++) {
      const listed = await storage.desk.listRequests({ search, page, pageSize: 3, countUpTo: 4 });
      expect({ counts: listed.counts, uncounted: listed.uncounted }).toEqual({ counts: {}, uncounted: 4 });
      pages.push(listed.items.map((item) => item.reference));
    }
    return pages;
  };

  it('typed whole or from its start, in any case and without accents, pages every match newest first', async () => {
    const newestFirst = [...nandu].reverse();
    expect(await allPages('CAFE NANDU')).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3)]);
    expect(await allPages('café nan')).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3)]);
    // A word from the middle of the name is still found, through the trigram index.
    expect((await allPages('nandú')).flat()).toEqual(newestFirst);
  });

  it('counts by status while a company’s requests are within the limit', async () => {
    const listed = await storage.desk.listRequests({ search: 'eastside rec', page: 1, pageSize: 3, countUpTo: 6 });
    expect(listed).toMatchObject({ total: 6, counts: { new: 6 }, unread: 6 });
    expect(listed.uncounted).toBeUndefined();
  });
});
