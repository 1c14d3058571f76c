import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { AppState } from '#shared/ssr-contract.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage, runSql } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
/** Monday 30 November 2026, 09:00 in the fixture shop's Chicago. Fixture terms: DTG takes 4 business days. */
const start = new Date('2026-11-30T15:00:00Z').getTime();

/** What a visitor without JavaScript reads of the calculator's date, and the answer the page embeds. */
function datesOf(html: string) {
  const schedule = /data-testid="schedule"[^>]*>(.*?)<\/div>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, ' ') ?? '';
  const state = JSON.parse(/<script id="app-state" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}');
  return {
    inHands: /in your hands by ([A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2})/.exec(schedule)?.[1],
    load: (state as AppState).load,
    renderedAt: (state as AppState).renderedAt,
  };
}

// The calculator pages are cached; their date is the one the shop's load allows all the same: counted
// when the page is rendered, and the page kept under the load's stamp (server/pages/page-cache.ts).
describe.each(backends)('a calculator’s and the quote form’s date from the shop’s load, on %s', (backend) => {
  let clock = start;
  let t: TestApp;
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let session: { cookie: string; token: string };
  let reference = '';

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    t = await createTestApp({ storage, dataDir: fixtureDataDir, now: () => new Date(clock) });
    session = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const post = (path: string, fields: Record<string, string>) =>
      request(t.app)
        .post(path)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });
    await post('/staff/capacity', {
      'perDay.screen-printing': '100',
      'perDay.direct-to-garment': '100',
      'perDay.embroidery': '100',
      closedDates: '',
    }).expect(303);
  });

  const page = async (path: string) => datesOf((await request(t.app).get(path).expect(200)).text);

  /** A DTG order of `pieces`, approved and on the press by `pressDate`, booked by this instance. */
  async function book(pieces: number, pressDate: string) {
    ({ reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', service: 'Direct to garment', quantity: pieces },
      formValues: { service: 'direct-to-garment', garment: 'own', qtyM: String(pieces), loc1: 'front' },
      files: [],
    }));
    await runSql(
      storage.location,
      `update submissions set status = 'proof_approved', press_date = $1, production_service = 'direct-to-garment',
        production_pieces = $2, promised_date = $1, promised_handover = 'pickup' where reference = $3`,
      [pressDate, pieces, reference],
    );
    // Moved on the board, as the shop would: this instance drops its kept load.
    await request(t.app)
      .post('/staff/board/press-day')
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, reference, date: pressDate })
      .expect(303);
  }

  it('shows the press’s date in the page and the no-JS answer, and a booking made here at once', async () => {
    // An empty press: the load allows what business days alone give.
    const empty = await page('/pricing/dtg');
    expect(empty.inHands).toBe('Fri, Dec 4');
    expect(empty.load).toEqual({ service: 'direct-to-garment', pieces: 12, pressFrom: '2026-12-01', closedDates: [] });

    // 400 pieces due Friday fill the week at 100 a day: a new order goes on the press Monday 7th.
    await book(400, '2026-12-04');
    const full = await page('/pricing/dtg');
    expect(full.inHands).toBe('Mon, Dec 7');
    // The answer the calculator hydrates with is the one /api/dates gives for its quantity.
    const asked = await request(t.app).get('/api/dates?service=direct-to-garment&pieces=12').expect(200);
    expect(full.load).toEqual(asked.body);
    expect(full.load?.pressFrom).toBe('2026-12-07');

    // The calculator's GET form answered without JavaScript: its quantity's date, and the same price.
    const answered = await request(t.app).get('/pricing/dtg?q=7&a1=large&art=1').expect(200);
    expect(answered.text).toContain('$139.00');
    expect(datesOf(answered.text).inHands).toBe(full.inHands);
    expect(datesOf(answered.text).load).toMatchObject({ pieces: 7, pressFrom: '2026-12-07' });

    // The quote form a calculator's link opens: the same date for the same order, not business days alone.
    const form = datesOf(
      (await request(t.app).get('/pricing?service=direct-to-garment&q=12&a1=large').expect(200)).text,
    );
    expect(form.inHands).toBe(full.inHands);
    expect(form.load).toEqual(full.load);
    // The plain form prices nothing yet, so it embeds no answer.
    expect((await page('/pricing')).load).toBeUndefined();
  });

  it('keeps the page while the load is unchanged, and shows another instance’s change within ten seconds', async () => {
    const before = await page('/pricing/dtg');
    // Another instance moves the order a week on (it drops only its own kept load).
    await runSql(storage.location, 'update submissions set press_date = $1 where reference = $2', [
      '2026-12-11',
      reference,
    ]);
    clock += 9_000;
    expect(await page('/pricing/dtg')).toEqual(before);
    clock += 1_000;
    // The load is read again in the background; the page follows as soon as it has been.
    let after = await page('/pricing/dtg');
    for (let tries = 0; tries < 50 && after.renderedAt === before.renderedAt; tries += 1) {
      await new Promise((done) => setTimeout(done, 20));
      after = await page('/pricing/dtg');
    }
    // Due on the 11th, the order leaves room from the first day again.
    expect(after.load?.pressFrom).toBe('2026-12-01');
    expect(after.inHands).toBe('Fri, Dec 4');

    // Read again ten seconds on and found the same: the page is not rendered again.
    clock += 10_000;
    await page('/pricing/dtg');
    await new Promise((done) => setTimeout(done, 300));
    expect(await page('/pricing/dtg')).toEqual(after);
  });
});
