import { describe, expect, it } from 'vitest';
import { bookingOf } from '#shared/requests/promised-date.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { quoteEstimate } from '#shared/submissions/quote-fields.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { type BookedWork, buildLoad, type Capacity, earliestPressDay, fitsBy, loadDatesOf } from './production-load.ts';

/**
 * Fixture terms: Monday to Friday, 12:00 cut-off in Chicago; direct-to-garment takes 4 business days,
 * or 2 with its rush. Monday 30 November 2026, 09:00 in Chicago: the approval counts today, and new
 * work can go on the press from Tuesday 1 December.
 */
const terms = fixtureSiteData['order-terms'];
const now = new Date('2026-11-30T15:00:00Z');
const firstDay = '2026-12-01';
const capacity: Capacity = {
  perDay: { 'screen-printing': 100, 'direct-to-garment': 100, embroidery: 50 },
  closedDates: [],
};

const load = (booked: BookedWork[], closed: Capacity['closedDates'] = []) =>
  buildLoad(terms, { ...capacity, closedDates: closed }, booked, firstDay);

const dtg = (pieces: number, extra: Record<string, string> = {}): FormValues => ({
  service: 'direct-to-garment',
  garment: 'own',
  qtyM: String(pieces),
  loc1: 'front',
  loc1Area: 'medium',
  delivery: 'pickup',
  ...extra,
});

describe('the earliest day an order fits on the press', () => {
  it('is the first working day with room when the shop is empty', () => {
    expect(earliestPressDay(load([]), 'direct-to-garment', 100)).toBe('2026-12-01');
    // 250 pieces at 100 a day: Tuesday, Wednesday and half of Thursday.
    expect(earliestPressDay(load([]), 'direct-to-garment', 250)).toBe('2026-12-03');
  });

  it('comes after the work already booked, which can be done ahead of its day', () => {
    // 400 pieces due Friday 4 December take every piece of Tuesday to Friday: 100 more fit by Monday.
    const booked = load([{ service: 'direct-to-garment', pieces: 400, pressDate: '2026-12-04' }]);
    expect(earliestPressDay(booked, 'direct-to-garment', 100)).toBe('2026-12-07');
    expect(earliestPressDay(booked, 'direct-to-garment', 200)).toBe('2026-12-08');
    // Another service's press is not touched.
    expect(earliestPressDay(booked, 'screen-printing', 100)).toBe('2026-12-01');
  });

  it('never takes capacity a later order needs', () => {
    // 600 pieces due Tuesday 8 December: six days' work, so nothing fits before then.
    const booked = load([{ service: 'direct-to-garment', pieces: 600, pressDate: '2026-12-08' }]);
    expect(fitsBy(booked, 'direct-to-garment', 50, '2026-12-04')).toBe(false);
    expect(earliestPressDay(booked, 'direct-to-garment', 50)).toBe('2026-12-09');
  });

  it('skips the dates the shop is closed', () => {
    const closed = load([], [{ date: '2026-12-02', note: 'Press maintenance' }]);
    expect(earliestPressDay(closed, 'direct-to-garment', 200)).toBe('2026-12-03');
  });

  it('reaches past a year of booked work', () => {
    const booked = load([{ service: 'embroidery', pieces: 50 * 500, pressDate: '2028-06-30' }]);
    const day = earliestPressDay(booked, 'embroidery', 50);
    expect(day !== undefined && day > '2028-06-30').toBe(true);
  });
});

describe('dates from the load', () => {
  const capacityOf = (booked: BookedWork[], closed: Capacity['closedDates'] = []) =>
    loadDatesOf(load(booked, closed), { ...capacity, closedDates: closed });

  it('moves the next customer’s date later when a 400-piece order is booked for the week', () => {
    const empty = bookingOf(dtg(200), fixtureSiteData, now, capacityOf([]));
    expect(empty?.promised.date).toBe('2026-12-04');
    const full = bookingOf(
      dtg(200),
      fixtureSiteData,
      now,
      capacityOf([{ service: 'direct-to-garment', pieces: 400, pressDate: '2026-12-04' }]),
    );
    expect(full).toMatchObject({ promised: { date: '2026-12-08' }, pressDate: '2026-12-08', pieces: 200 });
  });

  it('moves it later for a day the shop closes', () => {
    const closed = bookingOf(
      dtg(200),
      fixtureSiteData,
      now,
      capacityOf([], [{ date: '2026-12-03', note: 'Staff training' }]),
    );
    expect(closed?.promised.date).toBe('2026-12-07');
  });

  it('offers a rush only when the press has room for it, and names the earliest date otherwise', () => {
    const values = dtg(200, { inHands: '2026-12-02' });
    const open = quoteEstimate(values, fixtureSiteData, now, capacityOf([]));
    expect(open?.ok && open.estimate.schedule).toMatchObject({ kind: 'on-time', turnaround: { businessDays: 2 } });
    const busy = quoteEstimate(
      values,
      fixtureSiteData,
      now,
      capacityOf([{ service: 'direct-to-garment', pieces: 400, pressDate: '2026-12-04' }]),
    );
    // The press is full until Friday: a rush gains nothing, so the standard price and Tuesday's date.
    expect(busy?.ok && busy.estimate.schedule).toMatchObject({
      kind: 'too-soon',
      earliest: '2026-12-08',
      turnaround: { surchargePercent: 0 },
    });
  });
});
