import type { GarmentSize } from '#shared/garments/catalogue.ts';
import { addBusinessDays, approvalDay } from '#shared/pricing/business-days.ts';
import type { OrderTerms } from '#shared/pricing/order-terms.ts';
import { type LoadDates, withClosedDates } from '#shared/production/production-load.ts';

/** A supplier SKU's stock per warehouse, as the arrival reads it. */
export interface WarehouseStock {
  colour: string;
  size: string;
  warehouses: Record<string, number>;
}

/**
 * How many business days until the blanks of an order are at the shop, ordered now from the supplier:
 * each size is taken from the quickest warehouses first, so a size takes as long as the slowest
 * warehouse it needs; the order as long as its slowest size. Undefined when the supplier's stock, all
 * warehouses together, cannot cover a size: no date can count on it.
 */
export function blanksLeadDays(
  stock: readonly WarehouseStock[],
  colour: string,
  need: Partial<Record<GarmentSize, number>>,
  warehouses: readonly { code: string; leadDays: number }[],
): number | undefined {
  const quickestFirst = [...warehouses].sort((a, b) => a.leadDays - b.leadDays);
  const wanted = colour.toLowerCase();
  let slowest = 0;
  for (const [size, count] of Object.entries(need)) {
    if (!count || count <= 0) continue;
    const rows = stock.filter((row) => row.colour.toLowerCase() === wanted && row.size === size);
    let gathered = 0;
    let lead: number | undefined;
    for (const warehouse of quickestFirst) {
      gathered += rows.reduce((sum, row) => sum + (row.warehouses[warehouse.code] ?? 0), 0);
      if (gathered >= count) {
        lead = warehouse.leadDays;
        break;
      }
    }
    if (lead === undefined) return undefined;
    slowest = Math.max(slowest, lead);
  }
  return slowest;
}

/**
 * The load as an order needing blanks reads it: the order's turnaround counts from the day its blanks
 * arrive, so no day is earlier than the standard turnaround plus the blanks' lead days (a rush does not
 * make the boxes come sooner), nor earlier than the press has room.
 */
export function withBlanksArrival(
  load: LoadDates | undefined,
  terms: OrderTerms,
  now: Date,
  leadDays: number,
): LoadDates {
  const calendar = load ? withClosedDates(terms, load.closedDates) : terms;
  return {
    closedDates: load?.closedDates ?? [],
    pressFrom(service, pieces) {
      const start = approvalDay(now, calendar);
      const floor = addBusinessDays(start, calendar.turnaround[service].standardBusinessDays + leadDays, calendar);
      const fromLoad = load?.pressFrom(service, pieces);
      return fromLoad !== undefined && fromLoad > floor ? fromLoad : floor;
    },
  };
}
