import { isBusinessDay } from '#shared/pricing/business-days.ts';
import { addCalendarDays } from '#shared/pricing/calendar-date.ts';
import type { ShopCalendar } from '#shared/pricing/order-terms.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import { type Capacity, withClosedDates } from './production-load.ts';

/**
 * The board's plan of the days ahead: each order's pieces laid on the working days up to its press day,
 * as late as they can go (the work due latest takes the latest days), so a day's bar is what the press
 * runs that day. What cannot fit before its day, counting from the first working day, stays on its press
 * day: that day goes over capacity, and the orders left short are at risk. The same rule as the
 * earliest-date table (production-load.ts): a day is over only when the work due by it cannot be done.
 */

export interface PlannedOrder {
  reference: string;
  service: ServiceId;
  pieces: number;
  pressDate: string;
  /** The day promised to the customer, when set. */
  promisedDate?: string;
  /** Whether its work still takes the press (not yet ready). */
  onPress: boolean;
}

interface PlanDay {
  date: string;
  /** Pieces planned and capacity, per service. */
  load: Record<ServiceId, { planned: number; capacity: number }>;
}

export type RiskReason = 'short' | 'late' | 'after-promise';

export interface BoardPlan {
  days: PlanDay[];
  /** Why each order at risk is: its work does not fit by its day, its day is gone, or it is after its promise. */
  risks: Map<string, RiskReason>;
}

/** The plan of `days` working days from `firstDay`, with every order's risk. */
export function planBoard(
  calendar: ShopCalendar,
  capacity: Capacity,
  orders: readonly PlannedOrder[],
  { firstDay, dayCount }: { firstDay: string; dayCount: number },
): BoardPlan {
  const shop = withClosedDates(calendar, capacity.closedDates);
  const onPress = orders.filter((order) => order.onPress && order.pieces > 0);
  let lastPress = firstDay;
  for (const order of onPress) if (order.pressDate > lastPress) lastPress = order.pressDate;
  // Every working day from the first to the last press day (or the days shown, whichever is later).
  const dates: string[] = [];
  for (let day = firstDay; dates.length < dayCount || day <= lastPress; day = addCalendarDays(day, 1)) {
    if (isBusinessDay(day, shop)) dates.push(day);
  }
  const services: ServiceId[] = ['screen-printing', 'direct-to-garment', 'embroidery'];
  const planned = new Map<ServiceId, number[]>(services.map((service) => [service, dates.map(() => 0)]));
  const risks = new Map<string, RiskReason>();

  for (const service of services) {
    const perDay = capacity.perDay[service];
    const row = planned.get(service) as number[];
    // Latest press day first: going back from the last day, the work due latest takes the latest days.
    const queue = onPress
      .filter((order) => order.service === service)
      .map((order) => ({ order, left: order.pieces, last: lastIndexOnOrBefore(dates, order.pressDate) }))
      .sort((a, b) => b.last - a.last);
    for (let index = dates.length - 1; index >= 0; index -= 1) {
      let free = perDay;
      for (const item of queue) {
        if (free === 0) break;
        if (item.left === 0 || item.last < index) continue;
        const taken = Math.min(free, item.left);
        item.left -= taken;
        free -= taken;
        row[index] = (row[index] ?? 0) + taken;
      }
    }
    for (const item of queue) {
      if (item.left === 0) continue;
      // Short: the rest stays on its press day (or the first day, when that day is gone).
      const at = Math.max(0, item.last);
      row[at] = (row[at] ?? 0) + item.left;
      risks.set(item.order.reference, item.order.pressDate < firstDay ? 'late' : 'short');
    }
  }
  for (const order of onPress) {
    if (order.pressDate < firstDay) risks.set(order.reference, 'late');
    else if (!risks.has(order.reference) && order.promisedDate !== undefined && order.pressDate > order.promisedDate)
      risks.set(order.reference, 'after-promise');
  }
  const days = dates.slice(0, Math.max(dayCount, 0)).map((date, index) => ({
    date,
    load: Object.fromEntries(
      services.map((service) => [
        service,
        { planned: planned.get(service)?.[index] ?? 0, capacity: capacity.perDay[service] },
      ]),
    ) as PlanDay['load'],
  }));
  return { days, risks };
}

/** The index of the last date on or before `date`; -1 when before the first. */
function lastIndexOnOrBefore(dates: readonly string[], date: string): number {
  let found = -1;
  for (let index = 0; index < dates.length && (dates[index] as string) <= date; index += 1) found = index;
  return found;
}

/** What each risk means, for the board and the inbox. */
export const riskWords: Record<RiskReason, string> = {
  short: 'At risk: the work due by its press day is more than the press can do',
  late: 'Late: its press day has passed',
  'after-promise': 'At risk: its press day is after the day promised to the customer',
};
