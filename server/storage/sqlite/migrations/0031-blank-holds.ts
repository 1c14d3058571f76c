import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // A job held up by blanks that came short on a purchase order (server/blanks/): what did not come, kept
  // so the board and the request page can mark the job blocked. One per job and order: checking an order
  // off happens once.
  await db.schema
    .createTable('blank_holds')
    .addColumn('submission_id', 'integer', (column) => column.notNull().references('submissions.id'))
    .addColumn('purchase_order_id', 'integer', (column) => column.notNull().references('purchase_orders.id'))
    .addColumn('missing', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('blank_holds_pkey', ['submission_id', 'purchase_order_id'])
    .execute();
}
