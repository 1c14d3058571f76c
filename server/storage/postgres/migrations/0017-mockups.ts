import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The mockups of a quote request: the garment picture in its colour with the artwork at
  // the customer's placement, one per view (front, back), rendered from the stored artwork when the
  // request is saved and again when the shop adjusts it. `details` says what it shows (garment,
  // colour, placements in inches, and what was changed on the way: a first frame, a converted colour
  // space).
  await db.schema
    .createTable('mockups')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('view', 'text', (column) => column.notNull().check(sql`view in ('front', 'back')`))
    .addColumn('details', 'jsonb', (column) => column.notNull())
    .addColumn('media_type', 'text', (column) => column.notNull())
    .addColumn('data', 'bytea', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addUniqueConstraint('mockups_submission_view', ['submission_id', 'view'])
    .execute();
}
