import type { Selectable } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { Database } from '#server/storage/database.ts';
import { writePromisedDate } from '#server/storage/promised-date.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import type { SupplierId } from '#shared/blanks/blanks-data.ts';
import type { PurchaseLine, PurchaseOrder } from '#shared/blanks/purchase-order.ts';
import type { PromisedDate } from '#shared/requests/promised-date.ts';
import type { BlankImport, BlankStore, StockRow } from './blank-store.ts';
import type { BlankRow } from './read-supplier-file.ts';

function importOf(row: Selectable<StorageDatabase['blank_imports']>): BlankImport {
  return {
    id: row.id,
    supplier: row.supplier as SupplierId,
    fileName: row.file_name,
    takenAt: readDate(row.taken_at),
    importedAt: readDate(row.imported_at),
    importedBy: row.imported_by,
    rows: row.row_count,
  };
}

function orderOf(row: Selectable<StorageDatabase['purchase_orders']>): PurchaseOrder {
  return {
    id: row.id,
    supplier: row.supplier as SupplierId,
    lines: readJson(row.lines).lines as PurchaseLine[],
    jobs: readJson(row.jobs).jobs as string[],
    totalCents: row.total_cents,
    expectedOn: row.expected_on,
    createdBy: row.created_by,
    createdAt: readDate(row.created_at),
    ...(row.received && row.received_at && row.received_by
      ? {
          received: {
            counts: readJson(row.received).counts as Record<string, number>,
            at: readDate(row.received_at),
            by: row.received_by,
          },
        }
      : {}),
    ...(row.sent_at && row.sent_to && row.sent_by
      ? { sent: { at: readDate(row.sent_at), to: row.sent_to, by: row.sent_by } }
      : {}),
  };
}

/** The statuses of a job still waiting for its blanks: approved, not yet in production. */
const WAITING_FOR_BLANKS = ['approved', 'proof_sent', 'proof_approved'] as const;

function stockOf(warehouses: string | Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(Object.entries(readJson(warehouses)).map(([code, count]) => [code, Number(count)]));
}

/** The import in force of one supplier: its newest (an import is stored only once it is whole). */
function currentOf({ db }: Database, supplier: SupplierId) {
  return db
    .selectFrom('blank_imports')
    .where('supplier', '=', supplier)
    .orderBy('id', 'desc')
    .selectAll()
    .limit(1)
    .executeTakeFirst();
}

async function replaceImport(
  database: Database,
  meta: { supplier: SupplierId; fileName: string; takenAt: Date; actor: string },
  batches: AsyncIterable<BlankRow[]>,
): Promise<BlankImport> {
  return database.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('blank_imports')
      .values({
        supplier: meta.supplier,
        file_name: meta.fileName,
        taken_at: meta.takenAt.toISOString(),
        imported_at: database.now().toISOString(),
        imported_by: meta.actor,
        row_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let count = 0;
    for await (const batch of batches) {
      await trx
        .insertInto('blank_stock')
        .values(
          batch.map((row) => ({
            import_id: id,
            supplier: meta.supplier,
            sku: row.sku,
            style: row.style,
            colour: row.colour,
            size: row.size,
            cents: row.cents,
            warehouses: JSON.stringify(row.stock),
            total: Object.values(row.stock).reduce((sum, count) => sum + count, 0),
          })),
        )
        .execute();
      count += batch.length;
    }
    await trx.deleteFrom('blank_stock').where('supplier', '=', meta.supplier).where('import_id', '!=', id).execute();
    const stored = await trx
      .updateTable('blank_imports')
      .set({ row_count: count })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return importOf(stored);
  });
}

async function currentImports({ db }: Database): Promise<BlankImport[]> {
  const rows = await db
    .selectFrom('blank_imports')
    .where(
      'id',
      'in',
      db
        .selectFrom('blank_imports')
        .select((eb) => eb.fn.max('id').as('id'))
        .groupBy('supplier'),
    )
    .orderBy('supplier')
    .selectAll()
    .execute();
  return rows.map(importOf);
}

async function importHistory({ db }: Database, limit: number): Promise<BlankImport[]> {
  const rows = await db.selectFrom('blank_imports').orderBy('id', 'desc').limit(limit).selectAll().execute();
  return rows.map(importOf);
}

async function createPurchaseOrder(
  database: Database,
  order: Omit<PurchaseOrder, 'id' | 'createdAt' | 'received'>,
): Promise<PurchaseOrder> {
  const row = await database.db
    .insertInto('purchase_orders')
    .values({
      supplier: order.supplier,
      lines: JSON.stringify({ lines: order.lines }),
      jobs: JSON.stringify({ jobs: order.jobs }),
      total_cents: order.totalCents,
      expected_on: order.expectedOn,
      created_by: order.createdBy,
      created_at: database.now().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return orderOf(row);
}

async function holdJob(
  database: Database,
  reference: string,
  { orderId, missing, promised, actor }: { orderId: number; missing: string; promised?: PromisedDate; actor: Actor },
): Promise<'held' | 'told' | 'missing'> {
  return database.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('submissions')
      .where('reference', '=', reference)
      .select(['id', 'promised_date'])
      .executeTakeFirst();
    if (!row) return 'missing';
    await trx
      .insertInto('blank_holds')
      .values({
        submission_id: row.id,
        purchase_order_id: orderId,
        missing,
        created_at: database.now().toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['submission_id', 'purchase_order_id']).doNothing())
      .execute();
    // Only a later day is news: an earlier or the same one leaves the promise (and the customer) alone.
    if (!promised || (row.promised_date !== null && promised.date <= row.promised_date)) return 'held';
    const queued = await insertQueuedMail(trx, database.clock, {
      mail: {
        kind: 'promised-changed',
        ...promised,
        ...(row.promised_date ? { was: row.promised_date } : {}),
      },
      recipient: 'customer',
      submissionId: row.id,
      onceKey: `blanks-short:${orderId}`,
    });
    if (!queued) return 'held';
    await writePromisedDate(trx, database.clock, row.id, promised, actor);
    return 'told';
  });
}

async function holds({ db }: Database): Promise<ReadonlyMap<string, string>> {
  const rows = await db
    .selectFrom('blank_holds')
    .innerJoin('submissions', 'submissions.id', 'blank_holds.submission_id')
    .where('submissions.status', 'in', WAITING_FOR_BLANKS)
    .orderBy('blank_holds.purchase_order_id')
    .select(['submissions.reference', 'blank_holds.missing'])
    .execute();
  const held = new Map<string, string>();
  for (const row of rows) {
    const before = held.get(row.reference);
    held.set(row.reference, before ? `${before}; ${row.missing}` : row.missing);
  }
  return held;
}

async function receivePurchaseOrder(
  database: Database,
  id: number,
  counts: Record<string, number>,
  actor: string,
): Promise<'received' | 'already' | 'missing'> {
  const { db } = database;
  const updated = await db
    .updateTable('purchase_orders')
    .set({
      received: JSON.stringify({ counts }),
      received_at: database.now().toISOString(),
      received_by: actor,
    })
    .where('id', '=', id)
    .where('received_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return 'received';
  const exists = await db.selectFrom('purchase_orders').where('id', '=', id).select('id').executeTakeFirst();
  return exists ? 'already' : 'missing';
}

async function sendPurchaseOrder(
  database: Database,
  id: number,
  { to, supplierName, actor }: { to: string; supplierName: string; actor: string },
): Promise<'sent' | 'already' | 'missing'> {
  return database.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('purchase_orders')
      .set({ sent_at: database.now().toISOString(), sent_to: to, sent_by: actor })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) {
      // The mail is written when it goes, from the order as stored; the address is the one it was sent to.
      await insertQueuedMail(trx, database.clock, {
        mail: { kind: 'purchase-order', order: id, to, supplier: supplierName },
        recipient: 'staff',
        submissionId: null,
      });
      return 'sent';
    }
    const exists = await trx.selectFrom('purchase_orders').where('id', '=', id).select('id').executeTakeFirst();
    return exists ? 'already' : 'missing';
  });
}

async function purchaseOrders({ db }: Database, limit: number): Promise<PurchaseOrder[]> {
  const rows = await db.selectFrom('purchase_orders').orderBy('id', 'desc').limit(limit).selectAll().execute();
  return rows.map(orderOf);
}

async function purchaseOrder({ db }: Database, id: number): Promise<PurchaseOrder | undefined> {
  const row = await db.selectFrom('purchase_orders').where('id', '=', id).selectAll().executeTakeFirst();
  return row && orderOf(row);
}

async function styleStock(
  database: Database,
  supplier: SupplierId,
  style: string,
): Promise<{ takenAt: Date; rows: StockRow[] } | undefined> {
  const current = await currentOf(database, supplier);
  if (!current) return undefined;
  const rows = await database.db
    .selectFrom('blank_stock')
    .where('supplier', '=', supplier)
    .where('style', '=', style)
    .where('import_id', '=', current.id)
    .select(['sku', 'colour', 'size', 'cents', 'warehouses', 'total'])
    .execute();
  // Sorted here: an ORDER BY sku would lead SQLite to the primary key (import_id, sku), a walk through
  // the supplier's whole import, rather than the style's index (migration 0026).
  rows.sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  return {
    takenAt: readDate(current.taken_at),
    rows: rows.map(
      (row): StockRow => ({
        sku: row.sku,
        colour: row.colour,
        size: row.size,
        cents: row.cents,
        warehouses: stockOf(row.warehouses),
        total: row.total,
      }),
    ),
  };
}

/** The supplier imports' storage on either database (migration 0026). */
export function createBlankStore(database: Database): BlankStore {
  return {
    replaceImport: (meta, batches) => replaceImport(database, meta, batches),
    currentImports: () => currentImports(database),
    importHistory: (limit) => importHistory(database, limit),
    createPurchaseOrder: (order) => createPurchaseOrder(database, order),
    holdJob: (reference, hold) => holdJob(database, reference, hold),
    holds: () => holds(database),
    receivePurchaseOrder: (id, counts, actor) => receivePurchaseOrder(database, id, counts, actor),
    sendPurchaseOrder: (id, send) => sendPurchaseOrder(database, id, send),
    purchaseOrders: (limit) => purchaseOrders(database, limit),
    purchaseOrder: (id) => purchaseOrder(database, id),
    styleStock: (supplier, style) => styleStock(database, supplier, style),
  };
}
