import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The installation's own part of every idempotency key sent to Stripe (server/payments/checkout.ts):
  // without it two databases on one Stripe account (a staging copy, a restore handing out the same
  // references again) would send the same key and Stripe would refuse the second for a day. One row,
  // from Node's CSPRNG; a restore gives the restored database a new one (server/storage/backup.ts).
  // `if not exists` throughout: a PostgreSQL restore of an older dump over a migrated database keeps
  // the tables the dump does not hold, and this migration then runs again.
  await db.schema
    .createTable('installation')
    .ifNotExists()
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('checkout_key_salt', 'text', (column) => column.notNull())
    .execute();
  await sql`insert into installation (id, checkout_key_salt) values (1, ${randomBytes(18).toString('base64url')})
        on conflict (id) do nothing`.execute(db);
  // A refund Stripe reports for a payment whose own event has not come yet (events arrive in any
  // order): kept here and recorded when the payment is (server/payments/payment-queries.ts).
  await db.schema
    .createTable('waiting_refunds')
    .ifNotExists()
    .addColumn('stripe_refund_id', 'text', (column) => column.primaryKey())
    .addColumn('payment_intent', 'text', (column) => column.notNull())
    .addColumn('amount_cents', 'bigint', (column) => column.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('received_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('waiting_refunds_payment_intent')
    .ifNotExists()
    .on('waiting_refunds')
    .column('payment_intent')
    .execute();
}
