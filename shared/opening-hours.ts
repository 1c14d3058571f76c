/** The days of the week as schema.org names them, Monday first as a shop's sign lists them. */
export const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** One day of the week. */
type WeekDay = (typeof weekDays)[number];

/** One row of the opening hours as the data file gives it. */
export interface OpeningHoursRow {
  days: readonly WeekDay[];
  opens: string;
  closes: string;
}

/** One line of the hours as shown: "Monday to Friday" and "9:00 am to 6:00 pm", or "Closed". */
export interface HoursLine {
  days: string;
  hours: string;
}

/** "09:00" -> "9:00 am", "18:30" -> "6:30 pm": how the shop's sign writes it, the same on server and browser. */
export function formatClockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "Monday to Friday" for a run of three or more days, "Saturday and Sunday" for two, else a list. */
function describeDays(days: readonly WeekDay[]): string {
  const sorted = [...days].sort((a, b) => weekDays.indexOf(a) - weekDays.indexOf(b));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return '';
  const consecutive = weekDays.indexOf(last) - weekDays.indexOf(first) === sorted.length - 1;
  if (sorted.length >= 3 && consecutive) return `${first} to ${last}`;
  if (sorted.length === 2) return `${first} and ${last}`;
  return sorted.join(', ');
}

/**
 * The week as lines to show, in week order: each row of the data, then the days no row lists, as
 * "Closed". The contact page, the footer and the answers all read this, so they cannot disagree.
 */
export function describeOpeningHours(rows: readonly OpeningHoursRow[]): HoursLine[] {
  const open = rows
    .map((row) => ({ row, first: Math.min(...row.days.map((day) => weekDays.indexOf(day))) }))
    .sort((a, b) => a.first - b.first)
    .map(({ row }) => ({
      days: describeDays(row.days),
      hours: `${formatClockTime(row.opens)} to ${formatClockTime(row.closes)}`,
    }));
  const listed = new Set(rows.flatMap((row) => row.days));
  const closed = weekDays.filter((day) => !listed.has(day));
  return closed.length > 0 ? [...open, { days: describeDays(closed), hours: 'Closed' }] : open;
}
