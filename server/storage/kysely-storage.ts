import type { ExpressionBuilder, Kysely } from 'kysely';
import { type Count, readDate, readJson, type StorageDatabase } from './schema.ts';
import type {
  NewSubmission,
  NotificationRecipient,
  OutboxMessage,
  Storage,
  StoredFile,
  Submission,
  SubmissionKind,
  SubmissionSummary,
} from './types.ts';

/** One notification with its history, sent or not. */
export interface NotificationState extends OutboxMessage {
  sentAt: Date | null;
}

/**
 * The contract plus what only the operators' CLI needs (each notification's state for `show`). The
 * server's callers take a `Storage` and never see the rest.
 */
export interface OperatorStorage extends Storage {
  /** The notifications of one submission, shop first; empty for an unknown reference. */
  notificationsOf(reference: string): Promise<NotificationState[]>;
}

const referencePrefixes: Record<SubmissionKind, string> = { quote: 'Q', contact: 'C' };
const recipients: NotificationRecipient[] = ['shop', 'customer'];
/** SMTP errors can carry a whole transcript; the operator needs the gist. */
const maxErrorLength = 1_000;
/** Submissions deleted per transaction by a purge: a moment of work even with full 25 MB uploads. */
const PURGE_BATCH = 10;

/**
 * The Storage contract in Kysely's query builder, one code path for both databases: dates are written as
 * ISO strings and read with `readDate`, JSON written as text and read with `readJson`, counts read with
 * `Number`, so what differs between SQLite and PostgreSQL stays in the column types of each migration list.
 */
export function createKyselyStorage(db: Kysely<StorageDatabase>, now: () => Date): OperatorStorage {
  return {
    async saveSubmission(submission: NewSubmission) {
      const payload = JSON.stringify(submission.payload);
      // Resolves after COMMIT; any throw inside rolls back everything, the counter included.
      return db.transaction().execute(async (trx) => {
        // Read inside the transaction, so dates rise with the reference numbers.
        const createdAt = now();
        const reference = await allocateReference(trx, submission.kind, createdAt.getUTCFullYear());
        const { id } = await trx
          .insertInto('submissions')
          .values({
            reference,
            kind: submission.kind,
            name: submission.name,
            email: submission.email,
            payload,
            created_at: createdAt.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (submission.files.length > 0) {
          await trx
            .insertInto('files')
            .values(
              submission.files.map((file, position) => ({
                submission_id: id,
                position,
                name: file.name,
                media_type: file.mediaType,
                size: file.size,
                data: file.data,
              })),
            )
            .execute();
        }
        await trx
          .insertInto('outbox')
          .values(
            recipients.map((recipient) => ({
              submission_id: id,
              recipient,
              next_attempt_at: createdAt.toISOString(),
            })),
          )
          .execute();
        return { reference };
      });
    },

    async getSubmission(reference) {
      const row = await selectSummaries(db)
        .select(['submissions.id', 'submissions.payload'])
        .where('submissions.reference', '=', reference)
        .executeTakeFirst();
      if (!row) return undefined;
      const files = await db
        .selectFrom('files')
        .where('submission_id', '=', row.id)
        .orderBy('position')
        .select(['name', 'media_type', 'size', 'data'])
        .execute();
      return {
        ...toSummary(row),
        payload: readJson(row.payload),
        files: files.map(
          (file): StoredFile => ({ name: file.name, mediaType: file.media_type, size: file.size, data: file.data }),
        ),
      } satisfies Submission;
    },

    async listSubmissions({ limit, kind } = {}) {
      if (limit !== undefined) checkLimit(limit);
      const rows = await selectSummaries(db)
        .$if(kind !== undefined, (query) => query.where('submissions.kind', '=', kind as SubmissionKind))
        .$if(limit !== undefined, (query) => query.limit(limit as number))
        .orderBy('submissions.created_at', 'desc')
        .orderBy('submissions.id', 'desc')
        .execute();
      return rows.map(toSummary);
    },

    async dueNotifications(at, limit) {
      checkLimit(limit);
      const rows = await selectNotifications(db)
        .where('outbox.sent_at', 'is', null)
        .where('outbox.next_attempt_at', '<=', at.toISOString())
        .orderBy('outbox.next_attempt_at')
        .orderBy('outbox.id')
        .limit(limit)
        .execute();
      return rows.map((row): OutboxMessage => {
        const { sentAt: _sentAt, ...message } = toNotification(row);
        return message;
      });
    },

    async notificationsOf(reference) {
      const rows = await selectNotifications(db)
        .where('submissions.reference', '=', reference)
        .orderBy('outbox.id')
        .execute();
      return rows.map(toNotification);
    },

    async markNotificationSent(id, sentAt) {
      const result = await db
        .updateTable('outbox')
        .set((eb) => ({ sent_at: sentAt.toISOString(), attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new Error(`No notification with id ${id}`);
    },

    async markNotificationFailed(id, error, nextAttemptAt) {
      const result = await db
        .updateTable('outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: error.length > maxErrorLength ? `${error.slice(0, maxErrorLength - 1)}…` : error,
          next_attempt_at: nextAttemptAt.toISOString(),
        }))
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new Error(`No notification with id ${id}`);
    },

    async deleteSubmissionsBefore(cutoff, { dryRun = false } = {}) {
      if (Number.isNaN(cutoff.getTime())) throw new RangeError('cutoff is not a valid date');
      const before = cutoff.toISOString();
      let deleted = 0;
      if (dryRun) {
        deleted = await countSubmissions(db, before, false);
      } else {
        // A batch at a time, each DELETE its own transaction: the server's saves wait for one batch at
        // most, never for a whole year's files being zeroed (secure_delete), which could outlast their
        // busy timeout. Each submission goes whole, with its files and outbox rows (ON DELETE CASCADE).
        for (;;) {
          const batch = await db
            .deleteFrom('submissions')
            .where('submissions.id', 'in', (eb) =>
              eb
                .selectFrom('submissions')
                .select('submissions.id')
                .where('submissions.created_at', '<', before)
                .where((inner) => inner.not(hasUnsentNotification(inner)))
                .limit(PURGE_BATCH),
            )
            .executeTakeFirst();
          const count = Number(batch.numDeletedRows);
          deleted += count;
          if (count < PURGE_BATCH) break;
        }
      }
      return { deleted, keptUnsent: await countSubmissions(db, before, true) };
    },

    async close() {
      await db.destroy();
    },
  };
}

function hasUnsentNotification(eb: ExpressionBuilder<StorageDatabase, 'submissions'>) {
  return eb.exists(
    eb
      .selectFrom('outbox')
      .whereRef('outbox.submission_id', '=', 'submissions.id')
      .where('outbox.sent_at', 'is', null)
      .select('outbox.id'),
  );
}

async function countSubmissions(db: Kysely<StorageDatabase>, before: string, withUnsent: boolean) {
  const { count } = await db
    .selectFrom('submissions')
    .where('submissions.created_at', '<', before)
    .where((eb) => (withUnsent ? hasUnsentNotification(eb) : eb.not(hasUnsentNotification(eb))))
    .select((eb) => eb.fn.countAll<Count>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The next number for this kind and year, taken by bumping the counter in the caller's transaction:
 * a rollback gives the number back, so references have neither gaps nor duplicates.
 */
async function allocateReference(trx: Kysely<StorageDatabase>, kind: SubmissionKind, year: number) {
  const { last_number } = await trx
    .insertInto('reference_counters')
    .values({ kind, year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['kind', 'year'])
        .doUpdateSet((eb) => ({ last_number: eb('reference_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return `${referencePrefixes[kind]}-${year}-${String(last_number).padStart(6, '0')}`;
}

function countOf(eb: ExpressionBuilder<StorageDatabase, 'submissions'>, table: 'files' | 'outbox') {
  return eb
    .selectFrom(table)
    .whereRef(`${table}.submission_id`, '=', 'submissions.id')
    .$if(table === 'outbox', (query) => query.where('outbox.sent_at', 'is', null))
    .select((sub) => sub.fn.countAll<Count>().as('count'));
}

function selectSummaries(db: Kysely<StorageDatabase>) {
  return db
    .selectFrom('submissions')
    .select((eb) => [
      'submissions.reference',
      'submissions.kind',
      'submissions.name',
      'submissions.email',
      'submissions.created_at',
      countOf(eb, 'files').as('file_count'),
      countOf(eb, 'outbox').as('pending_notifications'),
    ]);
}

function toSummary(row: {
  reference: string;
  kind: SubmissionKind;
  name: string;
  email: string;
  created_at: string | Date;
  file_count: Count | null;
  pending_notifications: Count | null;
}): SubmissionSummary {
  return {
    reference: row.reference,
    kind: row.kind,
    name: row.name,
    email: row.email,
    createdAt: readDate(row.created_at),
    fileCount: Number(row.file_count ?? 0),
    pendingNotifications: Number(row.pending_notifications ?? 0),
  };
}

function selectNotifications(db: Kysely<StorageDatabase>) {
  return db
    .selectFrom('outbox')
    .innerJoin('submissions', 'submissions.id', 'outbox.submission_id')
    .select([
      'outbox.id',
      'submissions.reference',
      'outbox.recipient',
      'outbox.attempts',
      'outbox.next_attempt_at',
      'outbox.last_error',
      'outbox.sent_at',
    ]);
}

function toNotification(row: {
  id: number;
  reference: string;
  recipient: NotificationRecipient;
  attempts: number;
  next_attempt_at: string | Date;
  last_error: string | null;
  sent_at: string | Date | null;
}): NotificationState {
  return {
    id: row.id,
    reference: row.reference,
    recipient: row.recipient,
    attempts: row.attempts,
    nextAttemptAt: readDate(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : readDate(row.sent_at),
  };
}

// SQLite reads a negative LIMIT as "no limit": a caller's bug would fetch the whole table.
function checkLimit(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number ≥ 0, not ${limit}`);
}
