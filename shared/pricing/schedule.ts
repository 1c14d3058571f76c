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

/** The schedule of an order of this service, approved from `now`, to be in hands by `inHands` (or no date). */
export function scheduleFor(
  terms: OrderTerms,
  service: ServiceTurnaround,
  { now, inHands, shipped }: { now: Date; inHands: string | null; shipped: boolean },
): Schedule {
  const start = approvalDay(now, terms);
  const transit = shipped ? terms.delivery.shipping.transitBusinessDays : 0;
  const offered = turnarounds(service);
  const standard = offered[0] as Turnaround;
  if (inHands === null) {
    const ready = addBusinessDays(start, standard.businessDays, terms);
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
  const fitting = offered.find((turnaround) => turnaround.businessDays <= available);
  if (fitting) {
    return {
      kind: 'on-time',
      turnaround: fitting,
      inHands,
      approveBy: subtractBusinessDays(lastReady, fitting.businessDays, terms),
    };
  }
  const fastest = offered.at(-1) as Turnaround;
  const ready = addBusinessDays(start, fastest.businessDays, terms);
  return {
    kind: 'too-soon',
    turnaround: fastest,
    inHands,
    approveBy: start,
    earliest: addBusinessDays(ready, transit, terms),
  };
}

/** Whether a date is before the shop's today: a date the order can never be in hands by. */
export function isPast(date: string, now: Date, terms: OrderTerms): boolean {
  return date < shopTime(now, terms.timeZone).date;
}
