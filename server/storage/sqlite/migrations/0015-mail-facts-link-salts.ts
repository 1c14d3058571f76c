import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Mail is written when it is sent, from facts (a kind and a few ids and values: server/mail/
  // mail-facts.ts), so stored mail holds no working link: the outbox's `mail` becomes `facts`.
  // A message queued whole before keeps only its subject (the desk lists it): its text could hold a
  // staff sign-in link or a customer's link. One not yet sent is given up on, with the reason as its
  // error, for the shop to see on the desk (a sign-in is simply asked for again).
  const unsent =
    'Queued before the mail upgrade (migration 0015), which keeps no mail text: not sent. Write to the customer again.';
  await sql`alter table outbox rename column mail to facts`.execute(db);
  const queued = await sql<{ id: number; facts: string; pending: number }>`
        select id, facts, (sent_at is null and failed_at is null) as pending from outbox where facts is not null`.execute(
    db,
  );
  for (const row of queued.rows) {
    const { subject } = JSON.parse(row.facts) as { subject?: unknown };
    const kept = JSON.stringify({ kind: 'legacy', subject: typeof subject === 'string' ? subject : '' });
    await (row.pending
      ? sql`update outbox set facts = ${kept}, claim = null, last_error = ${unsent},
              failed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              where id = ${row.id}`
      : sql`update outbox set facts = ${kept} where id = ${row.id}`
    ).execute(db);
  }
  // Each quote request's page link is made from a random salt kept here and a key from the
  // environment (server/http/link-secrets.ts): the database alone, or CSRF_SECRET alone, makes none,
  // and another database with the same reference numbers has other salts. A link mailed before
  // keeps opening by its hash (now legacy_link_hash) until the shop replaces the link; new mail
  // carries the new link. The salts come from Node's CSPRNG, one per request.
  await sql`alter table submissions rename column link_hash to legacy_link_hash`.execute(db);
  await sql`alter table submissions add column link_salt text`.execute(db);
  const quotes = await sql<{ id: number }>`select id from submissions where kind = 'quote'`.execute(db);
  for (const { id } of quotes.rows) {
    await sql`update submissions set link_salt = ${randomBytes(32).toString('base64url')} where id = ${id}`.execute(db);
  }
}
