import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The customer's private page (/requests/<reference>/<secret>): the secret is derived from the
  // reference and this version (server/requests/customer-links.ts), so mails can carry it again, and
  // only its SHA-256 is kept. Replacing a leaked link bumps the version. Rows stored before this
  // migration get their hash when the link is first needed (a mail, the desk, the page): the key is
  // the server's, not the migration's.
  await db.schema.alterTable('submissions').addColumn('link_hash', 'text').execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('link_version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
}
