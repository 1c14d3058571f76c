import { addBusinessDays, approvalDay } from '#shared/pricing/business-days.ts';
import { deliveryQuote } from '#shared/pricing/delivery.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { quoteEstimate, ZIP_FIELD } from '#shared/submissions/quote-fields.ts';

/** The day an order is promised for: ready to pick up at the shop, or delivered (local or shipped). */
export interface PromisedDate {
  /** YYYY-MM-DD in the shop's calendar. */
  date: string;
  handover: 'pickup' | 'delivery';
}

/**
 * The date promised when the proof is approved: the same schedule the calculator quoted (the standard
 * turnaround, or the rush the in-hands date needed), counted in business days from the day the approval
 * counts from (after the cut-off, the next business day), plus the carrier's transit days when shipped.
 * Undefined when the request cannot be priced by the engine (a request stored before its form fields
 * were kept): the shop then sets the date on the desk.
 */
export function promisedDateOf(values: FormValues, site: PricingData, now: Date): PromisedDate | undefined {
  const result = quoteEstimate(values, site, now);
  if (!result?.ok || !result.estimate.schedule) return undefined;
  const terms = site['order-terms'];
  const ready = addBusinessDays(approvalDay(now, terms), result.estimate.schedule.turnaround.businessDays, terms);
  if (values.delivery !== 'delivery') return { date: ready, handover: 'pickup' };
  const quantity = result.estimate.ladder.find((row) => row.current)?.quantity ?? 0;
  const delivery = deliveryQuote(terms.delivery, { method: 'delivery', zip: values[ZIP_FIELD] ?? '' }, quantity);
  const transit = delivery.ok && delivery.shipped ? terms.delivery.shipping.transitBusinessDays : 0;
  return { date: addBusinessDays(ready, transit, terms), handover: 'delivery' };
}

/** Where an order is booked in: its proof approved (or no proof needed), until it is completed. */
const bookedStatuses: ReadonlySet<RequestStatus> = new Set(['proof_approved', 'in_production', 'ready']);

/** Whether the shop may set or move the day an order is promised for. */
export function canPromise(kind: 'quote' | 'contact', status: RequestStatus): boolean {
  return kind === 'quote' && bookedStatuses.has(status);
}
