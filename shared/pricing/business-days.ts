import { formatClockTime } from '#shared/opening-hours.ts';
import { addCalendarDays, weekdayIndex } from './calendar-date.ts';
import type { ShopCalendar } from './order-terms.ts';

/**
 * Business days on the shop's clock: the one function the server and the browser both count with, so
 * a date promised on the page is the date the desk's quote and the shop's mail show. Only "now" is
 * read in the shop's time zone (through Intl, which knows its daylight-saving rules); everything after
 * that is calendar dates (calendar-date.ts), so a clock change never shifts a day.
 */

const weekDayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

// An Intl.DateTimeFormat is costly to build and is asked for on every estimate.
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The shop's date ("YYYY-MM-DD") and time of day (minutes since midnight) at an instant. */
export function shopTime(now: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    clockIn(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

// Holidays are looked up on every day counted: a set per calendar, made once.
const holidaySets = new WeakMap<ShopCalendar, Set<string>>();

/** Whether the presses run on this date: not a closed weekday, not a holiday. */
export function isBusinessDay(date: string, calendar: ShopCalendar): boolean {
  let holidays = holidaySets.get(calendar);
  if (!holidays) {
    holidays = new Set(calendar.holidays.map((holiday) => holiday.date));
    holidaySets.set(calendar, holidays);
  }
  const weekday = weekDayNames[weekdayIndex(date)];
  return weekday !== undefined && !calendar.closedWeekdays.includes(weekday) && !holidays.has(date);
}

/** The business day `count` business days after `date` (which itself is not counted); 0 gives `date`. */
export function addBusinessDays(date: string, count: number, calendar: ShopCalendar): string {
  let day = date;
  for (let left = count; left > 0; ) {
    day = addCalendarDays(day, 1);
    if (isBusinessDay(day, calendar)) left -= 1;
  }
  return day;
}

/** The business day `count` business days before `date`; 0 gives `date`. */
export function subtractBusinessDays(date: string, count: number, calendar: ShopCalendar): string {
  let day = date;
  for (let left = count; left > 0; ) {
    day = addCalendarDays(day, -1);
    if (isBusinessDay(day, calendar)) left -= 1;
  }
  return day;
}

/** `date` when it is a business day, else the last business day before it. */
export function businessDayOnOrBefore(date: string, calendar: ShopCalendar): string {
  return isBusinessDay(date, calendar) ? date : subtractBusinessDays(date, 1, calendar);
}

/** How many business days lie after `from` up to and including `to` (0 when `to` is not later). */
export function businessDaysBetween(from: string, to: string, calendar: ShopCalendar): number {
  let count = 0;
  for (let day = addCalendarDays(from, 1); day <= to; day = addCalendarDays(day, 1)) {
    if (isBusinessDay(day, calendar)) count += 1;
  }
  return count;
}

/**
 * The business day an approval given now counts from: today when the shop works today and the
 * cut-off has not passed on its clock, else the next business day.
 */
export function approvalDay(now: Date, calendar: ShopCalendar): string {
  const { date, minutes } = shopTime(now, calendar.timeZone);
  const [hours = 0, mins = 0] = calendar.cutoff.split(':').map(Number);
  const beforeCutoff = minutes < hours * 60 + mins;
  return beforeCutoff && isBusinessDay(date, calendar) ? date : addBusinessDays(date, 1, calendar);
}

/** "1 business day", "3 business days": the unit every turnaround is counted in. */
export function businessDays(count: number): string {
  return `${count} business day${count === 1 ? '' : 's'}`;
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** "12:00 pm CT"-style: the cut-off as the shop writes it, with its zone's short name. */
export function formatCutoff(calendar: ShopCalendar, on: string): string {
  let format = zoneNames.get(calendar.timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: calendar.timeZone, timeZoneName: 'short' });
    zoneNames.set(calendar.timeZone, format);
  }
  // Noon UTC of that date lies on that date in every American zone, so the name is the one in force then.
  const zone = format.formatToParts(new Date(`${on}T12:00:00Z`)).find((part) => part.type === 'timeZoneName');
  return `${formatClockTime(calendar.cutoff)}${zone ? ` ${zone.value}` : ''}`;
}
