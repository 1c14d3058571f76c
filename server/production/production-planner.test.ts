import { describe, expect, it } from 'vitest';
import type { BookedWork, Capacity } from '#shared/production/production-load.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { createProductionPlanner } from './production-planner.ts';
import type { BoardOrder } from './production-store.ts';

/** Monday 30 November 2026, 09:00 in Chicago: the board counts from that day. */
const start = new Date('2026-11-30T15:00:00Z').getTime();
const capacity: Capacity = {
  perDay: { 'screen-printing': 100, 'direct-to-garment': 100, embroidery: 100 },
  closedDates: [],
};
/** Pressed on Friday, promised for Thursday: at risk of missing its promise. */
const afterPromise: BoardOrder = {
  reference: 'Q-2026-000101',
  name: 'Dana Whitfield',
  company: '',
  status: 'approved',
  service: 'direct-to-garment',
  pieces: 10,
  pressDate: '2026-12-04',
  promised: { date: '2026-12-03', handover: 'pickup' },
  inHands: null,
};

/** A planner over orders the test changes, counting how often the board is read. */
function plannerOver(orders: BoardOrder[]) {
  let clock = start;
  const reads = { board: 0 };
  const planner = createProductionPlanner({
    production: {
      bookedWork: async () => [],
      capacityChanges: async () => [],
      boardOrders: async () => {
        reads.board += 1;
        return structuredClone(orders);
      },
    },
    site: () => fixtureSiteData,
    now: () => new Date(clock),
    defaults: capacity,
  });
  return { planner, reads, later: (ms: number) => (clock += ms) };
}

// Every inbox page flags the orders at risk: with years of requests, planning the board's open orders on each
// page cost more than the page, so the flags are kept like the load table.
describe('the production planner’s risks for the inbox', () => {
  it('names each order at risk in words', async () => {
    const { planner } = plannerOver([afterPromise]);
    expect([...(await planner.risks())]).toEqual([[afterPromise.reference, expect.stringMatching(/promise/i)]]);
  });

  it('reads the board once for the pages shown within ten seconds, then again', async () => {
    const orders = [afterPromise];
    const { planner, reads, later } = plannerOver(orders);
    await planner.risks();
    orders.length = 0;
    later(9_000);
    expect((await planner.risks()).has(afterPromise.reference)).toBe(true);
    expect(reads.board).toBe(1);
    later(1_000);
    expect((await planner.risks()).size).toBe(0);
    expect(reads.board).toBe(2);
  });

  it('works them out again at once after this instance changed an order', async () => {
    const orders = [afterPromise];
    const { planner, reads } = plannerOver(orders);
    await planner.risks();
    orders[0] = { ...afterPromise, pressDate: '2026-12-02' };
    planner.invalidate();
    expect((await planner.risks()).size).toBe(0);
    expect(reads.board).toBe(2);
  });
});

// The calculator pages are cached by the stamp of the load they show (server/pages/page-cache.ts).
describe('the production planner’s stamp for the cached pages', () => {
  const work: BookedWork[] = [];
  let clock = start;
  let reads = 0;
  const planner = createProductionPlanner({
    production: {
      bookedWork: async () => {
        reads += 1;
        return structuredClone(work);
      },
      capacityChanges: async () => [],
      boardOrders: async () => [],
    },
    site: () => fixtureSiteData,
    now: () => new Date(clock),
    defaults: capacity,
  });

  it('is unknown until the load is read, and the same for the same load read again', async () => {
    expect(planner.stamp()).toBeUndefined();
    const { stamp } = await planner.current();
    expect(planner.stamp()).toBe(stamp);
    clock += 10_000;
    // Outlived: read again in the background, the kept stamp standing meanwhile.
    expect(planner.stamp()).toBe(stamp);
    await expect.poll(() => reads).toBe(2);
    expect(planner.stamp()).toBe(stamp);
  });

  it('changes when work moves a date, and is unknown once this instance changed the load', async () => {
    const before = (await planner.current()).stamp;
    // Three days' work due on the third day: nothing more fits before the fourth.
    work.push({ service: 'embroidery', pieces: 300, pressDate: '2026-12-03' });
    planner.invalidate();
    expect(planner.stamp()).toBeUndefined();
    const after = await planner.current();
    expect(after.stamp).not.toBe(before);
    expect(after.dates.pressFrom('embroidery', 10)).toBe('2026-12-04');
  });
});
