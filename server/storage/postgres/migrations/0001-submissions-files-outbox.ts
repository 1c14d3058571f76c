import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('submissions')
    // ALWAYS: an id is never given by hand, and never reused.
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('reference', 'text', (column) => column.notNull().unique())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('quote', 'contact')`))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('payload', 'jsonb', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute();
  // The CLI lists newest first, all kinds or one.
  await db.schema.createIndex('submissions_created_at').on('submissions').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('submissions_kind_created_at')
    .on('submissions')
    .columns(['kind', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('media_type', 'text', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('data', 'bytea', (column) => column.notNull())
    // A size that disagrees with the bytes means the caller lost or mangled part of the upload.
    .addCheckConstraint('files_size_is_data_length', sql`size = octet_length(data)`)
    .addUniqueConstraint('files_submission_position', ['submission_id', 'position'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('recipient', 'text', (column) => column.notNull().check(sql`recipient in ('shop', 'customer')`))
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('outbox_submission_recipient', ['submission_id', 'recipient'])
    .execute();
  await db.schema
    .createIndex('outbox_due')
    .on('outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('sent_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('reference_counters')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('last_number', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('reference_counters_kind_year', ['kind', 'year'])
    .execute();
}
