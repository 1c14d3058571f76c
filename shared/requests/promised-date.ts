import { addBusinessDays, approvalDay } from '#shared/pricing/business-days.ts';
import { deliveryQuote } from '#shared/pricing/delivery.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { type LoadDates, withClosedDates } from '#shared/production/production-load.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { quoteEstimate, ZIP_FIELD } from '#shared/submissions/quote-fields.ts';

/** The day an order is promised for: ready to pick up at the shop, or delivered (local or shipped). */
export interface PromisedDate {
  /** YYYY-MM-DD in the shop's calendar. */
  date: string;
  handover: 'pickup' | 'delivery';
}

/** An approved order's place in production: the day it is promised for, and its work on the press. */
export interface Booking {
  promised: PromisedDate;
  /** YYYY-MM-DD: the day it must be off the press by (the day it is ready). */
  pressDate: string;
  service: ServiceId;
  pieces: number;
}

/**
 * The booking made when the proof is approved: the same schedule the calculator quoted (the standard
 * turnaround, or the rush the in-hands date needed), counted in business days from the day the approval
 * counts from (after the cut-off, the next business day), and no earlier than the first day the order
 * fits on the press with the shop's load, plus the carrier's transit days when shipped. Undefined when
 * the request cannot be priced by the engine (a request stored before its form fields were kept): the
 * shop then sets the date on the desk.
 */
export function bookingOf(
  values: FormValues,
  site: PricingData,
  now: Date,
  load?: LoadDates,
  /** The business day the approval counts from, when it is a later one than now's (an approval deadline). */
  approvedOn?: string,
): Booking | undefined {
  const result = quoteEstimate(values, site, now, load);
  if (!result?.ok || !result.estimate.schedule) return undefined;
  const terms = load ? withClosedDates(site['order-terms'], load.closedDates) : site['order-terms'];
  const { service } = result.estimate;
  const pieces = result.estimate.ladder.find((row) => row.current)?.quantity ?? 0;
  const from = approvedOn ?? approvalDay(now, terms);
  const counted = addBusinessDays(from, result.estimate.schedule.turnaround.businessDays, terms);
  const pressFrom = load?.pressFrom(service, pieces);
  const ready = pressFrom !== undefined && pressFrom > counted ? pressFrom : counted;
  const booking = { pressDate: ready, service, pieces };
  if (values.delivery !== 'delivery') return { ...booking, promised: { date: ready, handover: 'pickup' } };
  const delivery = deliveryQuote(terms.delivery, { method: 'delivery', zip: values[ZIP_FIELD] ?? '' }, pieces);
  const transit = delivery.ok && delivery.shipped ? terms.delivery.shipping.transitBusinessDays : 0;
  return { ...booking, promised: { date: addBusinessDays(ready, transit, terms), handover: 'delivery' } };
}

/** The day promised at approval (bookingOf's), on its own. */
export function promisedDateOf(
  values: FormValues,
  site: PricingData,
  now: Date,
  load?: LoadDates,
): PromisedDate | undefined {
  return bookingOf(values, site, now, load)?.promised;
}

/** Where an order is booked in: its proof approved (or no proof needed), until it is completed. */
const bookedStatuses: ReadonlySet<RequestStatus> = new Set(['proof_approved', 'in_production', 'ready']);

/** Whether the shop may set or move the day an order is promised for. */
export function canPromise(kind: 'quote' | 'contact', status: RequestStatus): boolean {
  return kind === 'quote' && bookedStatuses.has(status);
}

/** The latest approval that keeps a date: its business day, approved before that day's cut-off. */
export type ApprovalDeadline = { day: string; keeps: string } | { late: true; earliest: string };

/** The most business days ahead a deadline is looked for: a proof out longer than this has other troubles. */
const DEADLINE_HORIZON = 60;

/**
 * The last business day an approval (before that day's cut-off) still has the order ready by `target`
 * (YYYY-MM-DD), counted the way the approval will book it: the schedule the calculator quoted, from the
 * approval's day, no earlier than the press has room for it in today's load. `late` with the earliest
 * date when even an approval now misses it; undefined when the request cannot be priced.
 */
export function approvalDeadline(
  values: FormValues,
  site: PricingData,
  now: Date,
  load: LoadDates,
  target: string,
): ApprovalDeadline | undefined {
  const terms = withClosedDates(site['order-terms'], load.closedDates);
  let day = approvalDay(now, terms);
  const first = bookingOf(values, site, now, load, day);
  if (!first) return undefined;
  if (first.promised.date > target) return { late: true, earliest: first.promised.date };
  for (let step = 0; step < DEADLINE_HORIZON; step += 1) {
    const next = addBusinessDays(day, 1, terms);
    const booking = bookingOf(values, site, now, load, next);
    if (!booking || booking.promised.date > target) break;
    day = next;
  }
  return { day, keeps: target };
}
