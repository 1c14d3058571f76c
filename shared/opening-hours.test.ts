import { describe, expect, it } from 'vitest';
import { describeOpeningHours, formatClockTime } from './opening-hours.ts';

describe('formatClockTime', () => {
  it.each([
    ['09:00', '9:00 am'],
    ['00:30', '12:30 am'],
    ['12:00', '12:00 pm'],
    ['18:05', '6:05 pm'],
  ])('%s is %s', (time, shown) => {
    expect(formatClockTime(time)).toBe(shown);
  });
});

describe('describeOpeningHours', () => {
  it('names runs of days, adds the days no row lists as closed, in week order', () => {
    expect(
      describeOpeningHours([
        { days: ['Saturday'], opens: '10:00', closes: '14:00' },
        { days: ['Friday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '09:00', closes: '18:00' },
      ]),
    ).toEqual([
      { days: 'Monday to Friday', hours: '9:00 am to 6:00 pm' },
      { days: 'Saturday', hours: '10:00 am to 2:00 pm' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
  });

  it('lists days that do not follow each other, and two days with "and"', () => {
    expect(
      describeOpeningHours([
        { days: ['Monday', 'Wednesday', 'Friday'], opens: '08:00', closes: '12:00' },
        { days: ['Saturday', 'Sunday'], opens: '10:00', closes: '13:00' },
      ]),
    ).toEqual([
      { days: 'Monday, Wednesday, Friday', hours: '8:00 am to 12:00 pm' },
      { days: 'Saturday and Sunday', hours: '10:00 am to 1:00 pm' },
      { days: 'Tuesday and Thursday', hours: 'Closed' },
    ]);
  });
});
