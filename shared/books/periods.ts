/**
 * The books' periods are the shop's days and months, in its own time zone: a payment at 11 pm on the
 * 31st is in that month, whatever UTC says.
 */

/** The longest range one export covers: a year (a leap year's 366 days). */
export const MAX_EXPORT_DAYS = 366;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const monthPattern = /^(\d{4})-(\d{2})$/;

/** Minutes `timeZone` is ahead of UTC at `at`. */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((local - at.getTime()) / 60_000);
}

/** The instant a calendar day (year, month 1-12, day) starts in `timeZone`. */
function startOfDay(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  // Once more from the first answer: a change of offset (summer time) between the two instants.
  return new Date(guess - offsetMinutes(new Date(first), timeZone) * 60_000);
}

/** "YYYY-MM-DD" as its parts; undefined when it is not a real date. */
function readDay(text: string): { year: number; month: number; day: number } | undefined {
  const match = dayPattern.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

export function readMonth(text: string): { year: number; month: number } | undefined {
  const match = monthPattern.exec(text);
  if (!match) return undefined;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= 2000 && year <= 2999 && month >= 1 && month <= 12 ? { year, month } : undefined;
}

export function monthText(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** A month's first instant and the next month's, in the shop's time zone. */
export function monthRange(year: number, month: number, timeZone: string): { from: Date; to: Date } {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: startOfDay(year, month, 1, timeZone), to: startOfDay(next.year, next.month, 1, timeZone) };
}

/** The month before and after, as "YYYY-MM". */
export function neighbourMonths(year: number, month: number): { previous: string; next: string } {
  return {
    previous: month === 1 ? monthText(year - 1, 12) : monthText(year, month - 1),
    next: month === 12 ? monthText(year + 1, 1) : monthText(year, month + 1),
  };
}

/** The last day of a month, as "YYYY-MM-DD". */
export function lastDayOf(year: number, month: number): string {
  return `${monthText(year, month)}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
}

export type ExportRange = { ok: true; from: Date; to: Date; days: number } | { ok: false; problem: string };

/**
 * An export's days, first and last included, in the shop's time zone: both real dates, the first not
 * after the last, and at most MAX_EXPORT_DAYS of them.
 */
export function exportRange(fromText: string, toText: string, timeZone: string): ExportRange {
  const first = readDay(fromText);
  const last = readDay(toText);
  if (!first || !last) return { ok: false, problem: 'Give the first and last day as dates, such as 2026-11-01.' };
  const days =
    (Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(first.year, first.month - 1, first.day)) / 86_400_000 + 1;
  if (days < 1) return { ok: false, problem: 'The first day comes after the last: swap them.' };
  if (days > MAX_EXPORT_DAYS)
    return {
      ok: false,
      problem: `An export covers at most ${MAX_EXPORT_DAYS} days (a year); this range has ${days}. Export it a year at a time.`,
    };
  const after = new Date(Date.UTC(last.year, last.month - 1, last.day + 1));
  return {
    ok: true,
    from: startOfDay(first.year, first.month, first.day, timeZone),
    to: startOfDay(after.getUTCFullYear(), after.getUTCMonth() + 1, after.getUTCDate(), timeZone),
    days,
  };
}
