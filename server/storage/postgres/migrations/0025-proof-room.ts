import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Notes pinned on a proof version: numbered once per request (so "note 3" means one note whatever the
  // version), the point kept as fractions of the picture (0–1) so it stays on the spot at every width,
  // or null with a "where" in words (a PDF, or a page used without JavaScript).
  await db.schema
    .createTable('proof_pins')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('proof_version', 'integer', (column) => column.notNull())
    .addColumn('number', 'integer', (column) => column.notNull())
    .addColumn('x', 'double precision', (column) => column.check(sql`x >= 0 and x <= 1`))
    .addColumn('y', 'double precision', (column) => column.check(sql`y >= 0 and y <= 1`))
    .addColumn('place', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('author', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('done_at', 'timestamptz')
    .addColumn('done_by', 'text')
    .execute();
  await db.schema
    .createIndex('proof_pins_number')
    .unique()
    .on('proof_pins')
    .columns(['submission_id', 'number'])
    .execute();
  // The answers under a note, from either side, in the order written.
  await db.schema
    .createTable('proof_pin_replies')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('pin_id', 'integer', (column) => column.notNull().references('proof_pins.id').onDelete('cascade'))
    .addColumn('author', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('proof_pin_replies_pin').on('proof_pin_replies').columns(['pin_id', 'id']).execute();
  // An approval of a proof locks the exact file: the SHA-256 of the bytes approved, and the order terms
  // the customer agreed to then (JSON), so a later change of either is known. Null for quotes, changes
  // asked for, and approvals recorded before.
  await db.schema.alterTable('approvals').addColumn('file_sha256', 'text').execute();
  await db.schema.alterTable('approvals').addColumn('terms', 'text').execute();
}
