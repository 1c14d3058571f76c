import {
  addBusinessDays,
  approvalDay,
  businessDayOnOrBefore,
  businessDaysBetween,
  shopTime,
  subtractBusinessDays,
} from './business-days.ts';
import type { OrderTerms, RushTier, ServiceTurnaround } from './order-terms.ts';

/**
 * What the in-hands date means for an order: the standard turnaround, the rush it needs, or that it
 * cannot be made and the earliest date that can. Production counts business days from the day the
 * proof is approved (approvalDay); a shipped order also needs its transit days before the date.
 */

/** The turnaround an order gets: the standard (no surcharge) or one of the rush tiers. */
interface Turnaround {
  businessDays: number;
  /** 0 for the standard turnaround. */
  surchargePercent: number;
}

export type Schedule =
  | {
      /** No date asked for: the standard turnaround, from an approval today (or the next business day). */
      kind: 'standard';
      turnaround: Turnaround;
      inHands: null;
      /** The first day the approval can count from. */
      approveBy: string;
      /** When the order reaches the customer if approved by then (ready, plus transit when shipped). */
      handedOver: string;
    }
  | {
      /** The date can be made: with the standard turnaround (surcharge 0) or the slowest rush that makes it. */
      kind: 'on-time';
      turnaround: Turnaround;
      inHands: string;
      /** The last day (by the cut-off) an approval keeps this turnaround. */
      approveBy: string;
    }
  | {
      /** Too soon even with the fastest rush: priced at the fastest, with the earliest date it makes. */
      kind: 'too-soon';
      turnaround: Turnaround;
      inHands: string;
      approveBy: string;
      earliest: string;
    };

/** The turnarounds on offer, slowest (standard) first. */
function turnarounds(service: ServiceTurnaround): Turnaround[] {
  return [
    { businessDays: service.standardBusinessDays, surchargePercent: 0 },
    ...service.rush.map((tier: RushTier) => ({
      businessDays: tier.businessDays,
      surchargePercent: tier.surchargePercent,
    })),
  ];
}

/**
 * The schedule of an order of this service, approved from `now`, to be in hands by `inHands` (or no date).
 * `pressFrom`, when the shop's load is known (shared/production/production-load.ts), is the earliest day
 * the order fits on the press after every booked order: no turnaround makes it ready before then, and a
 * rush is offered only when it makes the date with the capacity left.
 */
export function scheduleFor(
  terms: OrderTerms,
  service: ServiceTurnaround,
  { now, inHands, shipped, pressFrom }: { now: Date; inHands: string | null; shipped: boolean; pressFrom?: string },
): Schedule {
  const start = approvalDay(now, terms);
  const transit = shipped ? terms.delivery.shipping.transitBusinessDays : 0;
  const offered = turnarounds(service);
  const standard = offered[0] as Turnaround;
  // The day an order with this turnaround can leave the shop: its business days, and room on the press.
  const readyWith = (turnaround: Turnaround) => {
    const counted = addBusinessDays(start, turnaround.businessDays, terms);
    return pressFrom !== undefined && pressFrom > counted ? pressFrom : counted;
  };
  if (inHands === null) {
    const ready = readyWith(standard);
    return {
      kind: 'standard',
      turnaround: standard,
      inHands: null,
      approveBy: start,
      handedOver: addBusinessDays(ready, transit, terms),
    };
  }
  // The last day the order may leave the shop and still arrive by the date.
  const lastReady = subtractBusinessDays(businessDayOnOrBefore(inHands, terms), transit, terms);
  const available = businessDaysBetween(start, lastReady, terms);
  const roomOnPress = pressFrom === undefined || pressFrom <= lastReady;
  const fitting = roomOnPress ? offered.find((turnaround) => turnaround.businessDays <= available) : undefined;
  if (fitting) {
    return {
      kind: 'on-time',
      turnaround: fitting,
      inHands,
      approveBy: subtractBusinessDays(lastReady, fitting.businessDays, terms),
    };
  }
  // Too soon: the earliest date any turnaround makes, with the slowest (cheapest) that makes it. When the
  // press is full until then, a rush gains nothing and the standard turnaround is priced.
  let best = offered.at(-1) as Turnaround;
  let ready = readyWith(best);
  for (const turnaround of offered) {
    const day = readyWith(turnaround);
    if (day <= ready) {
      best = turnaround;
      ready = day;
      break;
    }
  }
  return {
    kind: 'too-soon',
    turnaround: best,
    inHands,
    approveBy: start,
    earliest: addBusinessDays(ready, transit, terms),
  };
}

/** Whether a date is before the shop's today: a date the order can never be in hands by. */
export function isPast(date: string, now: Date, terms: OrderTerms): boolean {
  return date < shopTime(now, terms.timeZone).date;
}
