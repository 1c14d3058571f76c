import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRequestService } from '#server/requests/request-service.ts';
import type { Capacity } from '#shared/production/production-load.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { backends, openTestStorage, runSql } from '#tests/support/test-storage.ts';
import { createProductionPlanner } from './production-planner.ts';
import type { ProductionPlanner } from './production-store.ts';

/**
 * Booking on the press at approval, on each database. Fixture terms: direct-to-garment takes 4 business
 * days; Monday 30 November 2026, 09:00 in Chicago, so an approval now is ready Friday 4 December when
 * the press has room, and new work goes on the press from Tuesday 1 December.
 */
const now = () => new Date('2026-11-30T15:00:00Z');
const staff = 'staff:maria@seenwear.example' as const;
const terms: QuoteTerms = {
  lines: [{ label: 'DTG tees', quantity: 1, unitCents: 1000 }],
  notes: '',
  validUntil: '2099-01-31',
  depositPercent: 50,
};
const capacity = (closedDates: Capacity['closedDates'] = []): Capacity => ({
  perDay: { 'screen-printing': 100, 'direct-to-garment': 100, embroidery: 100 },
  closedDates,
});

describe.each(backends)('booking approved orders on the press, on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let planner: ProductionPlanner;
  let service: ReturnType<typeof createRequestService>;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    planner = createProductionPlanner({
      production: storage.production,
      site: () => fixtureSiteData,
      now,
      defaults: capacity(),
    });
    service = createRequestService({
      customer: storage.customer,
      desk: storage.desk,
      payments: storage.payments,
      versions: storage.versions,
      books: storage.books,
      now,
      planner,
    });
  });
  afterAll(() => storage.close());
  beforeEach(async () => {
    // Each test starts with an empty press: earlier tests' orders are completed.
    await runSql(storage.location, "update submissions set status = 'completed'");
    await storage.production.saveCapacity(capacity(), staff);
    planner.invalidate();
  });

  /** A DTG order of `pieces`, quoted and (unless `proof` is false) with its proof sent, ready to be approved. */
  async function awaitingApproval(pieces: number, { proof = true } = {}) {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield' },
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
    await storage.versions.sendQuote(reference, terms, {
      from: 'new',
      to: 'quoted',
      actor: staff,
      mail: (version) => ({ kind: 'quote-sent', version }),
    });
    if (!proof) return reference;
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await storage.versions.sendProof(
      reference,
      {
        file: { name: 'front.png', mediaType: 'image/png', size: png.length, data: png },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'quoted', to: 'quoted', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    return reference;
  }

  const approve = (reference: string) =>
    service.answer(reference, {
      subject: 'quote',
      version: 1,
      decision: 'approved',
      name: 'Dana Whitfield',
      comment: '',
      ip: '',
      userAgent: '',
    });

  const earliest = async (pieces: number) =>
    (await planner.current()).dates.pressFrom('direct-to-garment', pieces) as string;

  it('books the approved order on its press day and moves the next customer’s date later', async () => {
    expect(await earliest(100)).toBe('2026-12-01');
    const first = await awaitingApproval(400);
    await approve(first);
    const [booked] = (await storage.production.boardOrders()).filter((order) => order.reference === first);
    expect(booked).toMatchObject({
      service: 'direct-to-garment',
      pieces: 400,
      pressDate: '2026-12-04',
      promised: { date: '2026-12-04', handover: 'pickup' },
    });
    // Tuesday to Friday are full: 100 more pieces fit by Monday 7 December, not before.
    expect(await earliest(100)).toBe('2026-12-07');
    const next = await awaitingApproval(100);
    await approve(next);
    expect((await storage.desk.getRequestState(next))?.promised?.date).toBe('2026-12-07');
  });

  it('counts an approved quote as committed work before its proof is approved', async () => {
    const quoted = await awaitingApproval(400, { proof: false });
    await approve(quoted);
    const [order] = (await storage.production.boardOrders()).filter((item) => item.reference === quoted);
    expect(order).toMatchObject({ status: 'approved', pressDate: '2026-12-04', pieces: 400 });
    // No date is promised before the proof is approved.
    expect(order?.promised).toBeUndefined();
    expect(await earliest(100)).toBe('2026-12-07');
  });

  it('moves the date later for a day the shop closes', async () => {
    await storage.production.saveCapacity(capacity([{ date: '2026-12-03', note: 'Press maintenance' }]), staff);
    planner.invalidate();
    const reference = await awaitingApproval(100);
    await approve(reference);
    // Four business days without Thursday 3 December end on Monday 7.
    expect((await storage.desk.getRequestState(reference))?.promised?.date).toBe('2026-12-07');
  });

  it('never lets two approvals at the same moment take the same last capacity', async () => {
    const [one, two] = [await awaitingApproval(400), await awaitingApproval(400)];
    const outcomes = await Promise.all([approve(one), approve(two)]);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['recorded', 'recorded']);
    const dates = await Promise.all(
      [one, two].map(async (reference) => (await storage.desk.getRequestState(reference))?.promised?.date),
    );
    // 400 pieces fill Tuesday to Friday; the other 400 take Monday to Thursday of the week after.
    expect(dates.sort()).toEqual(['2026-12-04', '2026-12-10']);
    // What each was promised is the press day the board shows.
    const board = await storage.production.boardOrders();
    for (const reference of [one, two]) {
      const order = board.find((item) => item.reference === reference);
      expect(order?.pressDate).toBe(order?.promised?.date);
    }
  });

  it('keeps every change of the capacity with who made it', async () => {
    await storage.production.saveCapacity({ ...capacity(), perDay: { ...capacity().perDay, embroidery: 40 } }, staff);
    const [latest, before] = await storage.production.capacityChanges(2);
    expect(latest).toMatchObject({ capacity: { perDay: { embroidery: 40 } }, changedBy: staff });
    expect(latest?.changedAt).toBeInstanceOf(Date);
    expect(before?.capacity.perDay.embroidery).toBe(100);
  });

  it('moves a press day by hand, logged, and leaves the promised day alone', async () => {
    const reference = await awaitingApproval(100);
    await approve(reference);
    expect(
      await storage.production.movePressDate(reference, {
        date: '2026-12-09',
        service: 'direct-to-garment',
        pieces: 100,
        actor: staff,
      }),
    ).toBe('moved');
    const order = (await storage.production.boardOrders()).find((item) => item.reference === reference);
    expect(order).toMatchObject({ pressDate: '2026-12-09', promised: { date: '2026-12-04' } });
    const events = (await storage.desk.getRequest(reference))?.events.filter((event) => event.type === 'press_day');
    expect(events?.map((event) => [event.actor, event.data.date, event.data.was])).toEqual([
      [staff, '2026-12-09', '2026-12-04'],
    ]);
    expect(
      await storage.production.movePressDate('Q-2026-9999', {
        date: '2026-12-09',
        service: 'embroidery',
        pieces: 1,
        actor: staff,
      }),
    ).toBe('missing');
  });
});
