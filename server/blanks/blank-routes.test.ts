import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
// Monday 30 November 2026, 09:00 in Chicago.
const now = () => new Date('2026-11-30T15:00:00Z');
const sample = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../tests/fixtures/blanks/${name}`, import.meta.url)));

/** The fixture catalogue's tee is bought as S&S Activewear's Gildan 5000 (the sample has it). */
const blanksData: BlanksData = {
  suppliers: [
    { id: 'ss-activewear', name: 'S&S Activewear', warehouses: [{ code: 'IL', name: 'Lockport, IL', leadDays: 1 }] },
    { id: 'sanmar', name: 'SanMar', warehouses: [{ code: 'DALLAS', name: 'Dallas, TX', leadDays: 2 }] },
  ],
  styles: [{ garment: 'test-tee', supplier: 'ss-activewear', style: '5000' }],
};

describe.each(backends)('the blanks pages and the stock answer, on %s', (backend) => {
  let t: TestApp;
  let session: { cookie: string; token: string };

  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    t = await createTestApp({ storage, dataDir: fixtureDataDir, now, blanksData });
    session = await staffSession(t.app, t.storage, staff);
  });

  const importFile = (supplier: string, file: Buffer, name: string, takenAt = '2026-11-30T06:00') =>
    request(t.app)
      .post('/staff/blanks/import')
      .set('Cookie', session.cookie)
      .set(CSRF_HEADER, session.token)
      .field(CSRF_FIELD, session.token)
      .field('supplier', supplier)
      .field('takenAt', takenAt)
      .attach('file', file, name);

  it('imports two suppliers’ files from the desk and says how old each one’s figures are', async () => {
    const ss = await importFile('ss-activewear', sample('ss-activewear.csv'), 'ss-products.csv').expect(303);
    expect(ss.headers.location).toBe('/staff/blanks?done=imported');
    await importFile('sanmar', sample('sanmar.csv'), 'SanMar_EPDD.csv', '2026-11-28T06:00').expect(303);
    const page = await request(t.app).get('/staff/blanks?done=imported').set('Cookie', session.cookie).expect(200);
    expect(page.text).toContain('Imported: the stock shown from now on is this file’s.');
    expect(page.text).toContain('Stock figures taken 3 hours ago');
    expect(page.text).toContain('Stock figures taken 2 days ago');
    expect(page.text).toMatch(/ss-products\.csv: 30 SKUs/);
    expect(page.text).toMatch(/SanMar_EPDD\.csv: 25 SKUs/);
  });

  it('answers 30 M and 18 XL in Navy, with 10 XL in stock, as 8 short, offering the nearest colour that has them', async () => {
    const answer = await request(t.app)
      .get('/api/blanks/stock')
      .query({ garment: 'test-tee', colour: 'Navy', M: '30', XL: '18' })
      .expect(200);
    expect(answer.body).toEqual({
      colour: 'Navy',
      takenAt: '2026-11-30T12:00:00.000Z',
      lines: [
        { size: 'M', need: 30, stock: { state: 'in-stock' } },
        { size: 'XL', need: 18, stock: { state: 'short', short: 8 } },
      ],
      alternative: 'Sport Grey',
    });
    // Nothing of the supplier's file beyond that: no figures, prices or warehouses.
    expect(answer.text).not.toMatch(/"have"|cents|IL|302|10\b/);
    const desk = await request(t.app)
      .get('/staff/blanks')
      .query({ garment: 'test-tee', colour: 'Navy', M: '30', XL: '18' })
      .set('Cookie', session.cookie)
      .expect(200);
    expect(desk.text).toContain('Navy XL: 10 in stock, you need 18');
    expect(desk.text).toContain('Navy M: 120 in stock, you need 30');
    expect(desk.text).toContain('Sport Grey');
  });

  it('shows the desk, on a quote request, what the supplier has of the blanks it asks for', async () => {
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', garment: 'Test tee', garmentColor: 'Navy', quantity: 48 },
      formValues: {
        service: 'direct-to-garment',
        garment: 'test-tee',
        garmentColor: 'Navy',
        qtyM: '30',
        qtyXL: '18',
        loc1: 'front',
        loc1Area: 'medium',
        delivery: 'pickup',
      },
      files: [],
    });
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', session.cookie).expect(200);
    expect(page.text).toContain('Blanks in stock');
    expect(page.text).toContain('Navy XL: 10 in stock, you need 18 (8 short)');
    expect(page.text).toContain('The supplier cannot cover these');
    expect(page.text).toMatch(/Has every size: <strong>Sport Grey<\/strong>/);
  });

  it('refuses a bad file with its line, keeping the import in force', async () => {
    const header = sample('ss-activewear.csv').toString('utf8').split('\n')[0];
    const bad = `${header}\n1,X1,0,Gildan,5000,Navy,40,XL,e,72,3.62,3.32,3.12,3.02,-3,0,0,0,0,0,0\n`;
    const refused = await importFile('ss-activewear', Buffer.from(bad), 'bad.csv').expect(422);
    expect(refused.text).toContain('Nothing was imported: the last import stays in force.');
    expect(refused.text).toContain('Line 2 (SKU X1): the stock in IL is negative (-3).');
    const wrong = await importFile('alphabroder', sample('sanmar.csv'), 'sanmar.csv').expect(422);
    expect(wrong.text).toContain('It looks like SanMar EPDD file');
    const still = await request(t.app)
      .get('/api/blanks/stock')
      .query({ garment: 'test-tee', colour: 'Navy', XL: '5' })
      .expect(200);
    expect(still.body.lines).toEqual([{ size: 'XL', need: 5, stock: { state: 'in-stock' } }]);
  });

  it('refuses a missing supplier or file and a question it cannot answer, never with a 500', async () => {
    await importFile('nobody', sample('sanmar.csv'), 'x.csv').expect(422);
    await request(t.app).get('/api/blanks/stock').query({ garment: 'test-tee', colour: 'Navy', XL: '-1' }).expect(400);
    const unknown = await request(t.app)
      .get('/api/blanks/stock')
      .query({ garment: 'test-hoodie', colour: 'Black', XL: '2' })
      .expect(200);
    expect(unknown.body).toEqual({ known: false });
  });

  it('refuses a 40 MB file from its declared length, before reading it, with the limit in words', async () => {
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/staff/blanks/import',
            headers: {
              Cookie: session.cookie,
              [CSRF_HEADER]: session.token,
              'Content-Type': 'multipart/form-data; boundary=blanks',
              'Content-Length': String(40 * 1024 * 1024),
            },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        sent.on('error', reject);
        // Only the first bytes: the answer comes without the rest.
        sent.write('--blanks\r\n');
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toContain('The file is 40 MB, more than 32 MB, the most an import takes');
      expect(answer.body).toContain('Nothing was imported: the last import stays in force.');
    } finally {
      server.close();
    }
  });

  it('keeps the page and the upload to staff', async () => {
    const page = await request(t.app).get('/staff/blanks');
    expect(page.status).not.toBe(200);
    const post = await request(t.app)
      .post('/staff/blanks/import')
      .field('supplier', 'sanmar')
      .attach('file', sample('sanmar.csv'), 'x.csv');
    expect([303, 401, 403]).toContain(post.status);
    expect((await t.storage.blanks.importHistory(10)).map((row) => row.supplier)).toEqual(['sanmar', 'ss-activewear']);
  });
});
