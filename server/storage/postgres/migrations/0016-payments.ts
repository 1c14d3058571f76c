import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Money taken and given back for an order, one row each, in whole cents: a card payment
  // confirmed by Stripe's webhook, a payment the desk records by hand, a refund. A row is written
  // once; only its state moves (a refund from pending to succeeded when Stripe confirms it). `held`
  // is money Stripe took that does not match what was asked: kept, shown to the desk, not counted.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('payment', 'refund')`))
    .addColumn('state', 'text', (column) =>
      column.notNull().check(sql`state in ('succeeded', 'pending', 'failed', 'held')`),
    )
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('amount_cents', 'bigint', (column) => column.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('note', 'text', (column) => column.notNull())
    .addColumn('flag', 'text')
    .addColumn('refund_of', 'integer', (column) => column.references('payments.id'))
    .addColumn('stripe_session_id', 'text')
    .addColumn('stripe_payment_intent', 'text')
    .addColumn('stripe_refund_id', 'text', (column) => column.unique())
    .addColumn('recorded_by', 'text', (column) => column.notNull())
    .addColumn('at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('payments_submission').on('payments').columns(['submission_id', 'id']).execute();
  // One payment per Checkout Session and purpose: a webhook delivered twice under two event ids
  // (Stripe may) still records it once.
  await db.schema
    .createIndex('payments_checkout_session')
    .on('payments')
    .columns(['stripe_session_id', 'kind'])
    .unique()
    .execute();
  // The Checkout Sessions made for a request: what each asked (the webhook compares), its page's
  // address (a second click goes back to it) and whether it is still open.
  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('quote_version', 'integer', (column) => column.notNull())
    .addColumn('amount_cents', 'bigint', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('checkout_sessions_submission')
    .on('checkout_sessions')
    .columns(['submission_id', 'purpose'])
    .execute();
  // Stripe's event ids already handled: an event delivered again is answered 200 and ignored.
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('received_at', 'timestamptz', (column) => column.notNull())
    .execute();
  // A deposit the shop waived (a school paying on a purchase order): who, when, why.
  await db.schema.alterTable('submissions').addColumn('deposit_waived_at', 'timestamptz').execute();
  await db.schema.alterTable('submissions').addColumn('deposit_waived_by', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('deposit_waiver_reason', 'text').execute();
}
