import { describe, expect, it } from 'vitest';
import type { LoadDates } from '#shared/production/production-load.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { approvalDeadline } from './promised-date.ts';

// Fixture terms: screen printing takes 10 business days; Monday to Friday, a 12:00 cut-off in Chicago.
// Monday 30 November 2026, 09:00 in Chicago: an approval now counts from today.
const now = new Date('2026-11-30T15:00:00Z');
const values: FormValues = {
  service: 'screen-printing',
  garment: 'own',
  qtyM: '24',
  loc1: 'front',
  loc1Colors: '1',
  delivery: 'pickup',
};
const emptyPress: LoadDates = { closedDates: [], pressFrom: () => undefined };

describe('the latest approval that keeps a date', () => {
  it('is the last business day whose ten days still end by the date', () => {
    // Approved Monday 30 Nov → ready Monday 14 Dec. To be ready by Friday 18 Dec, the approval may wait
    // until Friday 4 Dec (ten business days on: Friday 18).
    expect(approvalDeadline(values, fixtureSiteData, now, emptyPress, '2026-12-18')).toEqual({
      day: '2026-12-04',
      keeps: '2026-12-18',
    });
  });

  it('comes sooner when the press is full until later: the load, not the calendar alone', () => {
    // Nothing fits on the press before Thursday 17 Dec: only an approval by Thursday 3 Dec keeps the 18th.
    const busy: LoadDates = { closedDates: [], pressFrom: () => '2026-12-17' };
    expect(approvalDeadline(values, fixtureSiteData, now, busy, '2026-12-17')).toEqual({
      day: '2026-12-03',
      keeps: '2026-12-17',
    });
    expect(approvalDeadline(values, fixtureSiteData, now, busy, '2026-12-16')).toEqual({
      late: true,
      earliest: '2026-12-17',
    });
  });

  it('says when even an approval now is too late, with the earliest date instead', () => {
    expect(approvalDeadline(values, fixtureSiteData, now, emptyPress, '2026-12-10')).toEqual({
      late: true,
      earliest: '2026-12-14',
    });
  });
});
