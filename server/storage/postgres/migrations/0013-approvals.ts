import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The customer's word on a quote or a proof version: approved (with the name they typed) or
  // changes asked for. A record of consent, so it is only ever inserted: who, when, from where,
  // and exactly which version.
  await db.schema
    .createTable('approvals')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('subject', 'text', (column) => column.notNull().check(sql`subject in ('quote', 'proof')`))
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('decision', 'text', (column) => column.notNull().check(sql`decision in ('approved', 'changes')`))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('comment', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('user_agent', 'text', (column) => column.notNull())
    .addColumn('at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('approvals_submission').on('approvals').columns(['submission_id', 'id']).execute();
}
