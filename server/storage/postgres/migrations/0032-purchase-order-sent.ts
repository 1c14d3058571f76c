import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // A purchase order mailed to its supplier (server/blanks/): when, to which address and by whom. Set once,
  // in the transaction that queues the mail, so a second press of the button sends nothing more.
  await db.schema.alterTable('purchase_orders').addColumn('sent_at', 'timestamptz').execute();
  await db.schema.alterTable('purchase_orders').addColumn('sent_to', 'text').execute();
  await db.schema.alterTable('purchase_orders').addColumn('sent_by', 'text').execute();
}
