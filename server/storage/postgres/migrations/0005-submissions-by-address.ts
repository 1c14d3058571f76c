import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The daily cap on customer confirmations counts an address's recent submissions (case-insensitive).
  await sql`create index submissions_email_created_at on submissions (lower(email), created_at)`.execute(db);
}
