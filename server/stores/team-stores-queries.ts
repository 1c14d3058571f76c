import type { Kysely, Selectable } from 'kysely';
import type { ProductionBookingStep } from '#server/production/production-store.ts';
import type { Database } from '#server/storage/database.ts';
import type { SqlDialect } from '#server/storage/database-clock.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { readDate, type StorageDatabase } from '#server/storage/schema.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import { STORE_LIMITS } from '#shared/stores/store-rules.ts';
import type {
  CartLine,
  CartOutcome,
  RunBooking,
  StoredItem,
  StoredOrder,
  StoredProduct,
  StoredStore,
  StoreMailAbout,
  StoreProductInput,
  StoreSettings,
  TeamStoreStore,
} from './team-stores-store.ts';

type Db = Kysely<StorageDatabase>;
type StoreRow = Selectable<StorageDatabase['team_stores']> & { reference: string };
type OrderRow = Selectable<StorageDatabase['team_store_orders']>;
/** The contract's argument shapes, named once for the operations below. */
type OrderOutcome = Parameters<TeamStoreStore['recordOrder']>[1];
type Checkout = Parameters<TeamStoreStore['startSaving']>[1];
type Payment = Parameters<TeamStoreStore['markPaid']>[1];
type RunPlan = Parameters<TeamStoreStore['bookRun']>[1];

/** The request states the production board shows: a request in one already carries another order. */
const ON_THE_BOARD: readonly RequestStatus[] = ['approved', 'proof_sent', 'proof_approved', 'in_production', 'ready'];
/** The orders whose pieces are printed: the money is in. */
const PAID = ['charged', 'paid'] as const;

/** The states whose pieces count toward the minimum: the card is saved, or the money is in. */
const COUNTED = ['saved', 'charged', 'failed', 'paid'] as const;

const optionalDate = (value: string | Date | null) => (value === null ? null : readDate(value));

function productOfRow(row: Selectable<StorageDatabase['team_store_products']>): StoredProduct {
  return {
    id: row.id,
    storeId: row.store_id,
    position: Number(row.position),
    garment: row.garment,
    title: row.title,
    colours: JSON.parse(row.colours) as string[],
    sizes: JSON.parse(row.sizes) as StoredProduct['sizes'],
    shopPriceCents: Number(row.shop_price_cents),
  };
}

function storeOfRow(row: StoreRow, products: StoredProduct[]): StoredStore {
  return {
    id: row.id,
    slug: row.slug,
    reference: row.reference,
    title: row.title,
    opensAt: readDate(row.opens_at),
    closesAt: readDate(row.closes_at),
    minimumPieces: Number(row.minimum_pieces),
    charging: row.charging,
    expectedPieces: Number(row.expected_pieces),
    markupCents: Number(row.markup_cents),
    delivery: row.delivery,
    shippingCents: Number(row.shipping_cents),
    asksNames: Number(row.asks_names) === 1,
    asksNumbers: Number(row.asks_numbers) === 1,
    sortBy: row.sort_by,
    lateDays: Number(row.late_days),
    lateUntil: optionalDate(row.late_until),
    state: row.state,
    closeRound: Number(row.close_round),
    closedAt: optionalDate(row.closed_at),
    organiserSalt: row.organiser_salt,
    bookedAt: optionalDate(row.booked_at),
    bagsReadyAt: optionalDate(row.bags_ready_at),
    createdBy: row.created_by,
    createdAt: readDate(row.created_at),
    products,
  };
}

function orderOfRow(row: OrderRow, items: StoredItem[]): StoredOrder {
  return {
    id: row.id,
    storeId: row.store_id,
    linkSalt: row.link_salt,
    buyerName: row.buyer_name,
    buyerEmail: row.buyer_email,
    buyerGroup: row.buyer_group,
    state: row.state,
    totalCents: row.total_cents === null ? null : Number(row.total_cents),
    customerId: row.customer_id,
    setupSessionId: row.setup_session_id,
    paymentMethod: row.payment_method,
    paymentIntent: row.payment_intent,
    chargeError: row.charge_error,
    paySessionId: row.pay_session_id,
    feeCents: row.fee_cents === null ? null : Number(row.fee_cents),
    createdAt: readDate(row.created_at),
    changedAt: readDate(row.changed_at),
    items,
  };
}

/*
 * Each operation of the store is a function of the open database below (the row readers share a
 * transaction or the database handle); `createTeamStoreStore` only maps them.
 */

/** The process's time as the stores' rows keep it (the close's leases use the database's own clock). */
const nowIso = (database: Database) => database.now().toISOString();

/** A store's row with its request's reference. */
const storeQuery = (from: Db) =>
  from
    .selectFrom('team_stores')
    .innerJoin('submissions', 'submissions.id', 'team_stores.submission_id')
    .selectAll('team_stores')
    .select('submissions.reference');

async function withProducts(from: Db, rows: StoreRow[]): Promise<StoredStore[]> {
  if (rows.length === 0) return [];
  const products = await from
    .selectFrom('team_store_products')
    .selectAll()
    .where(
      'store_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('position')
    .execute();
  return rows.map((row) =>
    storeOfRow(row, products.filter((product) => product.store_id === row.id).map(productOfRow)),
  );
}

async function withItems(from: Db, rows: OrderRow[]): Promise<StoredOrder[]> {
  if (rows.length === 0) return [];
  const items = await from
    .selectFrom('team_store_items')
    .selectAll()
    .where(
      'order_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    orderOfRow(
      row,
      items
        .filter((item) => item.order_id === row.id)
        .map((item) => ({
          id: item.id,
          orderId: item.order_id,
          productId: item.product_id,
          colour: item.colour,
          size: item.size,
          quantity: Number(item.quantity),
          backName: item.back_name,
          backNumber: item.back_number,
        })),
    ),
  );
}

const oneOrder = async (from: Db, id: number) => {
  const row = await from.selectFrom('team_store_orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withItems(from, [row]))[0] : undefined;
};

/**
 * The store takes cart changes at `now`: open, between its opening and its close; or closed with its
 * minimum and still in its late window (add-ons paid when ordered).
 */
const isOpen = async (from: Db, now: string, storeId: number) => {
  const row = await from
    .selectFrom('team_stores')
    .select('id')
    .where('id', '=', storeId)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'open'), eb('opens_at', '<=', now), eb('closes_at', '>', now)]),
        eb.and([eb('state', '=', 'charged'), eb('late_until', '>', now)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
};

/** Locks the cart's row for the change (PostgreSQL; SQLite's writer lock serialises anyway). */
const lockedCart = async (trx: Db, dialect: SqlDialect, storeId: number, cartHash: string) => {
  let query = trx
    .selectFrom('team_store_orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('cart_hash', '=', cartHash);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
};

function openStore(
  database: Database,
  reference: string,
  settings: StoreSettings,
  products: StoreProductInput[],
  { slug, organiserSalt }: { slug: string; organiserSalt: string },
  actor: string,
): Promise<StoredStore | undefined> {
  return database.db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('submissions')
      .select('id')
      .where('reference', '=', reference)
      .where('kind', '=', 'quote')
      .executeTakeFirst();
    if (!request) return undefined;
    const created = await trx
      .insertInto('team_stores')
      .values({
        slug,
        submission_id: request.id,
        title: settings.title,
        opens_at: settings.opensAt.toISOString(),
        closes_at: settings.closesAt.toISOString(),
        minimum_pieces: settings.minimumPieces,
        charging: settings.charging,
        expected_pieces: settings.expectedPieces,
        markup_cents: settings.markupCents,
        delivery: settings.delivery,
        shipping_cents: settings.shippingCents,
        asks_names: settings.asksNames ? 1 : 0,
        asks_numbers: settings.asksNumbers ? 1 : 0,
        sort_by: settings.sortBy,
        late_days: settings.lateDays,
        state: 'open',
        close_round: 0,
        organiser_salt: organiserSalt,
        created_by: actor,
        created_at: nowIso(database),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, product] of products.entries()) {
      await trx
        .insertInto('team_store_products')
        .values({
          store_id: created.id,
          position,
          garment: product.garment,
          title: product.title,
          colours: JSON.stringify(product.colours),
          sizes: JSON.stringify(product.sizes),
          shop_price_cents: product.shopPriceCents,
        })
        .execute();
    }
    const row = await storeQuery(trx).where('team_stores.id', '=', created.id).executeTakeFirstOrThrow();
    return (await withProducts(trx, [row]))[0];
  });
}

async function storeBySlug({ db }: Database, slug: string): Promise<StoredStore | undefined> {
  const row = await storeQuery(db).where('team_stores.slug', '=', slug).executeTakeFirst();
  return row ? (await withProducts(db, [row]))[0] : undefined;
}

async function storeById({ db }: Database, id: number): Promise<StoredStore | undefined> {
  const row = await storeQuery(db).where('team_stores.id', '=', id).executeTakeFirst();
  return row ? (await withProducts(db, [row]))[0] : undefined;
}

async function storesOf({ db }: Database, reference: string): Promise<StoredStore[]> {
  const rows = await storeQuery(db)
    .where('submissions.reference', '=', reference)
    .orderBy('team_stores.id', 'desc')
    .execute();
  return withProducts(db, rows);
}

async function orderByCart({ db }: Database, storeId: number, cartHash: string): Promise<StoredOrder | undefined> {
  const row = await db
    .selectFrom('team_store_orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('cart_hash', '=', cartHash)
    .executeTakeFirst();
  return row ? (await withItems(db, [row]))[0] : undefined;
}

async function ordersOf({ db }: Database, storeId: number): Promise<StoredOrder[]> {
  const rows = await db
    .selectFrom('team_store_orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('state', '!=', 'cart')
    .orderBy('id')
    .execute();
  return withItems(db, rows);
}

function addToCart(
  database: Database,
  storeId: number,
  cartHash: string,
  linkSalt: string,
  line: CartLine,
): Promise<CartOutcome> {
  return database.db.transaction().execute(async (trx): Promise<CartOutcome> => {
    if (!(await isOpen(trx, nowIso(database), storeId))) return { ok: false, reason: 'closed' };
    let cart = await lockedCart(trx, database.dialect, storeId, cartHash);
    if (cart && cart.state !== 'cart' && cart.state !== 'saving') return { ok: false, reason: 'not-cart' };
    if (!cart) {
      cart = await trx
        .insertInto('team_store_orders')
        .values({
          store_id: storeId,
          cart_hash: cartHash,
          link_salt: linkSalt,
          buyer_name: '',
          buyer_email: '',
          state: 'cart',
          created_at: nowIso(database),
          changed_at: nowIso(database),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const lines = await trx
      .selectFrom('team_store_items')
      .select((eb) => eb.fn.countAll<number>().as('lines'))
      .where('order_id', '=', cart.id)
      .executeTakeFirstOrThrow();
    if (Number(lines.lines) >= STORE_LIMITS.cartLines) return { ok: false, reason: 'full' };
    await trx
      .insertInto('team_store_items')
      .values({
        order_id: cart.id,
        product_id: line.productId,
        colour: line.colour,
        size: line.size,
        quantity: line.quantity,
        back_name: line.backName,
        back_number: line.backNumber,
      })
      .execute();
    await trx
      .updateTable('team_store_orders')
      .set({ changed_at: nowIso(database) })
      .where('id', '=', cart.id)
      .execute();
    const order = await oneOrder(trx, cart.id);
    return order ? { ok: true, order } : { ok: false, reason: 'gone' };
  });
}

function removeFromCart(database: Database, storeId: number, cartHash: string, itemId: number): Promise<CartOutcome> {
  return database.db.transaction().execute(async (trx): Promise<CartOutcome> => {
    if (!(await isOpen(trx, nowIso(database), storeId))) return { ok: false, reason: 'closed' };
    const cart = await lockedCart(trx, database.dialect, storeId, cartHash);
    if (!cart) return { ok: false, reason: 'gone' };
    if (cart.state !== 'cart' && cart.state !== 'saving') return { ok: false, reason: 'not-cart' };
    await trx.deleteFrom('team_store_items').where('id', '=', itemId).where('order_id', '=', cart.id).execute();
    const order = await oneOrder(trx, cart.id);
    return order ? { ok: true, order } : { ok: false, reason: 'gone' };
  });
}

function startSaving(database: Database, orderId: number, checkout: Checkout): Promise<CartOutcome> {
  return database.db.transaction().execute(async (trx): Promise<CartOutcome> => {
    const order = await trx
      .selectFrom('team_store_orders')
      .select(['store_id', 'state'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, reason: 'gone' };
    if (!(await isOpen(trx, nowIso(database), order.store_id))) return { ok: false, reason: 'closed' };
    // A cart, or one whose Stripe page was left and is asked again (a new session replaces it).
    const updated = await trx
      .updateTable('team_store_orders')
      .set({
        buyer_name: checkout.name,
        buyer_email: checkout.email,
        buyer_group: checkout.group ?? '',
        customer_id: checkout.customerId,
        setup_session_id: checkout.sessionId,
        consent_at: nowIso(database),
        state: 'saving',
        changed_at: nowIso(database),
      })
      .where('id', '=', orderId)
      .where('state', 'in', ['cart', 'saving'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { ok: false, reason: 'not-cart' };
    const saved = await oneOrder(trx, orderId);
    return saved ? { ok: true, order: saved } : { ok: false, reason: 'gone' };
  });
}

async function piecesCounted({ db }: Database, storeId: number): Promise<number> {
  const row = await db
    .selectFrom('team_store_items')
    .innerJoin('team_store_orders', 'team_store_orders.id', 'team_store_items.order_id')
    .select((eb) => eb.fn.sum<number>('team_store_items.quantity').as('pieces'))
    .where('team_store_orders.store_id', '=', storeId)
    .where('team_store_orders.state', 'in', [...COUNTED])
    .executeTakeFirst();
  return Number(row?.pieces ?? 0);
}

async function moveClose({ db }: Database, storeId: number, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable('team_stores')
    .set({ closes_at: at.toISOString() })
    .where('id', '=', storeId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

async function moveCloseAhead(database: Database, storeId: number, at: Date): Promise<boolean> {
  const updated = await database.db
    .updateTable('team_stores')
    .set({ closes_at: at.toISOString() })
    .where('id', '=', storeId)
    .where('state', '=', 'open')
    .where('closes_at', '>', nowIso(database))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

async function storesDue(database: Database): Promise<number[]> {
  const { db, clock } = database;
  const rows = await db
    .selectFrom('team_stores')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'open'), eb('closes_at', '<=', nowIso(database))]),
        eb.and([
          eb('state', '=', 'closing'),
          eb.or([eb('close_lease_until', 'is', null), eb('close_lease_until', '<=', clock.now())]),
        ]),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

async function claimClose(
  database: Database,
  storeId: number,
  leaseMs: number,
): Promise<{ round: number } | undefined> {
  const { db, clock } = database;
  // An open store past its close begins a new round; a close whose holder's lease ran out is taken
  // up in its round. One UPDATE each: a second instance's statement finds the row changed.
  const begun = await db
    .updateTable('team_stores')
    .set((eb) => ({
      state: 'closing',
      close_round: eb('close_round', '+', 1),
      close_lease_until: clock.after(leaseMs),
    }))
    .where('id', '=', storeId)
    .where('state', '=', 'open')
    .where('closes_at', '<=', nowIso(database))
    .returning('close_round')
    .executeTakeFirst();
  if (begun) return { round: Number(begun.close_round) };
  const resumed = await db
    .updateTable('team_stores')
    .set({ close_lease_until: clock.after(leaseMs) })
    .where('id', '=', storeId)
    .where('state', '=', 'closing')
    .where((eb) => eb.or([eb('close_lease_until', 'is', null), eb('close_lease_until', '<=', clock.now())]))
    .returning('close_round')
    .executeTakeFirst();
  return resumed ? { round: Number(resumed.close_round) } : undefined;
}

async function recordOrder(
  database: Database,
  orderId: number,
  outcome: OrderOutcome,
  mail?: StoreMailAbout,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const changes =
      outcome.state === 'charged'
        ? {
            total_cents: outcome.totalCents,
            payment_intent: outcome.paymentIntent,
            fee_cents: outcome.feeCents,
            charge_error: null,
          }
        : outcome.state === 'failed'
          ? { total_cents: outcome.totalCents, payment_intent: outcome.paymentIntent, charge_error: outcome.error }
          : outcome.state === 'saved'
            ? { payment_method: outcome.paymentMethod }
            : {};
    await trx
      .updateTable('team_store_orders')
      .set({ ...changes, state: outcome.state, changed_at: nowIso(database) })
      .where('id', '=', orderId)
      .execute();
    if (!mail) return;
    const owner = await trx
      .selectFrom('team_store_orders')
      .innerJoin('team_stores', 'team_stores.id', 'team_store_orders.store_id')
      .select('team_stores.submission_id')
      .where('team_store_orders.id', '=', orderId)
      .executeTakeFirstOrThrow();
    await insertQueuedMail(trx, database.clock, {
      mail: { kind: 'team-store', about: mail, order: orderId },
      recipient: 'customer',
      submissionId: owner.submission_id,
      onceKey: `team-store:${orderId}:${mail}`,
    });
  });
}

async function finishClose(database: Database, storeId: number, state: 'charged' | 'missed'): Promise<void> {
  const { db } = database;
  const row = await db.selectFrom('team_stores').select('late_days').where('id', '=', storeId).executeTakeFirst();
  const lateDays = state === 'charged' ? Number(row?.late_days ?? 0) : 0;
  const lateUntil = lateDays > 0 ? new Date(database.now().getTime() + lateDays * 86_400_000).toISOString() : null;
  await db
    .updateTable('team_stores')
    .set({ state, closed_at: nowIso(database), close_lease_until: null, late_until: lateUntil })
    .where('id', '=', storeId)
    .where('state', '=', 'closing')
    .execute();
}

function bookRun(
  database: Database,
  production: ProductionBookingStep,
  storeId: number,
  plan: RunPlan,
): Promise<RunBooking> {
  const { dialect, clock } = database;
  return database.db.transaction().execute(async (trx) => {
    let storeRead = trx
      .selectFrom('team_stores')
      .select(['submission_id', 'state', 'booked_at'])
      .where('id', '=', storeId);
    if (dialect === 'postgres') storeRead = storeRead.forUpdate();
    const store = await storeRead.executeTakeFirst();
    if (store?.state !== 'charged') return 'not-closed' as const;
    if (store.booked_at !== null) return 'already' as const;
    let requestRead = trx.selectFrom('submissions').select(['id', 'status']).where('id', '=', store.submission_id);
    if (dialect === 'postgres') requestRead = requestRead.forUpdate();
    const request = await requestRead.executeTakeFirstOrThrow();
    if (ON_THE_BOARD.includes(request.status)) return 'on-board' as const;
    // The request's row first, then the production lock: the order an approval takes them in.
    await production.lock(trx);
    const booking = plan(await production.bookedWork(trx, request.id));
    if (!booking) return 'unpriced' as const;
    await production.book(trx, request.id, booking);
    // The design was settled before the store opened: the run waits for the press, not for a proof.
    await trx
      .updateTable('submissions')
      .set({ status: 'proof_approved', status_changed_at: clock.now() })
      .where('id', '=', request.id)
      .execute();
    await appendEvent(trx, clock, request.id, {
      actor: 'system',
      type: 'status',
      data: { from: request.status, to: 'proof_approved', store: storeId },
    });
    await trx
      .updateTable('team_stores')
      .set({ booked_at: nowIso(database) })
      .where('id', '=', storeId)
      .execute();
    return 'booked' as const;
  });
}

function markBagsReady(database: Database, storeId: number): Promise<number | undefined> {
  return database.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('team_stores')
      .set({ bags_ready_at: nowIso(database) })
      .where('id', '=', storeId)
      .where('state', '=', 'charged')
      .where('bags_ready_at', 'is', null)
      .returning('submission_id')
      .executeTakeFirst();
    if (!marked) return undefined;
    const paid = await trx
      .selectFrom('team_store_orders')
      .select('id')
      .where('store_id', '=', storeId)
      .where('state', 'in', PAID)
      .orderBy('id')
      .execute();
    for (const order of paid) {
      await insertQueuedMail(trx, database.clock, {
        mail: { kind: 'team-store', about: 'bag-ready', order: order.id },
        recipient: 'customer',
        submissionId: marked.submission_id,
        onceKey: `team-store:${order.id}:bag-ready`,
      });
    }
    return paid.length;
  });
}

async function markPaySession(database: Database, orderId: number, sessionId: string): Promise<void> {
  await database.db
    .updateTable('team_store_orders')
    .set({ pay_session_id: sessionId, changed_at: nowIso(database) })
    .where('id', '=', orderId)
    .execute();
}

async function queueOrderMail(trx: Db, database: Database, orderId: number, about: StoreMailAbout) {
  const owner = await trx
    .selectFrom('team_store_orders')
    .innerJoin('team_stores', 'team_stores.id', 'team_store_orders.store_id')
    .select('team_stores.submission_id')
    .where('team_store_orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  await insertQueuedMail(trx, database.clock, {
    mail: { kind: 'team-store', about, order: orderId },
    recipient: 'customer',
    submissionId: owner.submission_id,
    onceKey: `team-store:${orderId}:${about}`,
  });
}

function markSaved(database: Database, orderId: number, paymentMethod: string): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('team_store_orders')
      .set({ state: 'saved', payment_method: paymentMethod, changed_at: nowIso(database) })
      .where('id', '=', orderId)
      .where('state', '=', 'saving')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await queueOrderMail(trx, database, orderId, 'placed');
    return true;
  });
}

async function holdPayment(database: Database, orderId: number, note: string): Promise<boolean> {
  const updated = await database.db
    .updateTable('team_store_orders')
    .set({ charge_error: note, changed_at: nowIso(database) })
    .where('id', '=', orderId)
    .where('state', 'in', ['failed', 'saving'])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

function markPaid(
  database: Database,
  orderId: number,
  { paymentIntent, totalCents, feeCents }: Payment,
): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('team_store_orders')
      .set({
        state: 'paid',
        payment_intent: paymentIntent,
        total_cents: totalCents,
        fee_cents: feeCents,
        changed_at: nowIso(database),
      })
      .where('id', '=', orderId)
      .where('state', 'in', ['failed', 'saving'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    const owner = await trx
      .selectFrom('team_store_orders')
      .innerJoin('team_stores', 'team_stores.id', 'team_store_orders.store_id')
      .select('team_stores.submission_id')
      .where('team_store_orders.id', '=', orderId)
      .executeTakeFirstOrThrow();
    await insertQueuedMail(trx, database.clock, {
      mail: { kind: 'team-store', about: 'paid', order: orderId },
      recipient: 'customer',
      submissionId: owner.submission_id,
      onceKey: `team-store:${orderId}:paid`,
    });
    return true;
  });
}

/** Team stores, their products, carts, orders and closes, on the open database. */
export function createTeamStoreStore(database: Database, production: ProductionBookingStep): TeamStoreStore {
  return {
    openStore: (reference, settings, products, links, actor) =>
      openStore(database, reference, settings, products, links, actor),
    storeBySlug: (slug) => storeBySlug(database, slug),
    storeById: (id) => storeById(database, id),
    storesOf: (reference) => storesOf(database, reference),
    orderByCart: (storeId, cartHash) => orderByCart(database, storeId, cartHash),
    orderById: (id) => oneOrder(database.db, id),
    ordersOf: (storeId) => ordersOf(database, storeId),
    addToCart: (storeId, cartHash, linkSalt, line) => addToCart(database, storeId, cartHash, linkSalt, line),
    removeFromCart: (storeId, cartHash, itemId) => removeFromCart(database, storeId, cartHash, itemId),
    startSaving: (orderId, checkout) => startSaving(database, orderId, checkout),
    piecesCounted: (storeId) => piecesCounted(database, storeId),
    moveClose: (storeId, at) => moveClose(database, storeId, at),
    moveCloseAhead: (storeId, at) => moveCloseAhead(database, storeId, at),
    storesDue: () => storesDue(database),
    claimClose: (storeId, leaseMs) => claimClose(database, storeId, leaseMs),
    recordOrder: (orderId, outcome, mail) => recordOrder(database, orderId, outcome, mail),
    finishClose: (storeId, state) => finishClose(database, storeId, state),
    bookRun: (storeId, plan) => bookRun(database, production, storeId, plan),
    markBagsReady: (storeId) => markBagsReady(database, storeId),
    markPaySession: (orderId, sessionId) => markPaySession(database, orderId, sessionId),
    markPaid: (orderId, paid) => markPaid(database, orderId, paid),
    markSaved: (orderId, paymentMethod) => markSaved(database, orderId, paymentMethod),
    holdPayment: (orderId, note) => holdPayment(database, orderId, note),
  };
}
