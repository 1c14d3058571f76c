import { type Kysely, sql } from 'kysely';
import { type Count, readDate, type StorageDatabase, type SubmissionKind } from './schema.ts';

/** Mail still owed, for /metrics and `npm run db -- status`. */
export interface OutboxDepth {
  /** Not sent and not given up on: waiting for a worker or for its next attempt. */
  pending: number;
  /** Given up on, waiting for an operator's resend. */
  failed: number;
  /** When the submission of the oldest pending message was received; null when none is pending. */
  oldestPendingAt: Date | null;
}

/** What the database records of a daily job's runs, for the health watch (a backup that stopped succeeding). */
export interface ScheduledJobStatus {
  /** When the last successful run ended; null when none has yet. */
  lastSuccessAt: Date | null;
  /** When the last run (of any outcome) began. */
  lastStartedAt: Date | null;
  /** The last failed run's error; null after a success. */
  lastError: string | null;
}

/** What `npm run db -- status` prints: the schema, what is stored, and the mail still owed. */
export interface StorageStatus {
  /** The newest migration applied, such as "0005-submissions-by-address"; null before any. */
  schemaVersion: string | null;
  submissions: Record<SubmissionKind, number>;
  files: { count: number; bytes: number };
  outbox: OutboxDepth & { sent: number };
}

/**
 * The outbox's depth, for /metrics at every scrape and for status: one indexed count each, so cheap
 * enough to ask every 15 seconds. A notification's age is its submission's (the row is made with it);
 * a message queued whole (a sign-in link, a note to a customer) has its own queued time.
 */
export async function readOutboxDepth(db: Kysely<StorageDatabase>): Promise<OutboxDepth> {
  const row = await db
    .selectFrom('outbox')
    .leftJoin('submissions', 'submissions.id', 'outbox.submission_id')
    .where('outbox.sent_at', 'is', null)
    .select((eb) => [
      eb.fn.count<Count>(eb.case().when('outbox.failed_at', 'is', null).then(1).end()).as('pending'),
      eb.fn.count<Count>('outbox.failed_at').as('failed'),
      eb.fn
        .min<string | Date | null>(
          eb
            .case()
            .when('outbox.failed_at', 'is', null)
            .then(eb.fn.coalesce('outbox.created_at', 'submissions.created_at'))
            .end(),
        )
        .as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  return {
    pending: Number(row.pending),
    failed: Number(row.failed),
    oldestPendingAt: row.oldest === null ? null : readDate(row.oldest),
  };
}

/** The newest `sent_at` in the outbox: a scan of the outbox (kept 12 months), cheap at a shop's volume. */
export async function readLastMailSentAt(db: Kysely<StorageDatabase>): Promise<Date | null> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max<string | Date | null>('sent_at').as('last'))
    .executeTakeFirstOrThrow();
  return row.last === null ? null : readDate(row.last);
}

/** One daily job's row in `scheduled_jobs`, by its primary key. */
export async function readScheduledJobStatus(
  db: Kysely<StorageDatabase>,
  name: string,
): Promise<ScheduledJobStatus | undefined> {
  const row = await db
    .selectFrom('scheduled_jobs')
    .select(['last_success_at', 'last_started_at', 'last_error'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    lastSuccessAt: row.last_success_at === null ? null : readDate(row.last_success_at),
    lastStartedAt: row.last_started_at === null ? null : readDate(row.last_started_at),
    lastError: row.last_error,
  };
}

/** Everything status shows, read in a few aggregate queries. */
export async function readStorageStatus(db: Kysely<StorageDatabase>): Promise<StorageStatus> {
  const { rows: migrations } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  const kinds = await db
    .selectFrom('submissions')
    .select((eb) => ['kind', eb.fn.countAll<Count>().as('count')])
    .groupBy('kind')
    .execute();
  const files = await db
    .selectFrom('files')
    .select((eb) => [eb.fn.countAll<Count>().as('count'), eb.fn.sum<Count | null>('size').as('bytes')])
    .executeTakeFirstOrThrow();
  const { sent } = await db
    .selectFrom('outbox')
    .where('sent_at', 'is not', null)
    .select((eb) => eb.fn.countAll<Count>().as('sent'))
    .executeTakeFirstOrThrow();
  const submissions: Record<SubmissionKind, number> = { quote: 0, contact: 0 };
  for (const row of kinds) submissions[row.kind] = Number(row.count);
  return {
    schemaVersion: migrations[0]?.name ?? null,
    submissions,
    files: { count: Number(files.count), bytes: Number(files.bytes ?? 0) },
    outbox: { ...(await readOutboxDepth(db)), sent: Number(sent) },
  };
}
