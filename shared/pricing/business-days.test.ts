import { describe, expect, it } from 'vitest';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import {
  addBusinessDays,
  approvalDay,
  businessDayOnOrBefore,
  businessDaysBetween,
  formatCutoff,
  isBusinessDay,
  shopTime,
  subtractBusinessDays,
} from './business-days.ts';

/**
 * The fixture's calendar: America/Chicago, cut-off 12:00, closed Saturday and Sunday, holidays on
 * 2026-11-26 (Thursday), 2026-12-25 (Friday), 2027-01-01 (Friday) and 2027-03-15 (Monday). Every date
 * below is worked out on a paper calendar.
 */
const calendar = fixtureSiteData['order-terms'];

describe('business days', () => {
  it('skips weekends and holidays', () => {
    expect(isBusinessDay('2026-11-23', calendar)).toBe(true); // Monday
    expect(isBusinessDay('2026-11-28', calendar)).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-26', calendar)).toBe(false); // Thanksgiving
    // Wednesday 25th, then Thanksgiving and the weekend go by: Friday 27th, Monday 30th.
    expect(addBusinessDays('2026-11-24', 1, calendar)).toBe('2026-11-25');
    expect(addBusinessDays('2026-11-25', 1, calendar)).toBe('2026-11-27');
    expect(addBusinessDays('2026-11-25', 2, calendar)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-25', 0, calendar)).toBe('2026-11-25');
  });

  it('counts across month and year ends', () => {
    // Mon 28 Dec: 29, 30, 31 Dec, then New Year's Day (a holiday) and a weekend, then Mon 4 Jan.
    expect(addBusinessDays('2026-12-28', 4, calendar)).toBe('2027-01-04');
    // Christmas Friday and the weekend: Thursday 24th to Monday 28th is one business day.
    expect(addBusinessDays('2026-12-24', 1, calendar)).toBe('2026-12-28');
    // 28 February 2027 is a Sunday, and 2027 is no leap year.
    expect(addBusinessDays('2027-02-26', 1, calendar)).toBe('2027-03-01');
    // 2028 is: Tuesday 29 February exists.
    expect(addBusinessDays('2028-02-28', 1, calendar)).toBe('2028-02-29');
    expect(subtractBusinessDays('2027-01-04', 4, calendar)).toBe('2026-12-28');
    expect(businessDaysBetween('2026-12-28', '2027-01-04', calendar)).toBe(4);
    expect(businessDaysBetween('2027-01-04', '2026-12-28', calendar)).toBe(0);
  });

  it('rolls a closed day back to the business day before it', () => {
    expect(businessDayOnOrBefore('2026-11-29', calendar)).toBe('2026-11-27'); // Sunday -> Friday
    expect(businessDayOnOrBefore('2027-01-03', calendar)).toBe('2026-12-31'); // past New Year's Day
    expect(businessDayOnOrBefore('2026-11-30', calendar)).toBe('2026-11-30');
  });
});

describe('the shop clock and the cut-off', () => {
  it('reads the date and the time in the shop’s zone, not the machine’s', () => {
    // 03:30 UTC on the 24th is still the evening of the 23rd in Chicago (UTC-6 in November).
    expect(shopTime(new Date('2026-11-24T03:30:00Z'), calendar.timeZone)).toEqual({
      date: '2026-11-23',
      minutes: 21 * 60 + 30,
    });
  });

  it('counts an approval before noon from today, and after it from the next business day', () => {
    expect(approvalDay(new Date('2026-11-23T17:59:00Z'), calendar)).toBe('2026-11-23'); // 11:59 CST
    expect(approvalDay(new Date('2026-11-23T18:00:00Z'), calendar)).toBe('2026-11-24'); // 12:00 CST
    // Wednesday afternoon before Thanksgiving: Thursday is a holiday, so Friday.
    expect(approvalDay(new Date('2026-11-25T19:00:00Z'), calendar)).toBe('2026-11-27');
    // A Saturday morning counts from Monday.
    expect(approvalDay(new Date('2026-11-28T15:00:00Z'), calendar)).toBe('2026-11-30');
  });

  it('follows daylight-saving time: the same UTC instant is before noon in winter and after it in summer', () => {
    // 17:30 UTC is 11:30 CST on Friday 12 March 2027, but 12:30 CDT on Tuesday 16 March, after the
    // clocks went forward on Sunday the 14th.
    expect(approvalDay(new Date('2027-03-12T17:30:00Z'), calendar)).toBe('2027-03-12');
    // After the cut-off on Tuesday: Wednesday. (Monday the 15th is the fixture's made-up holiday.)
    expect(approvalDay(new Date('2027-03-16T17:30:00Z'), calendar)).toBe('2027-03-17');
    // Saturday 13th at 23:30 CST is 05:30 UTC on the 14th: still Saturday for the shop, so the next
    // business day after the DST weekend and the Monday holiday is Tuesday.
    expect(approvalDay(new Date('2027-03-14T05:30:00Z'), calendar)).toBe('2027-03-16');
    // And back in November: 17:30 UTC on Monday 8 November 2027 is 11:30 CST, before the cut-off.
    expect(approvalDay(new Date('2027-11-08T17:30:00Z'), calendar)).toBe('2027-11-08');
    expect(approvalDay(new Date('2027-11-05T17:30:00Z'), calendar)).toBe('2027-11-08'); // 12:30 CDT, Friday
  });

  it('names the cut-off with the zone in force on that day', () => {
    expect(formatCutoff(calendar, '2027-01-04')).toBe('12:00 pm CST');
    expect(formatCutoff(calendar, '2027-07-06')).toBe('12:00 pm CDT');
  });
});
