import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The worker holding a notification (its next_attempt_at is then the end of the lease), and the
  // final state of a notification given up on.
  await db.schema.alterTable('outbox').addColumn('claim', 'text').addColumn('failed_at', 'timestamptz').execute();
}
