import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Stripe's fee and net on a card payment or refund, from its balance transaction (server/payments/
  // stripe-fee-queries.ts). Rows from before, and any Stripe has not answered for yet, stay null: not
  // known yet, which is not the same as no fee.
  await db.schema.alterTable('payments').addColumn('fee_cents', 'integer').execute();
  await db.schema.alterTable('payments').addColumn('net_cents', 'integer').execute();
  await db.schema.alterTable('payments').addColumn('balance_transaction', 'text').execute();
  // The books keep the fee with their copy of the money, so it outlives the payment row (the purge).
  await db.schema.alterTable('book_entries').addColumn('fee_cents', 'integer').execute();
}
