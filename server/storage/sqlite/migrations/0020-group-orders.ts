import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // A request's group order: the organiser's share link collects each person's size,
  // name and number. One group per request. The share link is made from the salt kept here with the
  // environment's key (server/groups/group-links.ts), like the private page's: a copy of the
  // database opens nothing; a null salt is a revoked link. Flags are 0/1 integers on both databases.
  await db.schema
    .createTable('groups')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().unique().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('deadline', 'text', (column) => column.notNull())
    .addColumn('asks_names', 'integer', (column) => column.notNull())
    .addColumn('asks_numbers', 'integer', (column) => column.notNull())
    .addColumn('note', 'text', (column) => column.notNull())
    .addColumn('payer', 'text', (column) => column.notNull().check(sql`payer in ('organiser', 'members')`))
    .addColumn('price_cents', 'integer')
    .addColumn('allow_repeat', 'integer', (column) => column.notNull())
    .addColumn('share_salt', 'text')
    .addColumn('state', 'text', (column) => column.notNull().check(sql`state in ('open', 'closed', 'cancelled')`))
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'text')
    .addColumn('organiser_seen_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  // One row per person who joined (or the organiser added); a removed entry keeps its row with
  // removed_at set, so the organiser's "changed since" and the desk's log stay truthful.
  await db.schema
    .createTable('group_entries')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('group_id', 'integer', (column) => column.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('size', 'text', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sql`quantity > 0`))
    .addColumn('back_name', 'text', (column) => column.notNull())
    .addColumn('back_number', 'text', (column) => column.notNull())
    .addColumn('edit_salt', 'text', (column) => column.notNull())
    .addColumn('added_by', 'text', (column) => column.notNull())
    .addColumn('visitor', 'text', (column) => column.notNull())
    .addColumn('payment', 'text', (column) => column.notNull().check(sql`payment in ('none', 'pending', 'paid')`))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('changed_at', 'text', (column) => column.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema.createIndex('group_entries_group').on('group_entries').columns(['group_id', 'id']).execute();
  // A member's own share paid through Checkout: the session names the entry it pays for.
  await db.schema
    .alterTable('checkout_sessions')
    .addColumn('group_entry_id', 'integer', (column) => column.references('group_entries.id'))
    .execute();
}
