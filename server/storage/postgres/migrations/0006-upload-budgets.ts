import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Artwork bytes stored per client address in the current 24-hour window, shared by every instance
  // so the daily budget holds however the uploads are spread.
  await db.schema
    .createTable('upload_budgets')
    .addColumn('key', 'text', (column) => column.primaryKey())
    // bigint: an integer column would overflow past 2 GB, within reach of a generous UPLOAD_MB_PER_DAY.
    .addColumn('bytes', 'bigint', (column) => column.notNull())
    .addColumn('reset_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('upload_budgets_reset_at').on('upload_budgets').column('reset_at').execute();
}
