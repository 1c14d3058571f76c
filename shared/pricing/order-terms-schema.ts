import { weekDays } from '#shared/opening-hours.ts';
import { serviceIds } from '#shared/service-ids.ts';
import { z } from '#shared/zod.ts';
import { isCalendarDate } from './calendar-date.ts';
import type { OrderTerms } from './order-terms.ts';

/**
 * data/order-terms.json: what every order shares whatever its service. Beyond the shapes it refuses
 * terms that contradict themselves (a rush slower than the standard, a rush that costs less than a
 * slower one, a week with no working day), because the engine relies on them and a bad file must stop
 * the server at start, naming the field.
 */

const report = (ctx: z.RefinementCtx, path: (string | number)[], message: string) =>
  ctx.addIssue({ code: 'custom', path, message });

const days = (max: number) =>
  z
    .int({ error: 'must be a whole number of business days' })
    .min(1, { error: 'must be 1 or more', abort: true })
    .max(max);

const cents = z
  .int({ error: 'must be a whole number of cents, such as 1500 for $15.00' })
  .min(0, { error: 'must not be negative', abort: true })
  .max(1_000_000);

const isoDate = z.string().refine(isCalendarDate, 'must be a real date written YYYY-MM-DD');

const rushTierSchema = z.strictObject({
  /** Business days from approval to ready, as the standard turnaround counts them. */
  businessDays: days(60),
  /** Added to the printing and set-up lines (not the garments, nor the delivery), in whole percent. */
  surchargePercent: z.int({ error: 'must be a whole percent' }).min(1).max(300),
});

const serviceTurnaroundSchema = z
  .strictObject({
    standardBusinessDays: days(60),
    /** Fastest last; may be empty when a service has no rush. */
    rush: z.array(rushTierSchema),
  })
  .superRefine((value, ctx) => {
    value.rush.forEach((tier, index) => {
      const slower =
        index === 0 ? { businessDays: value.standardBusinessDays, surchargePercent: 0 } : value.rush[index - 1];
      if (!slower) return;
      if (tier.businessDays >= slower.businessDays)
        report(ctx, ['rush', index, 'businessDays'], `must be fewer than the ${slower.businessDays} before it`);
      if (tier.surchargePercent <= slower.surchargePercent)
        report(
          ctx,
          ['rush', index, 'surchargePercent'],
          `must be more than the ${slower.surchargePercent} % before it`,
        );
    });
  });

const shippingTierSchema = z.strictObject({ fromQuantity: z.int().min(1), cents });

export const orderTermsSchema = z
  .strictObject({
    /** An IANA zone, such as America/Chicago: business days and the cut-off are read on the shop's clock. */
    timeZone: z.string().refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/Chicago'),
    /** Approvals after this time (shop clock) count from the next business day. */
    cutoff: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time such as 12:00'),
    /** Days the presses do not run (the storefront's hours are in config.json). */
    closedWeekdays: z.array(z.enum(weekDays)).max(6, 'must leave at least one working day in the week'),
    holidays: z.array(z.strictObject({ date: isoDate, name: z.string().trim().min(1) })),
    turnaround: z.strictObject(
      Object.fromEntries(serviceIds.map((id) => [id, serviceTurnaroundSchema])) as Record<
        (typeof serviceIds)[number],
        typeof serviceTurnaroundSchema
      >,
    ),
    delivery: z.strictObject({
      /** Five-digit ZIP codes delivered free: the towns of config.json's serviceArea, whose summary says so. */
      localZipCodes: z.array(z.string().regex(/^\d{5}$/, 'must be a five-digit ZIP code')).min(1),
      shipping: z.strictObject({
        carrier: z.string().trim().min(1),
        /** Business days in transit, added after the order is ready. */
        transitBusinessDays: z.int().min(0).max(20),
        /** Per shipment, by the order's quantity; ascending, the first from 1. */
        tiers: z.array(shippingTierSchema).min(1),
      }),
    }),
    /** Said plainly beside every total; no rate, since the rate depends on where the order goes. */
    salesTax: z.strictObject({ statement: z.string().trim().min(1) }),
    /** How to pay besides a card on the site, and what a cancel refunds (shared/payments/order-money.ts). */
    payments: z.strictObject({
      offline: z.string().trim().min(1),
      cancelRefundPercent: z.strictObject({
        beforeProduction: z.int({ error: 'must be a whole percent' }).min(0).max(100),
        inProduction: z.int({ error: 'must be a whole percent' }).min(0).max(100),
      }),
      cancelText: z.string().trim().min(1),
    }),
  })
  .superRefine((value, ctx) => {
    const tiers = value.delivery.shipping.tiers;
    if (tiers[0] && tiers[0].fromQuantity !== 1)
      report(ctx, ['delivery', 'shipping', 'tiers', 0, 'fromQuantity'], 'must be 1, so every order has a rate');
    tiers.forEach((tier, index) => {
      const before = tiers[index - 1];
      if (before && tier.fromQuantity <= before.fromQuantity)
        report(
          ctx,
          ['delivery', 'shipping', 'tiers', index, 'fromQuantity'],
          `must be more than ${before.fromQuantity}`,
        );
    });
    const seen = new Set<string>();
    value.holidays.forEach((holiday, index) => {
      if (seen.has(holiday.date)) report(ctx, ['holidays', index, 'date'], `repeats ${holiday.date}`);
      seen.add(holiday.date);
    });
  });

// The engine is written against order-terms.ts: a schema that drifts from it must not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<z.output<typeof orderTermsSchema>, OrderTerms>;
