import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The form's one-time key: unique, so a repeat can never store a second submission, whichever
  // instance it reaches. Null for clients that send none (several nulls are allowed).
  await db.schema.alterTable('submissions').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('submissions_idempotency_key')
    .on('submissions')
    .column('idempotency_key')
    .unique()
    .execute();
}
