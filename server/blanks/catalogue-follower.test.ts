import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage, type TestStorage } from '#tests/support/test-storage.ts';
import { createCatalogueFollower, IMPORT_CHECK_MS } from './catalogue-follower.ts';
import { importSupplierFile } from './import-blanks.ts';

const staff = 'owner@seenwear.example';
const samplePath = fileURLToPath(new URL('../../tests/fixtures/blanks/ss-activewear.csv', import.meta.url));
/** The sample priced up: every SKU of the style a dollar dearer than the sample's $3.02 (S to XL). */
const dearer = readFileSync(samplePath, 'utf8').replaceAll(',3.02,', ',4.02,');

/** The fixture's tee, bought as S&S's Gildan 5000 with the shop's 15% on top. */
const blanksData: BlanksData = {
  suppliers: [
    { id: 'ss-activewear', name: 'S&S Activewear', warehouses: [{ code: 'IL', name: 'Lockport, IL', leadDays: 1 }] },
  ],
  styles: [{ garment: 'test-tee', supplier: 'ss-activewear', style: '5000', markupPercent: 15 }],
};

/** The tee's blank price as the screen-printing page's garment list says it ("Cotton tee: $4.00 per piece"). */
const teeOnPage = (html: string) =>
  /Millbrook 100 Cotton tee[^$]*(\$\d+\.\d\d)/.exec(
    html.replace(/<script id="app-state"[\s\S]*$/, '').replace(/<[^>]+>/g, ''),
  )?.[1];

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The tee's blank price in the garments file this app serves, and the file's tag. */
async function servedTee(t: TestApp): Promise<{ cents: number; etag: string }> {
  const answer = await request(t.app).get('/data/garments.json').set('Accept-Encoding', 'identity').expect(200);
  const tee = (answer.body as { garments: { id: string; cents: number }[] }).garments.find(
    (garment) => garment.id === 'test-tee',
  );
  return { cents: tee?.cents ?? 0, etag: String(answer.headers.etag) };
}

describe.each(backends)('the catalogue following the latest import without a restart, on %s', (backend) => {
  let storage: TestStorage;
  let clock = new Date('2026-11-30T15:00:00Z');
  const now = () => clock;
  /** Two instances over one database, as behind a load balancer. */
  let desk: TestApp;
  let other: TestApp;
  let session: { cookie: string; token: string };

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    desk = await createTestApp({ storage, dataDir: fixtureDataDir, now, blanksData });
    other = await createTestApp({ storage, dataDir: fixtureDataDir, now, blanksData });
    session = await staffSession(desk.app, storage, staff);
  });
  afterAll(() => storage.close());

  const importOnDesk = (file: string | Buffer) =>
    request(desk.app)
      .post('/staff/blanks/import')
      .set('Cookie', session.cookie)
      .set(CSRF_HEADER, session.token)
      .field(CSRF_FIELD, session.token)
      .field('supplier', 'ss-activewear')
      .field('takenAt', '2026-11-30T06:00')
      .attach('file', Buffer.from(file), 'ss-products.csv')
      .expect(303);

  it('prices the tee from an import on this instance at once: the data file, its tag, the pages and the server’s prices', async () => {
    const before = await servedTee(desk);
    expect(before.cents).toBe(400);
    const pageBefore = await request(desk.app).get('/pricing/printing').expect(200);

    await importOnDesk(readFileSync(samplePath));
    const after = await servedTee(desk);
    // $3.02 with 15% on top, rounded up to the nickel.
    expect(after.cents).toBe(350);
    expect(after.etag).not.toBe(before.etag);
    // What the server prices quotes and renders pages from is the same object: it follows too.
    expect(desk.siteData.data.garments.garments.find((garment) => garment.id === 'test-tee')?.cents).toBe(350);
    // A page cached before is not served again: the cache keys on the data's version.
    const pageAfter = await request(desk.app).get('/pricing/printing').expect(200);
    expect(teeOnPage(pageBefore.text)).toBe('$4.00');
    expect(teeOnPage(pageAfter.text)).toBe('$3.50');
  });

  it('reaches another instance within the half minute it waits between looks, and a file taken from the command line likewise', async () => {
    // The other instance looked at start (its first request): it has the sample's price.
    expect((await servedTee(other)).cents).toBe(350);
    // The command line imports a dearer file; no instance is told.
    const dir = await mkdtemp(join(tmpdir(), 'blanks-dearer-'));
    const path = join(dir, 'ss-dearer.csv');
    await writeFile(path, dearer);
    await importSupplierFile(storage.blanks, {
      supplier: 'ss-activewear',
      path,
      fileName: 'ss-dearer.csv',
      takenAt: clock,
      actor: 'cli',
    });
    await rm(dir, { recursive: true });
    // Within the half minute the old figures still stand…
    clock = new Date(clock.getTime() + IMPORT_CHECK_MS - 1_000);
    expect((await servedTee(other)).cents).toBe(350);
    // …and past it, the next request brings the new ones: $4.02 + 15% = $4.63, up to $4.65, on a page
    // cached before too (the page door sends a request on while a look is due).
    const cachedPage = await request(other.app).get('/pricing/printing').expect(200);
    expect(teeOnPage(cachedPage.text)).toBe('$3.50');
    clock = new Date(clock.getTime() + 2_000);
    expect(teeOnPage((await request(other.app).get('/pricing/printing').expect(200)).text)).toBe('$4.65');
    expect((await servedTee(other)).cents).toBe(465);
    expect((await servedTee(desk)).cents).toBe(465);
  });
});

describe('asking whether a look is due', () => {
  it('starts no look: only checkIfDue reads the imports, and a failed read is heard by whoever waits on it', async () => {
    let reads = 0;
    let now = new Date('2026-11-30T08:00:00Z');
    const follower = createCatalogueFollower({
      blanks: {
        currentImports: async () => {
          reads += 1;
          throw new Error('the database is down');
        },
        styleStock: async () => undefined,
      },
      data: () => ({ suppliers: [], styles: [] }) as unknown as BlanksData,
      reprice: () => undefined,
      now: () => now,
    });
    expect(follower.due()).toBe(true);
    expect(follower.due()).toBe(true);
    expect(reads).toBe(0);
    const look = follower.checkIfDue();
    expect(follower.due()).toBe(true);
    await expect(look).rejects.toThrow('the database is down');
    expect(reads).toBe(1);
    // Looked (if in vain) a moment ago: the next look is due half a minute on.
    expect(follower.due()).toBe(false);
    now = new Date(now.getTime() + IMPORT_CHECK_MS);
    expect(follower.due()).toBe(true);
    expect(reads).toBe(1);
  });
});
