import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Where each request stands (shared/requests/request-status.ts), when it got there, and when the
  // shop first opened it (the inbox shows unread ones apart). Existing requests start as new.
  await db.schema
    .alterTable('submissions')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('new'))
    .execute();
  await db.schema.alterTable('submissions').addColumn('status_changed_at', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('read_at', 'text').execute();
  await db.schema
    .createIndex('submissions_status_created_at')
    .on('submissions')
    .columns(['status', 'created_at', 'id'])
    .execute();
  // The activity log: appended to, never changed (the storage has no update or delete for it).
  await db.schema
    .createTable('request_events')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('at', 'text', (column) => column.notNull())
    // "staff:<address>", "customer" or "system".
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull().check(sql`json_valid(data)`))
    .execute();
  await db.schema
    .createIndex('request_events_submission')
    .on('request_events')
    .columns(['submission_id', 'id'])
    .execute();
  // One-time sign-in links: only the SHA-256 of the secret is kept, so a copy of the database signs nobody in.
  await db.schema
    .createTable('staff_sign_in_links')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  // Sessions in the database, so any instance serves them; the cookie holds the secret, the row its hash.
  await db.schema
    .createTable('staff_sessions')
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('staff_sessions_email').on('staff_sessions').column('email').execute();
}
