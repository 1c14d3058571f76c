import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // An approved order's place on the production board: the day it must be off the press
  // by, and the work it puts on it (its service and pieces), set at approval and moved by the shop.
  await db.schema.alterTable('submissions').addColumn('press_date', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('production_service', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('production_pieces', 'integer').execute();
  await db.schema.createIndex('submissions_press_date').on('submissions').columns(['press_date']).execute();
  // The shop's capacity as changed on the desk: every change a row (the latest is in force), so who
  // changed what and when stays readable; none until the first change (the data file's defaults).
  await db.schema
    .createTable('capacity_settings')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('settings', 'jsonb', (column) => column.notNull())
    .addColumn('changed_by', 'text', (column) => column.notNull())
    .addColumn('changed_at', 'timestamptz', (column) => column.notNull())
    .execute();
}
