import { withBlanksArrival } from '#shared/blanks/blanks-arrival.ts';
import { addBusinessDays, approvalDay } from '#shared/pricing/business-days.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { riskWords } from '#shared/production/board-plan.ts';
import {
  type BookedWork,
  buildLoad,
  type Capacity,
  loadDatesOf,
  withClosedDates,
} from '#shared/production/production-load.ts';
import { bookingOf } from '#shared/requests/promised-date.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { boardToday, planOf } from './board-views.ts';
import { loadStamp } from './load-stamp.ts';
import type { ProductionPlanner, ProductionStore } from './production-store.ts';

/**
 * The server's view of the production load: the capacity in force (the desk's latest change, else
 * data/capacity.json) and the booked work, made into the table every date is read from. The table is
 * kept for a few seconds (every estimate on the site reads it) and dropped at once when this instance
 * books, moves or changes something; another instance's change shows within that lifetime. A booking
 * itself never uses it: the approval reads the load afresh under the production lock. The board's orders
 * at risk, which every inbox page flags, are kept the same way: planning some thousand open orders on
 * each page would cost more than the page.
 */

/** How long a load table is reused: long enough to spare the database, short enough for a busy week. */
const LOAD_LIFETIME_MS = 10_000;

/** The first day new work may go on the press: the business day after the one an approval now counts from. */
function firstPressDay(now: Date, site: PricingData, capacity: Capacity): string {
  const calendar = withClosedDates(site['order-terms'], capacity.closedDates);
  return addBusinessDays(approvalDay(now, calendar), 1, calendar);
}

export function createProductionPlanner({
  production,
  site,
  now,
  defaults,
  blanksLead,
}: {
  production: Pick<ProductionStore, 'bookedWork' | 'capacityChanges' | 'boardOrders'>;
  site: () => PricingData;
  now: () => Date;
  defaults: Capacity;
  /**
   * The business days an order's blanks take to reach the shop ('short' when the supplier cannot cover
   * them; undefined when not known): a booking starts no earlier than they arrive.
   */
  blanksLead?: (values: FormValues) => Promise<number | 'short' | undefined>;
}): ProductionPlanner {
  let kept: { at: number; firstDay: string; value: Awaited<ReturnType<ProductionPlanner['current']>> } | undefined;
  let keptRisks: { at: number; firstDay: string; capacity: Capacity; value: ReadonlyMap<string, string> } | undefined;
  // Bumped by invalidate: a read that began before a change never stores its stale table.
  let generation = 0;
  /** Whether the background read stamp() started is running. */
  let refreshing = false;

  async function capacity(): Promise<Capacity> {
    const [latest] = await production.capacityChanges(1);
    return latest?.capacity ?? defaults;
  }

  function loadOf(booked: readonly BookedWork[], capacityInForce: Capacity, at: Date) {
    const terms = site()['order-terms'];
    const load = buildLoad(terms, capacityInForce, booked, firstPressDay(at, site(), capacityInForce));
    return { load, capacity: capacityInForce, dates: loadDatesOf(load, capacityInForce) };
  }

  const planner: ProductionPlanner = {
    capacity,

    async current() {
      const at = now();
      // The table counts from a first press day: past the cut-off or midnight it is rebuilt.
      if (
        kept &&
        at.getTime() - kept.at < LOAD_LIFETIME_MS &&
        firstPressDay(at, site(), kept.value.capacity) === kept.firstDay
      )
        return kept.value;
      const started = generation;
      const [capacityInForce, booked] = await Promise.all([capacity(), production.bookedWork()]);
      const read = loadOf(booked, capacityInForce, at);
      const value = { ...read, stamp: loadStamp(read.load) };
      if (started === generation) kept = { at: at.getTime(), firstDay: value.load.firstDay, value };
      return value;
    },

    async bookingFor(values) {
      const capacityInForce = await capacity();
      const lead = await blanksLead?.(values);
      return (booked) => {
        // Blanks the supplier cannot cover: no date is promised on them; the shop sets it on the desk.
        if (lead === 'short') return undefined;
        const at = now();
        const dates = loadOf(booked, capacityInForce, at).dates;
        return bookingOf(
          values,
          site(),
          at,
          lead === undefined ? dates : withBlanksArrival(dates, site()['order-terms'], at, lead),
        );
      };
    },

    async risks() {
      const at = now();
      // Counted from the board's first day: a new day may make an order late.
      if (
        keptRisks &&
        at.getTime() - keptRisks.at < LOAD_LIFETIME_MS &&
        boardToday(at, site(), keptRisks.capacity).firstDay === keptRisks.firstDay
      )
        return keptRisks.value;
      const started = generation;
      const [capacityInForce, orders] = await Promise.all([capacity(), production.boardOrders()]);
      const { firstDay } = boardToday(at, site(), capacityInForce);
      const plan = planOf(site(), capacityInForce, orders, firstDay);
      const value = new Map([...plan.risks].map(([reference, risk]) => [reference, riskWords[risk]]));
      if (started === generation) keptRisks = { at: at.getTime(), firstDay, capacity: capacityInForce, value };
      return value;
    },

    stamp() {
      if (!kept) return undefined;
      if (!refreshing && now().getTime() - kept.at >= LOAD_LIFETIME_MS) {
        refreshing = true;
        // A failed read keeps the stamp and the pages their last dates; /api/dates reports the failure.
        void planner
          .current()
          .catch(() => {})
          .finally(() => {
            refreshing = false;
          });
      }
      return kept.value.stamp;
    },

    invalidate() {
      generation += 1;
      kept = undefined;
      keptRisks = undefined;
    },
  };
  return planner;
}
