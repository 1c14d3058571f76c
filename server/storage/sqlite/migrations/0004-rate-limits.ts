import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The form endpoints' rate limit, in the database so every instance counts the same hits.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('hits', 'integer', (column) => column.notNull())
    .addColumn('reset_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
}
