import type { Logger } from 'pino';
import type { ProductionPlanner } from '#server/production/production-store.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { BookedWork } from '#shared/production/production-load.ts';
import type { Booking } from '#shared/requests/promised-date.ts';
import { quoteSizes, sizeField } from '#shared/submissions/quote-fields.ts';
import type { RunBooking, StoredOrder, TeamStoreStore } from './team-stores-store.ts';

/**
 * A closed store goes into production as one run: the request it was opened from is booked on the board
 * for every piece paid for, its press day read from the shop's real load (the same booking an approval
 * makes, under the same lock). The composition hands over how a request's decoration is planned.
 */

/** How a request's decoration, at a number of pieces, is booked from the load (the production planner's). */
type RunPlanner = (
  reference: string,
  values: (formValues: Record<string, string>) => Record<string, string>,
) => Promise<((booked: readonly BookedWork[]) => Booking | undefined) | undefined>;

export interface RunDeps {
  stores: Pick<TeamStoreStore, 'storeById' | 'ordersOf' | 'bookRun'>;
  planRun: RunPlanner;
  logger: Logger;
  /** Called once a run is booked (the planner's kept load is then stale). */
  onBooked?: () => void;
}

/** The orders whose pieces are printed: the money is in. */
export const paidOrders = (orders: readonly StoredOrder[]) =>
  orders.filter((order) => order.state === 'charged' || order.state === 'paid');

/** Pieces in the paid orders. */
const piecesOf = (orders: readonly StoredOrder[]) =>
  orders.reduce((sum, order) => sum + order.items.reduce((lines, item) => lines + item.quantity, 0), 0);

/**
 * The request's form with the run's pieces in place of the quantities it asked: the date depends on the
 * service and the count, not on the sizes, so the whole count goes in one size field.
 */
function runValues(values: Record<string, string>, pieces: number): Record<string, string> {
  const run: Record<string, string> = { ...values };
  for (const size of quoteSizes) run[sizeField(size)] = '';
  run[sizeField('L')] = String(pieces);
  return run;
}

/** Books the store's run on the board once; what became of it. */
export async function bookStoreRun(deps: RunDeps, storeId: number): Promise<RunBooking> {
  const store = await deps.stores.storeById(storeId);
  if (store?.state !== 'charged') return 'not-closed';
  if (store.bookedAt) return 'already';
  const pieces = piecesOf(paidOrders(await deps.stores.ordersOf(storeId)));
  const plan = await deps.planRun(store.reference, (values) => runValues(values, pieces));
  const outcome = plan ? await deps.stores.bookRun(storeId, plan) : 'unpriced';
  if (outcome === 'booked') deps.onBooked?.();
  deps.logger.info({ store: storeId, pieces, outcome }, 'team store run booked on the board');
  return outcome;
}

/** The run's planning from the request's kept form and the production planner's load. */
export function runPlanning(
  versions: Pick<VersionStore, 'formValuesOf'>,
  planner: Pick<ProductionPlanner, 'bookingFor' | 'invalidate'>,
): Pick<RunDeps, 'planRun' | 'onBooked'> {
  return {
    planRun: async (reference, values) => {
      const kept = await versions.formValuesOf(reference);
      if (!kept) return undefined;
      const run = values(kept);
      const [forRun, forRequest] = await Promise.all([planner.bookingFor(run), planner.bookingFor(kept)]);
      const pieces = Number(run[sizeField('L')]);
      // A run below the service's minimum run is not priced by the engine: it is dated as the request's
      // own count (the press takes no longer for fewer), and booked for the pieces it really has.
      return (booked) => {
        const booking = forRun(booked) ?? forRequest(booked);
        return booking ? { ...booking, pieces } : undefined;
      };
    },
    onBooked: () => planner.invalidate(),
  };
}
