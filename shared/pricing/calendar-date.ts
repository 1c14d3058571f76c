/**
 * Calendar dates as "YYYY-MM-DD" strings: what a date input posts and what a person means by "the 3rd".
 * Arithmetic runs on UTC midnights, where every day has 24 hours, so no daylight-saving change can
 * move a date; the shop's own clock is read once, in business-days.ts.
 */

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

const atMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

/** Whether the string names a day that exists (no 31 April, no 29 February outside leap years). */
export function isCalendarDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  return atMidnight(value).toISOString().slice(0, 10) === value;
}

/** The date `days` calendar days after (or, negative, before) the given one. */
export function addCalendarDays(date: string, days: number): string {
  const at = atMidnight(date);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** 0 for Monday to 6 for Sunday, the order shops list their days in. */
export function weekdayIndex(date: string): number {
  return (atMidnight(date).getUTCDay() + 6) % 7;
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tue, Dec 1", with the year only when it is not `thisYear`'s: how a person writes a deadline. */
export function formatCalendarDate(date: string, today: string): string {
  const format = date.slice(0, 4) === today.slice(0, 4) ? shortDate : longDate;
  return format.format(atMidnight(date));
}

/** "Fri, Dec 18, 2026", the year always: a date in a record read long after, such as a request's details. */
export function formatFullCalendarDate(date: string): string {
  return longDate.format(atMidnight(date));
}
