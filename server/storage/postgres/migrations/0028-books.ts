import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The shop's books: what was invoiced and what money moved, kept apart from the request they came
  // from. The privacy purge deletes a request; its invoices and money records stay (the request's id
  // becomes null, the names and notes are emptied) for the years the settings say, for tax.
  // Invoice and credit-note numbers are handed out from one counter per series, in the transaction
  // that issues them, so they run without gaps.
  await db.schema
    .createTable('book_numbers')
    .addColumn('series', 'text', (column) => column.primaryKey())
    .addColumn('last_number', 'integer', (column) => column.notNull())
    .execute();
  // Both rows from the start: issuing locks its series' row first, so two issuers take turns.
  await sql`insert into book_numbers (series, last_number) values ('invoice', 0), ('credit-note', 0)`.execute(db);
  await db.schema
    .createTable('invoices')
    .addColumn('number', 'integer', (column) => column.primaryKey())
    .addColumn('submission_id', 'integer', (column) => column.references('submissions.id').onDelete('set null'))
    .addColumn('reference', 'text', (column) => column.notNull())
    .addColumn('quote_version', 'integer', (column) => column.notNull())
    .addColumn('issued_at', 'timestamptz', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('subtotal_cents', 'bigint', (column) => column.notNull())
    .addColumn('tax_cents', 'bigint', (column) => column.notNull())
    .addColumn('total_cents', 'bigint', (column) => column.notNull())
    // The lines as issued, frozen with the number: what an export lists line by line.
    .addColumn('lines', 'jsonb', (column) => column.notNull())
    .addColumn('customer_name', 'text', (column) => column.notNull())
    .addColumn('customer_email', 'text', (column) => column.notNull())
    .addColumn('company', 'text', (column) => column.notNull())
    .addColumn('purged_at', 'timestamptz')
    .addUniqueConstraint('invoices_reference_version', ['reference', 'quote_version'])
    .execute();
  await db.schema.createIndex('invoices_issued').on('invoices').columns(['issued_at']).execute();
  // A counted payment or refund as the books keep it: one row per payments row (its id, never reused,
  // is the row's stable id in every export), a refund with its credit note's number.
  await db.schema
    .createTable('book_entries')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('payment_id', 'integer', (column) => column.notNull().unique())
    .addColumn('submission_id', 'integer', (column) => column.references('submissions.id').onDelete('set null'))
    .addColumn('reference', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('payment', 'refund')`))
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('amount_cents', 'bigint', (column) => column.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('at', 'timestamptz', (column) => column.notNull())
    .addColumn('invoice_number', 'integer')
    .addColumn('credit_note_number', 'integer', (column) => column.unique())
    .addColumn('note', 'text', (column) => column.notNull())
    .addColumn('purged_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('book_entries_at').on('book_entries').columns(['at']).execute();
  await db.schema.createIndex('book_entries_submission').on('book_entries').columns(['submission_id']).execute();
  // A goodwill discount: it lowers what is owed and no money moves, so it is no refund; a credit note of
  // the same series tells the customer and the accountant.
  await db.schema
    .createTable('discounts')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('submission_id', 'integer', (column) => column.references('submissions.id').onDelete('set null'))
    .addColumn('reference', 'text', (column) => column.notNull())
    .addColumn('amount_cents', 'bigint', (column) => column.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('invoice_number', 'integer', (column) => column.notNull())
    .addColumn('credit_note_number', 'integer', (column) => column.notNull().unique())
    .addColumn('recorded_by', 'text', (column) => column.notNull())
    .addColumn('at', 'timestamptz', (column) => column.notNull())
    .addColumn('purged_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('discounts_reference').on('discounts').columns(['reference']).execute();
}
