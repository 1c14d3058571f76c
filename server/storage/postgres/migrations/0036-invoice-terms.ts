import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The payment terms the desk sets on a request (due on receipt, or net 15 to 60 days) and the
  // customer's purchase-order number. The books read them when they issue the request's next invoice,
  // which keeps its own copy: changing the setting later never changes an invoice already issued.
  await db.schema
    .createTable('payment_terms')
    .addColumn('submission_id', 'integer', (column) =>
      column.primaryKey().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('net_days', 'integer', (column) => column.notNull().check(sql`net_days in (0, 15, 30, 45, 60)`))
    .addColumn('po_number', 'text', (column) => column.notNull())
    .addColumn('set_by', 'text', (column) => column.notNull())
    .addColumn('set_at', 'timestamptz', (column) => column.notNull())
    .execute();
  // An invoice's terms as issued: 0 days is due on receipt, as every invoice before this was.
  await db.schema
    .alterTable('invoices')
    .addColumn('net_days', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('po_number', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  // A check's number and the invoice a payment was taken against (null: the request's newest when the
  // books post it), so the books' entry and the bank lines exported from it carry them.
  await db.schema
    .alterTable('payments')
    .addColumn('check_number', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('payments').addColumn('invoice_number', 'integer').execute();
  await db.schema
    .alterTable('book_entries')
    .addColumn('check_number', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}
