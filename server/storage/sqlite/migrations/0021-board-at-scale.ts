import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Years of requests: the board's orders (and the inbox's flags of those at risk) are the
  // few quotes between approval and pickup, read off an index by kind and status in press-day order
  // rather than by checking every quote's status.
  await sql`create index submissions_board on submissions (kind, status, press_date, id)`.execute(db);
}
