import { type Kysely, sql } from 'kysely';
import { requestSearchText } from '#shared/search-text.ts';

export async function up(db: Kysely<unknown>) {
  // The inbox lists first what the customer last touched (a message, an approval, a cancel), not
  // only what arrived last: activity_at is the time of the customer's latest act, the request's own
  // time until then.
  await db.schema.alterTable('submissions').addColumn('activity_at', 'timestamptz').execute();
  await sql`update submissions set activity_at = created_at`.execute(db);
  await db.schema.createIndex('submissions_activity_at').on('submissions').columns(['activity_at', 'id']).execute();
  // The desk's search ignores case and accents ("castaneda" finds Castañeda): the searched fields
  // are kept folded (shared/search-text.ts), filled here for the rows stored before.
  await db.schema.alterTable('submissions').addColumn('search_text', 'text').execute();
  // The day the order is promised for (YYYY-MM-DD, the shop's calendar), set when the proof is
  // approved and changed by the shop; null before.
  await db.schema.alterTable('submissions').addColumn('promised_date', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('promised_handover', 'text').execute();
  const rows = await sql<{ id: number; reference: string; name: string; email: string; payload: unknown }>`
        select id, reference, name, email, payload from submissions`.execute(db);
  for (const row of rows.rows) {
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<
      string,
      unknown
    >;
    await sql`update submissions set search_text = ${requestSearchText({ ...row, company: payload.company })} where id = ${row.id}`.execute(
      db,
    );
  }
}
