import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // When the newest proof of a request went to its customer (server/requests/version-queries.ts sets it
  // with the proof): the inbox's "waiting for approval" list is read off an index of these, without an
  // anti-join over every proof of every request waiting on one. Not a partial index on the status: the
  // query's status is a bound parameter, which neither database matches to a partial index's literal.
  await db.schema.alterTable('submissions').addColumn('proof_sent_at', 'timestamptz').execute();
  await sql`update submissions set proof_sent_at =
    (select max(proofs.created_at) from proofs where proofs.submission_id = submissions.id)`.execute(db);
  await db.schema
    .createIndex('submissions_proof_waiting')
    .on('submissions')
    .columns(['status', 'proof_sent_at'])
    .execute();
}
