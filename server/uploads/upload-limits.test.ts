import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Database } from '#server/storage/database.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { ARTWORK_MAX_FILE_BYTES } from '#shared/submissions/artwork.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { createTestApp, type TestAppOptions } from '#tests/support/test-app.ts';
import { backends, openTestStorage, type TestStorage, testStoresOf } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const MB = 1024 * 1024;

const quote: Record<string, string> = {
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(555) 010-0188',
  service: 'screen-printing',
  garment: 'gildan-5000',
  garmentColor: 'Sport Grey',
  qtyM: '30',
  loc1: 'front',
  loc1Colors: '2',
  delivery: 'pickup',
};

/** A quote as the page's script posts it, from `address` (the apps trust one proxy's X-Forwarded-For). */
async function postQuote(
  t: TestApp,
  {
    file,
    name = 'logo.png',
    address = '203.0.113.5',
    fields = quote,
  }: { file?: Buffer; name?: string; address?: string; fields?: Record<string, string> },
) {
  const { cookie, token } = await visitorSession(t.app, '/pricing');
  let post = request(t.app)
    .post('/api/quotes')
    .set('X-Forwarded-For', address)
    .set('Cookie', cookie)
    .set(CSRF_HEADER, token)
    .set('Accept', 'application/json');
  for (const [name, value] of Object.entries(fields)) post = post.field(name, value);
  if (file) post = post.attach('artwork', file, name);
  return post;
}

async function postContact(t: TestApp, address = '203.0.113.5') {
  const { cookie, token } = await visitorSession(t.app);
  return request(t.app)
    .post('/api/contact')
    .set('X-Forwarded-For', address)
    .set('Cookie', cookie)
    .set(CSRF_HEADER, token)
    .set('Accept', 'application/json')
    .send({ name: 'Lee Park', email: 'lee@example.com', message: 'Do you print on tote bags?' });
}

async function storedCount(t: TestApp) {
  return (await t.storage.submissions.listSubmissions({ limit: 1000 })).length;
}

describe.each(backends)('upload limits on %s', (backend) => {
  const logo = randomPng(64);

  async function app(options: TestAppOptions & { storage: TestStorage }) {
    return createTestApp({ ...options, config: { trustProxy: 1, ...options.config } });
  }

  describe('the daily artwork budget per address', () => {
    it('answers 429 with Retry-After once an address has stored its bytes for the day, on any instance', async () => {
      const storage = await openTestStorage(backend);
      const budget = { uploadBytesPerDay: Math.floor(logo.length * 2.5) };
      const first = await app({ config: budget, storage });
      const second = await app({
        config: budget,
        storage: testStoresOf(await openDatabase(storage.location), storage.location),
      });
      // Refused posts store nothing, so they spend nothing.
      for (let i = 0; i < 3; i += 1) {
        expect((await postQuote(first, { file: logo, fields: { ...quote, email: 'dana@' } })).status).toBe(422);
      }
      expect((await postQuote(first, { file: logo })).status).toBe(201);
      expect((await postQuote(second, { file: logo })).status).toBe(201);
      const before = await storedCount(first);

      const refused = await postQuote(first, { file: logo });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^These files would take your connection past .* of artwork in 24 hours/);
      expect(refused.body.message).toMatch(/Nothing was stored: send the form again in about 24 hours, or e-mail/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(24 * 3600 - 120);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
      expect((await postQuote(second, { file: logo })).status).toBe(429);
      expect(await storedCount(first)).toBe(before);

      // Nothing else is lost: the same address may still send words, and another address its files.
      expect((await postQuote(second, {})).status).toBe(201);
      expect((await postContact(first)).status).toBe(201);
      expect((await postQuote(first, { file: logo, address: '198.51.100.20' })).status).toBe(201);
    });

    it('counts the bytes before any image work, and gives back those of a drawing it refuses', async () => {
      const storage = await openTestStorage(backend);
      const unreadable = Buffer.from(
        `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1"><text>&x;</text>${' '.repeat(logo.length)}</svg>`,
      );
      const t = await app({ config: { uploadBytesPerDay: Math.floor(unreadable.length * 1.5) }, storage });
      const placed = { ...quote, garment: 'gildan-5000', loc1ArtWidth: '8' };
      // Refused beside the file, its bytes given back: the same address may send a good file at once.
      const refused = await postQuote(t, { file: unreadable, name: 'crest.svg', fields: placed });
      expect(refused.status).toBe(422);
      expect(refused.body.fields.artwork).toMatch(/^crest\.svg could not be read as an SVG drawing/);
      expect((await postQuote(t, { file: logo })).status).toBe(201);
      // Past the budget now: the drawing is not even opened, the answer is the budget's.
      const past = await postQuote(t, { file: unreadable, name: 'crest.svg', fields: placed });
      expect(past.status).toBe(429);
    });

    it('answers a form posted without JavaScript with a page that says why and links back', async () => {
      const storage = await openTestStorage(backend);
      const t = await app({ config: { uploadBytesPerDay: logo.length }, storage });
      expect((await postQuote(t, { file: logo })).status).toBe(201);
      const { cookie, token } = await visitorSession(t.app, '/pricing');
      let post = request(t.app)
        .post('/api/quotes')
        .set('X-Forwarded-For', '203.0.113.5')
        .set('Cookie', cookie)
        .set('Accept', 'text/html')
        .field('_csrf', token);
      for (const [name, value] of Object.entries(quote)) post = post.field(name, value);
      const response = await post.attach('artwork', logo, 'logo.png');
      expect(response.status).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.text).toContain('of artwork in 24 hours');
      expect(response.text).toContain('Back to the form');
    });

    it('gives the bytes back when the save fails, so a fault of ours does not spend the visitor’s day', async () => {
      const storage = await openTestStorage(backend);
      let failNext = true;
      // The app builds its stores from the handle: the fault goes in below them, on the submission's row.
      const failing: KyselyPlugin = {
        transformQuery({ node }) {
          if (failNext && node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'submissions') {
            failNext = false;
            throw new Error('disk I/O error');
          }
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      const database: Database = { ...storage.database, db: storage.database.db.withPlugin(failing) };
      const flaky: TestStorage = { ...storage, database };
      const t = await app({ config: { uploadBytesPerDay: logo.length }, storage: flaky });
      expect((await postQuote(t, { file: logo })).status).toBe(500);
      expect((await postQuote(t, { file: logo })).status).toBe(201);
      expect((await postQuote(t, { file: logo })).status).toBe(429);
    });
  });

  describe('files that only start like artwork', () => {
    it('refuses a PDF header before 10 MB of random bytes with a field error naming the file, storing nothing', async () => {
      const t = await app({ storage: await openTestStorage(backend) });
      const fake = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(ARTWORK_MAX_FILE_BYTES - 16)]);
      const response = await postQuote(t, { file: fake, name: 'proof.pdf' });
      expect(response.status).toBe(422);
      expect(response.body.fields.artwork).toBe(
        'proof.pdf is damaged or not a real PDF. Save or export it again from your design program and attach the new file.',
      );
      // A real PDF is stored; a PNG cut short is named.
      expect((await postQuote(t, { file: minimalPdf(), name: 'proof.pdf' })).status).toBe(201);
      const cut = await postQuote(t, { file: logo.subarray(0, logo.length - 100), name: 'logo.png' });
      expect(cut.body.fields?.artwork).toMatch(/^logo\.png is damaged or not a real PNG image\./);
      expect(await storedCount(t)).toBe(1);
    });
  });

  describe('the free-space floor', () => {
    if (backend === 'sqlite') {
      it('answers 507 to an upload while the database disk is below the floor, alerting the operator; words still go through', async () => {
        const storage = await openTestStorage(backend);
        const asked: string[] = [];
        const t = await app({
          config: { diskFreeFloorBytes: 1024 * MB, databaseDir: '/srv/seenwear/var' },
          storage,
          readFreeSpace: async (dir) => {
            asked.push(dir);
            return 200 * MB;
          },
        });
        const refused = await postQuote(t, { file: logo });
        expect(refused.status).toBe(507);
        expect(refused.body).toEqual({
          error: 'http_507',
          message: expect.stringMatching(
            /^We cannot take files right now: our storage is nearly full\. Nothing was stored/,
          ),
        });
        expect(asked).toEqual(['/srv/seenwear/var']);
        expect(await storedCount(t)).toBe(0);
        expect(t.lines).toContainEqual(
          expect.objectContaining({ level: 50, alert: 'disk_low', freeBytes: 200 * MB, floorBytes: 1024 * MB }),
        );
        // Not the generic "request failed" of a fault: the alert line is the one to act on.
        expect(t.lines.filter((line) => line.msg === 'request failed')).toEqual([]);
        expect((await postQuote(t, {})).status).toBe(201);
        expect((await postContact(t)).status).toBe(201);
      });
    }

    if (backend === 'postgres') {
      it('is not checked on PostgreSQL, whose disk is on the database host', async () => {
        const storage = await openTestStorage(backend);
        if (!('databaseUrl' in storage.location)) throw new Error('expected a PostgreSQL location');
        const t = await app({
          config: { diskFreeFloorBytes: 1024 * MB, databaseUrl: storage.location.databaseUrl },
          storage,
          readFreeSpace: async () => 0,
        });
        expect((await postQuote(t, { file: logo })).status).toBe(201);
      });
    }
  });
});
