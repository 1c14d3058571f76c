import { describe, expect, it } from 'vitest';
import type { BoardCard, BoardDay } from '#shared/production/board-view.ts';
import { boardWeeks, hasWork } from './board-weeks.ts';

const card: BoardCard = {
  reference: 'Q-2026-000001',
  name: 'Dana Whitfield',
  company: '',
  status: 'approved',
  service: 'embroidery',
  pieces: 40,
  pressDate: '2026-12-11',
  inHands: null,
};
const day = (date: string, { planned = 0, cards = [] as BoardCard[] } = {}): BoardDay => ({
  date,
  load: [
    { service: 'screen-printing', serviceName: 'Screen printing', planned: 0, capacity: 600 },
    { service: 'embroidery', serviceName: 'Embroidery', planned, capacity: 200 },
  ],
  cards,
});

describe('the board by week', () => {
  it('counts a day as work when an order is placed on it or pieces are planned on it', () => {
    expect(hasWork(day('2026-11-30'))).toBe(false);
    expect(hasWork(day('2026-11-30', { planned: 24 }))).toBe(true);
    expect(hasWork(day('2026-11-30', { cards: [card] }))).toBe(true);
  });

  it('cuts the days at each Monday, a board starting mid-week included, and says which weeks have work', () => {
    const weeks = boardWeeks([
      day('2026-11-26'),
      day('2026-11-27'),
      day('2026-11-30'),
      day('2026-12-01', { planned: 40 }),
      day('2026-12-07'),
      // A Sunday belongs to the week that began the Monday before.
      day('2026-12-13', { cards: [card] }),
      day('2026-12-14'),
    ]);
    expect(weeks.map((week) => [week.monday, week.days.map((d) => d.date), week.busy])).toEqual([
      ['2026-11-23', ['2026-11-26', '2026-11-27'], false],
      ['2026-11-30', ['2026-11-30', '2026-12-01'], true],
      ['2026-12-07', ['2026-12-07', '2026-12-13'], true],
      ['2026-12-14', ['2026-12-14'], false],
    ]);
  });
});
