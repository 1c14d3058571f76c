import { formatDay } from '#shared/desk-format.ts';
import { addBusinessDays, isBusinessDay, shopTime } from '#shared/pricing/business-days.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { type BoardPlan, planBoard, riskWords } from '#shared/production/board-plan.ts';
import type { BoardCard, BoardDay, BoardView } from '#shared/production/board-view.ts';
import { type Capacity, withClosedDates } from '#shared/production/production-load.ts';
import { type ServiceId, serviceIds } from '#shared/service-ids.ts';
import type { BoardOrder, CapacityChange } from './production-store.ts';

/** How many working days the board shows at once: three weeks of the press (a standard turnaround and more). */
const BOARD_DAYS = 15;
/** How far the plan reaches to find what is at risk (half a year of working days). */
const PLAN_DAYS = 130;

export const serviceNames: Record<ServiceId, string> = {
  'screen-printing': 'Screen printing',
  'direct-to-garment': 'DTG',
  embroidery: 'Embroidery',
};

/** The first day the board plans from: the shop's today when it works, else its next working day. */
export function boardToday(now: Date, site: PricingData, capacity: Capacity): { today: string; firstDay: string } {
  const calendar = withClosedDates(site['order-terms'], capacity.closedDates);
  const today = shopTime(now, calendar.timeZone).date;
  return { today, firstDay: isBusinessDay(today, calendar) ? today : addBusinessDays(today, 1, calendar) };
}

/** The plan of the booked orders from `firstDay`. */
export function planOf(
  site: PricingData,
  capacity: Capacity,
  orders: readonly BoardOrder[],
  firstDay: string,
): BoardPlan {
  return planBoard(
    site['order-terms'],
    capacity,
    orders.flatMap((order) =>
      order.service && order.pieces && order.pressDate
        ? [
            {
              reference: order.reference,
              service: order.service,
              pieces: order.pieces,
              pressDate: order.pressDate,
              onPress: order.status !== 'ready',
              ...(order.promised ? { promisedDate: order.promised.date } : {}),
            },
          ]
        : [],
    ),
    { firstDay, dayCount: PLAN_DAYS },
  );
}

function cardOf(order: BoardOrder, plan: BoardPlan, holds: ReadonlyMap<string, string>): BoardCard {
  const risk = plan.risks.get(order.reference);
  const blocked = holds.get(order.reference);
  return {
    reference: order.reference,
    name: order.name,
    company: order.company,
    status: order.status,
    service: order.service,
    pieces: order.pieces,
    pressDate: order.pressDate,
    inHands: order.inHands,
    ...(order.promised ? { promised: order.promised } : {}),
    ...(risk ? { risk: riskWords[risk] } : {}),
    ...(blocked ? { blocked } : {}),
  };
}

const serviceOrder = (card: BoardCard) => (card.service ? serviceIds.indexOf(card.service) : serviceIds.length);

/** The board's days from `start`, with the orders placed on each by the chosen date. */
export function boardView(
  orders: readonly BoardOrder[],
  plan: BoardPlan,
  {
    start,
    by,
    staff,
    today,
    holds = new Map(),
  }: {
    start: string;
    by: BoardView['by'];
    staff: string;
    today: string;
    /** What holds up an order waiting for its blanks, by reference. */
    holds?: ReadonlyMap<string, string>;
  },
): Omit<BoardView, 'earlier' | 'next' | 'notice'> {
  const shown = plan.days.filter((day) => day.date >= start).slice(0, BOARD_DAYS);
  const first = shown[0]?.date ?? start;
  const last = shown.at(-1)?.date ?? start;
  const cards = orders.map((order) => cardOf(order, plan, holds));
  const placedOn = (card: BoardCard) => (by === 'press' ? card.pressDate : (card.promised?.date ?? card.inHands));
  // Grouped by service, then by status along the order's way, then by reference.
  const sorted = [...cards].sort(
    (a, b) =>
      serviceOrder(a) - serviceOrder(b) || a.status.localeCompare(b.status) || a.reference.localeCompare(b.reference),
  );
  const slotOf = (on: string) => {
    if (on < first || on > last) return undefined;
    let slot: string | undefined;
    for (const day of shown) if (day.date <= on) slot = day.date;
    return slot;
  };
  const days: BoardDay[] = shown.map((day) => ({
    date: day.date,
    load: serviceIds.map((service) => ({
      service,
      serviceName: serviceNames[service],
      planned: day.load[service].planned,
      capacity: day.load[service].capacity,
    })),
    // A card whose day is not a working day (a promised Saturday) shows on the working day before it.
    cards: sorted.filter((card) => {
      const on = placedOn(card);
      return on !== null && slotOf(on) === day.date;
    }),
  }));
  return {
    page: 'board',
    staff,
    today,
    by,
    days,
    unscheduled: sorted.filter((card) => placedOn(card) === null),
    overdue: sorted.filter((card) => {
      const on = placedOn(card);
      return on !== null && on < first && card.status !== 'ready';
    }),
    later: sorted.filter((card) => {
      const on = placedOn(card);
      return on !== null && on > last;
    }).length,
  };
}

/** The desk's words for a capacity change: what it set, and what it changed from the one before. */
export function capacityChangeSummary(change: CapacityChange, before: CapacityChange | undefined): string {
  const parts: string[] = [];
  for (const service of serviceIds) {
    const now = change.capacity.perDay[service];
    const was = before?.capacity.perDay[service];
    if (was === undefined || was !== now)
      parts.push(`${serviceNames[service]} ${was === undefined ? '' : `${was} → `}${now} a day`);
  }
  const dates = (capacity: Capacity | undefined) => new Set(capacity?.closedDates.map((item) => item.date) ?? []);
  const had = dates(before?.capacity);
  const has = dates(change.capacity);
  const added = [...has].filter((date) => !had.has(date));
  const removed = [...had].filter((date) => !has.has(date));
  if (added.length > 0) parts.push(`closed ${added.map(formatDay).join(', ')}`);
  if (removed.length > 0) parts.push(`open again ${removed.map(formatDay).join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : 'No change';
}
