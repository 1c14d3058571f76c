import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The form's own fields as posted (validated), beside the payload written for people: the quote
  // editor prices them again with the pricing engine, and "order again" fills the form with them.
  await db.schema.alterTable('submissions').addColumn('form_values', 'jsonb').execute();
  // Each quote sent is a version frozen as it was sent: never updated, a revision is a new row.
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('lines', 'jsonb', (column) => column.notNull())
    .addColumn('notes', 'text', (column) => column.notNull())
    .addColumn('valid_until', 'text', (column) => column.notNull())
    .addColumn('deposit_percent', 'integer', (column) => column.notNull())
    .addColumn('total_cents', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addUniqueConstraint('quotes_submission_version', ['submission_id', 'version'])
    .execute();
  // Proofs the shop uploads for the customer to approve, numbered like the quotes; the file is kept
  // in the database like the artwork, so any instance serves it.
  await db.schema
    .createTable('proofs')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('media_type', 'text', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('data', 'bytea', (column) => column.notNull())
    // The print's real size in inches, when the shop gives it: the customer's page shows it to scale.
    .addColumn('width_inches', 'double precision')
    .addColumn('height_inches', 'double precision')
    .addColumn('notes', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addCheckConstraint('proofs_size_is_data_length', sql`size = octet_length(data)`)
    .addUniqueConstraint('proofs_submission_version', ['submission_id', 'version'])
    .execute();
}
