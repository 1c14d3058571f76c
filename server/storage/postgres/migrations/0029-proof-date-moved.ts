import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The date a proof's approval deadline was keeping when the deadline passed unanswered: the reminder
  // job moved the promised date on from it, and the desk's inbox flags the request until it is approved.
  await db.schema.alterTable('submissions').addColumn('date_missed', 'text').execute();
}
