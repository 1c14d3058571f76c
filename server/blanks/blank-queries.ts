import type { Selectable } from 'kysely';
import type { Database } from '#server/storage/database.ts';
import { writePromisedDate } from '#server/storage/promised-date.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import type { SupplierId } from '#shared/blanks/blanks-data.ts';
import type { PurchaseLine, PurchaseOrder } from '#shared/blanks/purchase-order.ts';
import type { BlankImport, BlankStore, StockRow } from './blank-store.ts';

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
  };
}

/** The statuses of a job still waiting for its blanks: approved, not yet in production. */
const WAITING_FOR_BLANKS = ['approved', 'proof_sent', 'proof_approved'] as const;

function stockOf(warehouses: string | Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(Object.entries(readJson(warehouses)).map(([code, count]) => [code, Number(count)]));
}

/** The supplier imports' storage on either database (migration 0026). */
export function createBlankStore(database: Database): BlankStore {
  const { db } = database;

  /** The import in force of one supplier: its newest (an import is stored only once it is whole). */
  const currentOf = (supplier: SupplierId) =>
    db
      .selectFrom('blank_imports')
      .where('supplier', '=', supplier)
      .orderBy('id', 'desc')
      .selectAll()
      .limit(1)
      .executeTakeFirst();

  return {
    async replaceImport(meta, batches) {
      return db.transaction().execute(async (trx) => {
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
        await trx
          .deleteFrom('blank_stock')
          .where('supplier', '=', meta.supplier)
          .where('import_id', '!=', id)
          .execute();
        const stored = await trx
          .updateTable('blank_imports')
          .set({ row_count: count })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return importOf(stored);
      });
    },

    async currentImports() {
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
    },

    async importHistory(limit) {
      const rows = await db.selectFrom('blank_imports').orderBy('id', 'desc').limit(limit).selectAll().execute();
      return rows.map(importOf);
    },

    async createPurchaseOrder(order) {
      const row = await db
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
    },

    async holdJob(reference, { orderId, missing, promised, actor }) {
      return db.transaction().execute(async (trx) => {
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
    },

    async holds() {
      const rows = await db
        .selectFrom('blank_holds')
        .innerJoin('submissions', 'submissions.id', 'blank_holds.submission_id')
        .where('submissions.status', 'in', WAITING_FOR_BLANKS)
        .orderBy('blank_holds.purchase_order_id')
        .select(['submissions.reference', 'blank_holds.missing'])
        .execute();
      const holds = new Map<string, string>();
      for (const row of rows) {
        const before = holds.get(row.reference);
        holds.set(row.reference, before ? `${before}; ${row.missing}` : row.missing);
      }
      return holds;
    },

    async receivePurchaseOrder(id, counts, actor) {
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
    },

    async purchaseOrders(limit) {
      const rows = await db.selectFrom('purchase_orders').orderBy('id', 'desc').limit(limit).selectAll().execute();
      return rows.map(orderOf);
    },

    async purchaseOrder(id) {
      const row = await db.selectFrom('purchase_orders').where('id', '=', id).selectAll().executeTakeFirst();
      return row && orderOf(row);
    },

    async styleStock(supplier, style) {
      const current = await currentOf(supplier);
      if (!current) return undefined;
      const rows = await db
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
    },
  };
}
