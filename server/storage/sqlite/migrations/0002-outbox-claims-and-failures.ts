import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The worker holding a notification (its next_attempt_at is then the end of the lease), and the
  // final state of a notification given up on. One column per statement: SQLite adds no more.
  await db.schema.alterTable('outbox').addColumn('claim', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('failed_at', 'text').execute();
}
