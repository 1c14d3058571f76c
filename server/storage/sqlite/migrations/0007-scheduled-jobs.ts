import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // One row per daily job (the privacy purge, later the backup): its last success survives restarts,
  // so a restart does not run it again, and its lease lets one instance of several run it at a time.
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('claim', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
}
