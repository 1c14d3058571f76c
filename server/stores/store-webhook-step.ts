import type { Logger } from 'pino';
import { formatMoney } from '#shared/money.ts';
import { orderTotalCents } from '#shared/stores/store-rules.ts';
import type { StoreCards } from './store-cards.ts';
import type { StoredOrder, StoredStore, TeamStoreStore } from './team-stores-store.ts';

/**
 * A store's Checkout Sessions settled from Stripe's signed events: the app hands this step to the
 * payments' webhook (server/app.ts), which asks it about every completed session before its own, so a
 * buyer who saves a card or pays a pay link and closes the tab is recorded all the same. The event only
 * says which session to look at: what is recorded is read back from Stripe (the saved card, the amount
 * paid and its fee), as on the buyer's return. Both ways move the order by one conditional statement
 * (`saving` → `saved`, `failed`/`saving` → `paid`), so a replayed event, or an event and the buyer's
 * return, record it once and mail once.
 */

/** A completed Checkout Session, as the webhook reads it from a signed event. */
export interface StoreSessionEvent {
  eventId: string;
  sessionId: string;
  /** Stripe's mode: 'setup' (a card kept for the close) or 'payment' (paid now). */
  mode: string;
  /** The session is complete (the buyer went through Stripe's page). */
  complete: boolean;
  /** The money is in (a payment session). */
  paid: boolean;
  metadata: Readonly<Record<string, string>>;
}

/**
 * recorded: the order moved now; already: nothing to change (a replay, the buyer's return came first, or
 * the close settled it); held: paid a different amount than the order owes, kept for the shop, not paid;
 * pending: not complete or not paid yet.
 */
export type StoreSessionOutcome = 'recorded' | 'already' | 'held' | 'pending';

export interface StoreWebhookDeps {
  stores: Pick<TeamStoreStore, 'orderById' | 'storeById' | 'markSaved' | 'markPaid' | 'holdPayment'>;
  cards: StoreCards;
  logger: Logger;
  onQueued?: () => void;
}

/**
 * The order a store's session was made for: its metadata names it, and the order names the session back,
 * or, for a pay link, the order has one and the session names its store too: a buyer who opened the pay
 * link twice and paid in the first tab paid an older session than the one the order keeps.
 */
async function orderOfSession(deps: StoreWebhookDeps, event: StoreSessionEvent) {
  const orderId = Number(event.metadata.storeOrder);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return undefined;
  const order = await deps.stores.orderById(orderId);
  if (!order) return undefined;
  const named = order.setupSessionId === event.sessionId || order.paySessionId === event.sessionId;
  const olderPayLink =
    event.mode === 'payment' && order.paySessionId !== null && event.metadata.store === String(order.storeId);
  if (!named && !olderPayLink) return undefined;
  const store = await deps.stores.storeById(order.storeId);
  return store ? { store, order } : undefined;
}

/** A payment for an order already paid or charged: a replay, or a second payment the shop must refund. */
async function paidAgain(deps: StoreWebhookDeps, store: StoredStore, order: StoredOrder, event: StoreSessionEvent) {
  if (order.state !== 'paid' && order.state !== 'charged') return 'already';
  const outcome = await deps.cards.paymentOutcome(event.sessionId);
  if (!outcome.paid || !outcome.paymentIntent || outcome.paymentIntent === order.paymentIntent) return 'already';
  deps.logger.warn(
    {
      eventId: event.eventId,
      store: store.id,
      order: order.id,
      paymentIntent: outcome.paymentIntent,
      paidCents: outcome.amountCents,
      reason: 'store_paid_twice',
    },
    'A store order was paid a second time on Stripe: refund the second payment in the Dashboard',
  );
  return 'held';
}

async function cardSaved(deps: StoreWebhookDeps, order: StoredOrder, event: StoreSessionEvent) {
  if (!event.complete) return 'pending';
  if (order.state !== 'saving') return 'already';
  const outcome = await deps.cards.setupOutcome(event.sessionId);
  if (outcome.status !== 'complete' || !outcome.paymentMethod) return 'pending';
  return (await deps.stores.markSaved(order.id, outcome.paymentMethod)) ? 'recorded' : 'already';
}

async function paymentMade(deps: StoreWebhookDeps, store: StoredStore, order: StoredOrder, event: StoreSessionEvent) {
  if (!event.paid) return 'pending';
  if (order.state !== 'failed' && order.state !== 'saving') return paidAgain(deps, store, order, event);
  const outcome = await deps.cards.paymentOutcome(event.sessionId);
  if (!outcome.paid || !outcome.paymentIntent) return 'pending';
  // A pay link asks for the total the close charged; a checkout paid at once, for what the cart says now,
  // priced from the store as stored (never an amount from the event or a form).
  const owed =
    order.state === 'failed' && order.totalCents !== null
      ? order.totalCents
      : orderTotalCents(store, store.products, order.items);
  if (outcome.amountCents !== owed) {
    const note = `Paid ${formatMoney(outcome.amountCents)} on Stripe (${outcome.paymentIntent}) but the order owes ${formatMoney(owed)}: check it by hand`;
    await deps.stores.holdPayment(order.id, note);
    deps.logger.warn(
      {
        eventId: event.eventId,
        store: store.id,
        order: order.id,
        paidCents: outcome.amountCents,
        owedCents: owed,
        reason: 'store_payment_mismatch',
      },
      'A store payment does not match its order: held for the shop, not marked paid',
    );
    return 'held';
  }
  const paid = { paymentIntent: outcome.paymentIntent, totalCents: owed, feeCents: outcome.feeCents };
  return (await deps.stores.markPaid(order.id, paid)) ? 'recorded' : 'already';
}

/** The step: undefined for a session no store made, so the payments' webhook handles it as its own. */
export function storeWebhookStep(
  deps: StoreWebhookDeps,
): (event: StoreSessionEvent) => Promise<StoreSessionOutcome | undefined> {
  return async (event) => {
    const found = await orderOfSession(deps, event);
    if (!found) return undefined;
    const { store, order } = found;
    const outcome =
      event.mode === 'setup' ? await cardSaved(deps, order, event) : await paymentMade(deps, store, order, event);
    if (outcome === 'recorded') deps.onQueued?.();
    deps.logger.info(
      { eventId: event.eventId, store: store.id, order: order.id, outcome },
      'Stripe event for a team store session',
    );
    return outcome;
  };
}
