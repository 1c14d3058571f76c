import type { Logger } from 'pino';
import { orderTotalCents } from '#shared/stores/store-rules.ts';
import type { StoreCards } from './store-cards.ts';
import { bookStoreRun, type RunDeps } from './store-production.ts';
import type { StoredOrder, StoredStore, TeamStoreStore } from './team-stores-store.ts';

/**
 * A store's close: the cards saved at checkout are charged only when the store sold its minimum. Run
 * by the closing job (server/jobs/store-close-job.ts) on one instance at a time, and by the desk's
 * "Close now": each store's close is claimed by one statement, so two at once close it once. A close
 * cut short (a crash, a SIGKILL) is taken up in the same round once its lease runs out: orders already
 * recorded are skipped, and a charge Stripe took but the database never heard of is asked again with
 * the same idempotency key (per store, round and order), which answers the first charge, not a second.
 */

export interface CloseDeps {
  stores: Pick<
    TeamStoreStore,
    | 'storesDue'
    | 'claimClose'
    | 'storeById'
    | 'ordersOf'
    | 'piecesCounted'
    | 'recordOrder'
    | 'finishClose'
    | 'markPaid'
    | 'bookRun'
  >;
  cards: StoreCards | null;
  logger: Logger;
  /** How long one close is held before another instance may take it up. */
  leaseMs?: number;
  onQueued?: () => void;
  /** Books a store closed with its minimum on the production board (absent: the shop books it by hand). */
  production?: Pick<RunDeps, 'planRun' | 'onBooked'>;
}

const LEASE_MS = 10 * 60_000;

/** Closes every store that is due (and takes up those left halfway); stops between stores when aborted. */
export async function closeDueStores(deps: CloseDeps, signal?: AbortSignal): Promise<void> {
  for (const id of await deps.stores.storesDue()) {
    if (signal?.aborted) return;
    await closeStore(deps, id, signal);
  }
}

/** A checkout left on Stripe's page: the card counts if it was saved after all, else the order is dropped. */
async function settleSaving(deps: CloseDeps, store: StoredStore, order: StoredOrder): Promise<void> {
  if (store.charging === 'as-sold') return settlePayment(deps, store, order);
  if (!deps.cards || !order.setupSessionId) return deps.stores.recordOrder(order.id, { state: 'abandoned' });
  const outcome = await deps.cards.setupOutcome(order.setupSessionId);
  if (outcome.status === 'complete' && outcome.paymentMethod)
    await deps.stores.recordOrder(order.id, { state: 'saved', paymentMethod: outcome.paymentMethod }, 'placed');
  else await deps.stores.recordOrder(order.id, { state: 'abandoned' });
}

/** A payment left on Stripe's page in a store that charges as it sells: paid after all, or dropped. */
async function settlePayment(deps: CloseDeps, store: StoredStore, order: StoredOrder): Promise<void> {
  const outcome =
    deps.cards && order.setupSessionId ? await deps.cards.paymentOutcome(order.setupSessionId) : undefined;
  const totalCents = orderTotalCents(store, store.products, order.items);
  if (outcome?.paid && outcome.paymentIntent && outcome.amountCents === totalCents) {
    const paid = { paymentIntent: outcome.paymentIntent, totalCents, feeCents: outcome.feeCents };
    if (await deps.stores.markPaid(order.id, paid)) deps.onQueued?.();
  } else await deps.stores.recordOrder(order.id, { state: 'abandoned' });
}

async function chargeAll(deps: CloseDeps, store: StoredStore, round: number, signal?: AbortSignal) {
  const cards = deps.cards;
  const saved = (await deps.stores.ordersOf(store.id)).filter((order) => order.state === 'saved');
  if (saved.length > 0 && !cards) throw new Error('cards are saved but card payments are off: the close waits');
  if (!cards) return;
  const salt = await cards.keySalt();
  for (const order of saved) {
    if (signal?.aborted) throw new Error('interrupted by shutdown');
    // What the order says now, priced from the store as stored: never an amount from a form.
    const totalCents = orderTotalCents(store, store.products, order.items);
    const key = `seenwear:${salt}:store${store.id}:r${round}:o${order.id}:${totalCents}`;
    const outcome =
      order.customerId && order.paymentMethod
        ? await cards.chargeSaved(
            {
              customer: order.customerId,
              paymentMethod: order.paymentMethod,
              amountCents: totalCents,
              description: `${store.title} - order ${order.id}`,
              metadata: { store: String(store.id), storeOrder: String(order.id), round: String(round) },
            },
            key,
          )
        : ({ ok: false, code: 'no_card', message: 'No saved card', paymentIntent: null, final: true } as const);
    if (outcome.ok) {
      await deps.stores.recordOrder(
        order.id,
        { state: 'charged', totalCents, paymentIntent: outcome.paymentIntent, feeCents: outcome.feeCents },
        'charged',
      );
    } else if (outcome.final) {
      await deps.stores.recordOrder(
        order.id,
        { state: 'failed', totalCents, error: outcome.code, paymentIntent: outcome.paymentIntent },
        'pay-link',
      );
    } else {
      // Stripe could not be reached: the close stays open, taken up again once its lease runs out.
      throw new Error(`store ${store.id}: order ${order.id} not charged yet: ${outcome.message}`);
    }
    deps.onQueued?.();
  }
}

async function releaseAll(deps: CloseDeps, store: StoredStore) {
  for (const order of (await deps.stores.ordersOf(store.id)).filter((each) => each.state === 'saved')) {
    if (order.paymentMethod && deps.cards) {
      await deps.cards.release(order.paymentMethod).catch((error: unknown) => {
        deps.logger.warn({ err: error, order: order.id }, 'a saved card could not be released; nobody is charged');
      });
    }
    await deps.stores.recordOrder(order.id, { state: 'released' }, 'missed');
    deps.onQueued?.();
  }
}

/**
 * Closes one store if it is due and this caller gets the claim: the outcome, or undefined when it
 * was not due or another instance holds it.
 */
export async function closeStore(
  deps: CloseDeps,
  storeId: number,
  signal?: AbortSignal,
): Promise<'charged' | 'missed' | undefined> {
  const claim = await deps.stores.claimClose(storeId, deps.leaseMs ?? LEASE_MS);
  if (!claim) return undefined;
  const store = await deps.stores.storeById(storeId);
  if (!store) return undefined;
  for (const order of await deps.stores.ordersOf(storeId)) {
    if (order.state === 'saving') await settleSaving(deps, store, order);
  }
  const pieces = await deps.stores.piecesCounted(storeId);
  // A store that charged as it sold prints whatever sold: nothing is left to charge or release.
  const outcome = store.charging === 'as-sold' || pieces >= store.minimumPieces ? 'charged' : 'missed';
  if (outcome === 'charged' && store.charging === 'minimum') await chargeAll(deps, store, claim.round, signal);
  else await releaseAll(deps, store);
  await deps.stores.finishClose(storeId, outcome);
  // The run goes on the board at once; a failure here leaves the close done and the desk's "Book on
  // the board" to try again.
  if (outcome === 'charged' && deps.production) {
    const run = { stores: deps.stores, logger: deps.logger, ...deps.production };
    await bookStoreRun(run, storeId).catch((error: unknown) => {
      deps.logger.error({ err: error, store: storeId }, 'a closed store could not be booked on the board');
    });
  }
  deps.logger.info({ store: storeId, pieces, minimum: store.minimumPieces, outcome }, 'team store closed');
  return outcome;
}
