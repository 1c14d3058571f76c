import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Artwork bytes stored per client address in the current 24-hour window, shared by every instance
  // so the daily budget holds however the uploads are spread.
  await db.schema
    .createTable('upload_budgets')
    .addColumn('key', 'text', (column) => column.primaryKey())
    // SQLite's integer holds 64 bits: no overflow however high UPLOAD_MB_PER_DAY is set.
    .addColumn('bytes', 'integer', (column) => column.notNull())
    .addColumn('reset_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('upload_budgets_reset_at').on('upload_budgets').column('reset_at').execute();
}
