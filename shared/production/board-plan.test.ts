import { describe, expect, it } from 'vitest';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { planBoard } from './board-plan.ts';
import type { Capacity } from './production-load.ts';

const calendar = fixtureSiteData['order-terms'];
const capacity: Capacity = {
  perDay: { 'screen-printing': 100, 'direct-to-garment': 100, embroidery: 100 },
  closedDates: [],
};
// Tuesday 1 December 2026; the week's working days are Tuesday to Friday, then Monday 7.
const window = { firstDay: '2026-12-01', dayCount: 5 };
const order = (reference: string, pieces: number, pressDate: string, promisedDate = pressDate) => ({
  reference,
  service: 'screen-printing' as const,
  pieces,
  pressDate,
  promisedDate,
  onPress: true,
});

describe('the production board’s plan', () => {
  it('lays a big order on the days before its press day, within capacity, with nothing at risk', () => {
    const plan = planBoard(calendar, capacity, [order('Q-1', 300, '2026-12-04')], window);
    expect(plan.days.map((day) => day.load['screen-printing'].planned)).toEqual([0, 100, 100, 100, 0]);
    expect(plan.risks.size).toBe(0);
  });

  it('flags the order whose work does not fit by its day, and puts the day over capacity', () => {
    const plan = planBoard(
      calendar,
      capacity,
      [order('Q-1', 300, '2026-12-04'), order('Q-2', 200, '2026-12-02')],
      window,
    );
    // Q-1 takes Wednesday to Friday; Q-2's 200 due Wednesday find only Tuesday's 100 free.
    expect(plan.risks.get('Q-2')).toBe('short');
    expect(plan.risks.has('Q-1')).toBe(false);
    const [tuesday, wednesday] = plan.days;
    expect(tuesday?.load['screen-printing'].planned).toBe(100);
    expect(wednesday?.load['screen-printing'].planned).toBeGreaterThan(100);
  });

  it('flags an order whose press day has passed, or that lies after its promise', () => {
    const plan = planBoard(
      calendar,
      capacity,
      [order('Q-1', 10, '2026-11-30'), order('Q-2', 10, '2026-12-07', '2026-12-04')],
      window,
    );
    expect(plan.risks.get('Q-1')).toBe('late');
    expect(plan.risks.get('Q-2')).toBe('after-promise');
  });

  it('leaves out the days the shop is closed', () => {
    const plan = planBoard(calendar, { ...capacity, closedDates: [{ date: '2026-12-02', note: '' }] }, [], window);
    expect(plan.days.map((day) => day.date)).toEqual([
      '2026-12-01',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
      '2026-12-08',
    ]);
  });
});
