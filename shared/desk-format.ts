/**
 * Dates on the desk and the customer's page: the shop's own short form, in the shop's time zone (the
 * order terms' `timeZone`), so "4:05 PM CST" reads as the clock on the shop's wall. UTC where no zone
 * is given (tests, and anything without the terms at hand).
 */
const formatters = new Map<string, { dateTime: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = {
      dateTime: new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }),
      // en-CA writes YYYY-MM-DD.
      day: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * Moments written before, by zone and moment: a desk page shows a hundred, the same ones view after view,
 * and a format naming its time zone costs a third of the inbox's render. Cleared whole when full.
 */
const written = new Map<string, string>();
const WRITTEN_MAX = 4096;

/** "Nov 23, 2026, 3:20 PM CST" for a moment, in `timeZone`. */
export function formatDateTime(iso: string, timeZone = 'UTC'): string {
  const key = `${timeZone} ${iso}`;
  let text = written.get(key);
  if (text === undefined) {
    text = formattersFor(timeZone).dateTime.format(new Date(iso));
    if (written.size >= WRITTEN_MAX) written.clear();
    written.set(key, text);
  }
  return text;
}

/** The YYYY-MM-DD date a moment falls on in `timeZone`. */
export function dayIn(iso: string, timeZone = 'UTC'): string {
  return formattersFor(timeZone).day.format(new Date(iso));
}

/** "Dec 5, 2026" for a YYYY-MM-DD date. */
export function formatDay(day: string): string {
  return dateOnly.format(new Date(`${day}T00:00:00Z`));
}

/** "in 12 days", "today", "3 days late". */
export function daysLeftText(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1) return `in ${days} days`;
  return days === -1 ? '1 day late' : `${-days} days late`;
}
