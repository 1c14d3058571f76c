import { isBusinessDay } from '#shared/pricing/business-days.ts';
import { addCalendarDays } from '#shared/pricing/calendar-date.ts';
import type { ShopCalendar } from '#shared/pricing/order-terms.ts';
import type { ServiceId } from '#shared/service-ids.ts';

/**
 * The shop's production load, and the earliest day an order fits into what is left of it: the one
 * scheduling rule the calculators, the quote form, the desk's quote, the approval and the board share.
 *
 * The model is the press crew's: each booked order has a press day, the working day it must be off the
 * press by. Capacity is pieces per working day per service, and work can be done ahead: the orders due
 * by a day fit when their pieces are no more than the capacity of every working day from the first one
 * up to it. So a day's "slack" is that capacity minus the pieces due by it, and a new order of N pieces
 * fits on press day D when the slack of D and of every day after it is at least N (it takes N from all
 * of them). The smallest slack from a day on only grows with the day, so the earliest fitting day is a
 * binary search over a table built once per load: an answer costs microseconds, whatever the number of
 * open orders (building the table is linear in them).
 */

/** What the shop can do: pieces per working day per service, and the dates it is closed besides holidays. */
export interface Capacity {
  perDay: Record<ServiceId, number>;
  closedDates: { date: string; note: string }[];
}

/** A booked order's share of the load. */
export interface BookedWork {
  service: ServiceId;
  pieces: number;
  /** YYYY-MM-DD: the working day it must be off the press by. */
  pressDate: string;
}

/** One service's working days from the first, with what is left of them. */
interface ServiceLoad {
  perDay: number;
  days: string[];
  /** The smallest slack from each day on (see above); non-decreasing. */
  floor: number[];
}

export interface ProductionLoad {
  /** The first working day the load counts capacity from. */
  firstDay: string;
  /** The shop's calendar with the capacity's closed dates among its holidays. */
  calendar: ShopCalendar;
  services: Record<ServiceId, ServiceLoad>;
}

/** How far ahead the table reaches: beyond it no order is due, so the slack only grows. */
const HORIZON_DAYS = 400;

/** The calendar with the shop's closed dates counted as holidays: no day of it is a working day. */
export function withClosedDates<C extends ShopCalendar>(calendar: C, closedDates: Capacity['closedDates']): C {
  if (closedDates.length === 0) return calendar;
  return {
    ...calendar,
    holidays: [...calendar.holidays, ...closedDates.map(({ date, note }) => ({ date, name: note || 'Closed' }))],
  };
}

/**
 * The load table of every service, counting capacity from `firstDay` (the first day new work may go on
 * the press). Work due before it is late work still to do: it counts against the first day.
 */
export function buildLoad(
  calendar: ShopCalendar,
  capacity: Capacity,
  booked: readonly BookedWork[],
  firstDay: string,
): ProductionLoad {
  const shopCalendar = withClosedDates(calendar, capacity.closedDates);
  const days: string[] = [];
  let day = firstDay;
  for (let count = 0; count < HORIZON_DAYS; day = addCalendarDays(day, 1)) {
    if (!isBusinessDay(day, shopCalendar)) continue;
    days.push(day);
    count += 1;
  }
  const build = (service: ServiceId): ServiceLoad => {
    const perDay = Math.max(0, capacity.perDay[service]);
    const due = new Array<number>(days.length).fill(0);
    let beyond = 0;
    for (const work of booked) {
      if (work.service !== service || work.pieces <= 0) continue;
      const index = indexOnOrBefore(days, work.pressDate);
      if (index >= days.length) beyond += work.pieces;
      else {
        const at = Math.max(0, index);
        due[at] = (due[at] ?? 0) + work.pieces;
      }
    }
    const floor = new Array<number>(days.length);
    let slack = 0;
    const slacks = due.map((pieces) => {
      slack += perDay - pieces;
      return slack;
    });
    // Work due past the horizon still needs its capacity out of the last day's slack.
    let low = (slacks.at(-1) ?? 0) - beyond;
    for (let index = days.length - 1; index >= 0; index -= 1) {
      low = Math.min(low, slacks[index] as number);
      floor[index] = low;
    }
    return { perDay, days, floor };
  };
  return {
    firstDay,
    calendar: shopCalendar,
    services: {
      'screen-printing': build('screen-printing'),
      'direct-to-garment': build('direct-to-garment'),
      embroidery: build('embroidery'),
    },
  };
}

/**
 * The index of the last working day on or before `date`: -1 when it is before the first, days.length
 * when it is past the last (binary search: the days are in order).
 */
function indexOnOrBefore(days: readonly string[], date: string): number {
  if (days.length === 0 || date > (days.at(-1) as string)) return days.length;
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((days[middle] as string) <= date) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/**
 * The earliest working day an order of `pieces` can be off the press by, with every booked order kept
 * to its day; undefined when the service has no capacity at all.
 */
export function earliestPressDay(load: ProductionLoad, service: ServiceId, pieces: number): string | undefined {
  const { days, floor, perDay } = load.services[service];
  if (perDay <= 0) return undefined;
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((floor[middle] as number) >= pieces) high = middle;
    else low = middle + 1;
  }
  if (low < days.length) return days[low];
  // Past the horizon nothing more is due: each working day adds a full day's capacity.
  let left = pieces - (floor.at(-1) ?? 0);
  let day = days.at(-1) ?? load.firstDay;
  while (left > 0) {
    day = addCalendarDays(day, 1);
    if (isBusinessDay(day, load.calendar)) left -= perDay;
  }
  return day;
}

/** Whether an order of `pieces` fits when it is off the press by `date`. */
export function fitsBy(load: ProductionLoad, service: ServiceId, pieces: number, date: string): boolean {
  const earliest = earliestPressDay(load, service, pieces);
  return earliest !== undefined && earliest <= date;
}

/** What an estimate needs of the load: the closed dates, and the earliest press day of an order. */
export interface LoadDates {
  closedDates: Capacity['closedDates'];
  /** Undefined when not known (the browser before its answer came): business days alone then. */
  pressFrom(service: ServiceId, pieces: number): string | undefined;
}

/** The load as estimates read it. */
export function loadDatesOf(load: ProductionLoad, capacity: Capacity): LoadDates {
  return {
    closedDates: capacity.closedDates,
    pressFrom: (service, pieces) => earliestPressDay(load, service, pieces),
  };
}
