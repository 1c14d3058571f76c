import type { ServiceId } from '#shared/service-ids.ts';

/**
 * The contract of data/order-terms.json (validated by order-terms-schema.ts): the turnaround per
 * service, the shop's working calendar, delivery and the sales-tax statement. Kept apart from the
 * schema so the browser prices with these types without loading zod.
 */

type WeekDay = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

/** A faster turnaround and what it adds, in percent of the printing and set-up lines. */
export interface RushTier {
  businessDays: number;
  surchargePercent: number;
}

export interface ServiceTurnaround {
  standardBusinessDays: number;
  /** Slowest first, each faster and dearer than the one before. */
  rush: RushTier[];
}

/** The days the presses run, on the shop's clock. */
export interface ShopCalendar {
  timeZone: string;
  /** "HH:MM", 24-hour: an approval after it counts from the next business day. */
  cutoff: string;
  closedWeekdays: WeekDay[];
  holidays: { date: string; name: string }[];
}

interface ShippingTier {
  fromQuantity: number;
  /** Whole cents per shipment. */
  cents: number;
}

export interface DeliveryTerms {
  /** Free delivery; config.json's serviceArea.summary says where that is in words. */
  localZipCodes: string[];
  shipping: { carrier: string; transitBusinessDays: number; tiers: ShippingTier[] };
}

/** The order terms' words on paying, and what a cancel gives back (data/order-terms.json `payments`). */
export interface PaymentTerms {
  /** How to pay without a card on the site: in the shop, by check, on pickup. */
  offline: string;
  /** Percent of what was paid the shop refunds on a cancel before production starts, and once it has. */
  cancelRefundPercent: { beforeProduction: number; inProduction: number };
  /** The terms in words, shown beside the figure. */
  cancelText: string;
}

export interface OrderTerms extends ShopCalendar {
  turnaround: Record<ServiceId, ServiceTurnaround>;
  delivery: DeliveryTerms;
  salesTax: { statement: string };
  payments: PaymentTerms;
}
