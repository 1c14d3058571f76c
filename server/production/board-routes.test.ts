import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage, runSql } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
// Monday 30 November 2026, 09:00 in Chicago. Fixture terms: DTG takes 4 business days.
const now = () => new Date('2026-11-30T15:00:00Z');

// The production pages on the desk and the dates endpoint, over each database.
describe.each(backends)('the production board on %s', (backend) => {
  let t: TestApp;
  let session: { cookie: string; token: string };
  let storage: Awaited<ReturnType<typeof openTestStorage>>;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    t = await createTestApp({ storage, dataDir: fixtureDataDir, now, config: { submissionRateLimit: 1000 } });
    session = await staffSession(t.app, t.storage, staff);
  });

  const post = (path: string, fields: Record<string, string>) =>
    request(t.app)
      .post(path)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, ...fields });

  /** A DTG order of `pieces`, approved, promised for `pressDate` and put on the press that day on the board. */
  async function booked(pieces: number, pressDate: string, name = 'Dana Whitfield') {
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name,
      email: 'dana@example.com',
      payload: {
        name,
        company: 'Riverside 5K',
        service: 'Direct to garment',
        garment: 'Customer brings their own garments',
        garmentColor: 'Heather grey',
        quantity: pieces,
        sizes: `M: ${pieces}`,
        printLocations: [{ placement: 'Front', size: 'Medium (up to 10 × 12 in)' }],
        comments: 'Fold in packs of ten.',
        delivery: 'Pickup at the shop',
      },
      formValues: {
        service: 'direct-to-garment',
        garment: 'own',
        qtyM: String(pieces),
        loc1: 'front',
        loc1Area: 'medium',
        delivery: 'pickup',
      },
      files: [],
    });
    await runSql(
      storage.location,
      `update submissions set status = 'proof_approved', press_date = $1, production_service = 'direct-to-garment',
        production_pieces = $2, promised_date = $1, promised_handover = 'pickup' where reference = $3`,
      [pressDate, pieces, reference],
    );
    // Set from the board, as the shop would: this instance reads the load afresh after it.
    await post('/staff/board/press-day', { reference, date: pressDate }).expect(303);
    return reference;
  }

  it('saves the capacity with who changed it, refuses a bad one with the reason, and dates follow it', async () => {
    const page = await request(t.app).get('/staff/capacity').set('Cookie', session.cookie).expect(200);
    expect(page.text).toContain('Pieces per working day');
    expect(page.text).toContain('The presses run Monday to Friday');
    const refused = await post('/staff/capacity', {
      'perDay.screen-printing': '100',
      'perDay.direct-to-garment': 'lots',
      'perDay.embroidery': '100',
      closedDates: '2026-02-30 Nope',
    }).expect(422);
    expect(refused.text).toContain('Give the pieces a day as a whole number');
    expect(refused.text).toContain('“2026-02-30”: the date must be a real date');
    expect(refused.text).toContain('value="lots"');

    const saved = await post('/staff/capacity', {
      'perDay.screen-printing': '100',
      'perDay.direct-to-garment': '100',
      'perDay.embroidery': '100',
      closedDates: '',
    }).expect(303);
    expect(saved.headers.location).toBe('/staff/capacity?done=saved');
    const after = await request(t.app).get('/staff/capacity?done=saved').set('Cookie', session.cookie).expect(200);
    expect(after.text).toContain('Capacity saved');
    expect(after.text).toContain(staff);
    expect(after.text).toContain('DTG');

    const dates = await request(t.app).get('/api/dates?service=direct-to-garment&pieces=200').expect(200);
    expect(dates.headers['cache-control']).toBe('no-store');
    expect(dates.body).toEqual({ service: 'direct-to-garment', pieces: 200, pressFrom: '2026-12-02', closedDates: [] });
  });

  it('answers the earliest date after the booked work, and refuses a bad question with a 400', async () => {
    await booked(400, '2026-12-04');
    const dates = await request(t.app).get('/api/dates?service=direct-to-garment&pieces=100').expect(200);
    // Only dates: nothing of the order that filled the week.
    expect(dates.body).toEqual({ service: 'direct-to-garment', pieces: 100, pressFrom: '2026-12-07', closedDates: [] });
    const bad = await request(t.app).get('/api/dates?service=knitting&pieces=-3').set('Accept', 'application/json');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('service must be one of');
  });

  it('shows the board with each day’s load, flags an order at risk there and in the inbox', async () => {
    const late = await booked(300, '2026-12-02', 'Sam Short');
    const board = await request(t.app).get('/staff/board').set('Cookie', session.cookie).expect(200);
    expect(board.text).toContain('Production board');
    expect(board.text).toContain(`id="order-${late}"`);
    expect(board.text).toMatch(/over by \d+/);
    expect(board.text).toContain('At risk: the work due by its press day is more than the press can do');
    const inbox = await request(t.app).get('/staff').set('Cookie', session.cookie).expect(200);
    expect(inbox.text).toContain('At risk');
  });

  it('moves a press day with the form, leaving the customer’s date unless told', async () => {
    const reference = await booked(10, '2026-12-08', 'Mo Ved');
    const moved = await post('/staff/board/press-day', { reference, date: '2026-12-10', by: 'press' }).expect(303);
    expect(moved.headers.location).toBe(`/staff/board?done=moved#order-${reference}`);
    expect((await t.storage.desk.getRequestState(reference))?.promised?.date).toBe('2026-12-08');
    const told = await post('/staff/board/press-day', { reference, date: '2026-12-11', tell: 'on' }).expect(303);
    expect(told.headers.location).toContain('done=told');
    expect((await t.storage.desk.getRequestState(reference))?.promised?.date).toBe('2026-12-11');
    const closed = await post('/staff/board/press-day', { reference, date: '2026-12-12' }).expect(303);
    expect(closed.headers.location).toContain('done=closed');
    const past = await post('/staff/board/press-day', { reference, date: '2026-11-02' }).expect(303);
    expect(past.headers.location).toContain('done=past');
  });

  it('prints a work order with the customer, due date, sizes, locations, notes and a checklist', async () => {
    const reference = await booked(24, '2026-12-09', 'Wendy Order');
    const page = await request(t.app)
      .get(`/staff/requests/${reference}/work-order`)
      .set('Cookie', session.cookie)
      .expect(200);
    for (const text of [
      `Work order ${reference}`,
      'Wendy Order',
      'Pickup: Dec 9, 2026',
      'Heather grey',
      'Medium (up to 10 × 12 in)',
      'Fold in packs of ten.',
      'Press crew checklist',
      'Pretreatment applied',
    ]) {
      expect(page.text).toContain(text);
    }
  });
});
