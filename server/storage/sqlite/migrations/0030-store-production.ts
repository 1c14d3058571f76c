import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // A store's run in production: when its close booked it on the board, and when the shop said the
  // bags were ready (the buyers' mails are queued once, at that moment).
  await db.schema.alterTable('team_stores').addColumn('booked_at', 'text').execute();
  await db.schema.alterTable('team_stores').addColumn('bags_ready_at', 'text').execute();
  // What the buyers are asked to sort the bags by: '' (nothing), 'team' or 'class'.
  await db.schema
    .alterTable('team_stores')
    .addColumn('sort_by', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  // The late window: add-ons taken for this many days after a close that met the minimum (0: none),
  // paid when ordering; late_until is set by that close.
  await db.schema
    .alterTable('team_stores')
    .addColumn('late_days', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('team_stores').addColumn('late_until', 'text').execute();
  await db.schema
    .alterTable('team_store_orders')
    .addColumn('buyer_group', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}
