import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // A mail the site sends once only (a reminder of a deposit, a balance, a quote about to expire:
  // server/jobs/reminder-job.ts) carries a key, unique per request: however many instances queue it,
  // one row is stored. Null for every other mail (nulls are distinct in a unique index).
  await db.schema.alterTable('outbox').addColumn('once_key', 'text').execute();
  await db.schema.createIndex('outbox_once').unique().on('outbox').columns(['submission_id', 'once_key']).execute();
  // When the customer asked for a fresh quote for an expired one, until the shop sends it: the inbox
  // marks the request as needing a new quote.
  await db.schema.alterTable('submissions').addColumn('fresh_quote_asked_at', 'text').execute();
}
