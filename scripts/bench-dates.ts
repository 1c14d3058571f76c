/**
 * How fast the earliest date of an order comes from the shop's load: `npm run bench:dates`. 1,000 open orders
 * spread over the next three months of the three services, and a 500-piece order to place. Measured two ways:
 * the whole computation from the raw orders (the load table built, then the earliest press day and the
 * estimate with its date), as when the table is not kept; and the answer from a kept table, as /api/dates
 * gives it between changes. Prints the median and p99 of each and exits 1 when the whole computation's p99 is
 * over the 5 ms budget.
 */
import { readFileSync } from 'node:fs';
import { addCalendarDays } from '#shared/pricing/calendar-date.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { orderTermsSchema } from '#shared/pricing/order-terms-schema.ts';
import { directToGarmentSchema, embroiderySchema, screenPrintingSchema } from '#shared/pricing/price-schemas.ts';
import {
  type BookedWork,
  buildLoad,
  type Capacity,
  earliestPressDay,
  loadDatesOf,
} from '#shared/production/production-load.ts';
import { bookingOf } from '#shared/requests/promised-date.ts';
import { serviceIds } from '#shared/service-ids.ts';

const BUDGET_MS = 5;
const ORDERS = 1000;
const PIECES = 500;
const RUNS = 2000;

const read = (name: string) => JSON.parse(readFileSync(new URL(`../data/${name}.json`, import.meta.url), 'utf8'));
const site = {
  'order-terms': orderTermsSchema.parse(read('order-terms')),
  'screen-printing': screenPrintingSchema.parse(read('screen-printing')),
  'direct-to-garment': directToGarmentSchema.parse(read('direct-to-garment')),
  embroidery: embroiderySchema.parse(read('embroidery')),
} as PricingData;
const capacity: Capacity = JSON.parse(readFileSync(new URL('../data/capacity.json', import.meta.url), 'utf8'));

// A fixed pseudo-random sequence, so every run measures the same load.
let seed = 29;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const now = new Date('2026-12-01T15:00:00Z');
const booked: BookedWork[] = Array.from({ length: ORDERS }, () => ({
  service: serviceIds[Math.floor(random() * serviceIds.length)] ?? 'screen-printing',
  pieces: 12 + Math.floor(random() * 300),
  pressDate: addCalendarDays('2026-12-02', Math.floor(random() * 90)),
}));
const values = {
  service: 'screen-printing',
  garment: 'own',
  qtyM: String(PIECES),
  loc1: 'front',
  loc1Colors: '2',
  delivery: 'pickup',
};

function measure(label: string, run: () => unknown): number {
  for (let warm = 0; warm < 200; warm += 1) run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0;
  console.log(`${label}: median ${(at(0.5) * 1000).toFixed(1)} µs, p99 ${(at(0.99) * 1000).toFixed(1)} µs`);
  return at(0.99);
}

const whole = measure(
  `From ${ORDERS} open orders, a ${PIECES}-piece order's date (table built, estimate priced)`,
  () => {
    const load = buildLoad(site['order-terms'], capacity, booked, '2026-12-02');
    return bookingOf(values, site, now, loadDatesOf(load, capacity));
  },
);
const table = buildLoad(site['order-terms'], capacity, booked, '2026-12-02');
measure(`From a kept table, the earliest press day of ${PIECES} pieces`, () =>
  earliestPressDay(table, 'screen-printing', PIECES),
);
const answer = earliestPressDay(table, 'screen-printing', PIECES);
console.log(`(earliest press day found: ${answer}; budget ${BUDGET_MS} ms)`);
if (whole > BUDGET_MS) {
  console.error(`Over budget: p99 ${whole.toFixed(3)} ms > ${BUDGET_MS} ms`);
  process.exitCode = 1;
}
