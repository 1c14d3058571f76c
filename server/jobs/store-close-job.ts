import type { CloseDeps } from '#server/stores/store-close.ts';
import { closeDueStores } from '#server/stores/store-close.ts';
import type { DailyJob } from './daily-job.ts';

/**
 * How often the stores past their close are looked for: each minute, so a store closes (and its cards
 * are charged) within a minute or two of its time, whichever instance gets the job's lease.
 */
export const STORE_CLOSE_INTERVAL_MS = 60_000;
/** One run's hold on the job; each store's close holds its own lease besides (server/stores/store-close.ts). */
export const STORE_CLOSE_LEASE_MS = 15 * 60_000;

/** Closes the team stores that are due, and takes up any close left halfway by a crash. */
export function storeCloseJob(deps: CloseDeps): DailyJob {
  return { name: 'team-store-close', run: (signal) => closeDueStores(deps, signal) };
}
