import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type ExpressionBuilder, Kysely, SqliteAdapter, SqliteDialect } from 'kysely';
import { migrateToLatest, type StorageDatabase } from './migrations.ts';
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
import { ensureWritableDirectory } from './writable-directory.ts';

export const databaseFileName = 'submissions.sqlite';

export function databasePath(databaseDir: string): string {
  return join(databaseDir, databaseFileName);
}

/** One notification with its history, sent or not. */
export interface NotificationState extends OutboxMessage {
  sentAt: Date | null;
}

/**
 * The contract plus what only the operators' CLI needs (each notification's state for `show`). The
 * server's callers take a `Storage` and never see it; a PostgreSQL implementation would owe it to the CLI.
 */
export interface SqliteStorage extends Storage {
  /** The notifications of one submission, shop first; empty for an unknown reference. */
  notificationsOf(reference: string): Promise<NotificationState[]>;
}

export interface SqliteStorageOptions {
  databaseDir: string;
  /** The clock that dates submissions and so picks the year of their reference; tests set it. */
  now?: () => Date;
}

const referencePrefixes: Record<SubmissionKind, string> = { quote: 'Q', contact: 'C' };
const recipients: NotificationRecipient[] = ['shop', 'customer'];
/** SMTP errors can carry a whole transcript; the operator needs the gist. */
const maxErrorLength = 1_000;
const busyTimeoutMs = 5_000;
/** Submissions deleted per transaction by a purge: a moment of work even with full 25 MB uploads. */
const PURGE_BATCH = 10;

/**
 * SQLite does roll back CREATE TABLE, but Kysely's adapter does not claim it, so its migrator would
 * run each statement on its own. Claiming it makes pending migrations one transaction: a failure or
 * a crash half-way leaves the schema as it was, not half made and unmigratable.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

function configure(database: Database.Database, path: string) {
  // The operators' CLI reads from another process without blocking the server's writes, and the reverse.
  const mode = database.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') {
    throw new Error(`${path}: write-ahead logging is not available here (journal mode stays "${String(mode)}")`);
  }
  // A 201 promises the submission is kept. In WAL mode NORMAL already survives a killed process, but
  // a commit can still be lost to a power cut or a kernel crash; FULL syncs the log on every commit.
  database.pragma('synchronous = FULL');
  // Off by default in SQLite, and set per connection: without it a file could outlive its submission.
  database.pragma('foreign_keys = ON');
  // The privacy policy promises deletion: without this, a purged submission's files stay readable in
  // the database's free pages until SQLite happens to reuse them. It costs extra writes only where
  // content is removed: purges, not the server's saves.
  database.pragma('secure_delete = ON');
  // The CLI, in another process, may hold the lock for a moment (first open, checkpoints, purges).
  database.pragma(`busy_timeout = ${busyTimeoutMs}`);
}

/**
 * Opens (creating if needed) `<databaseDir>/submissions.sqlite` and brings its schema up to date; rejects,
 * leaving nothing open, if the directory, the database or a migration fails.
 */
export async function openSqliteStorage({
  databaseDir,
  now = () => new Date(),
}: SqliteStorageOptions): Promise<SqliteStorage> {
  const path = databasePath(databaseDir);
  // A folder the server may not write stops start-up with its path and owner, not SQLite's "unable to open".
  await ensureWritableDirectory(databaseDir, [path, `${path}-wal`, `${path}-shm`]);
  const database = new Database(path);
  let db: Kysely<StorageDatabase>;
  try {
    configure(database, path);
    // Kysely's SQLite adapter declares one connection, and Kysely then lends it to one caller at a
    // time: a transaction holds it from BEGIN to COMMIT, so concurrent saves (and reads) wait their
    // turn instead of running their statements inside another save's transaction.
    db = new Kysely<StorageDatabase>({ dialect: new TransactionalDdlSqliteDialect({ database }) });
    await migrateToLatest(db);
  } catch (error) {
    database.close();
    throw error;
  }
  return createStorage(db, now);
}

function createStorage(db: Kysely<StorageDatabase>, now: () => Date): SqliteStorage {
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
        payload: JSON.parse(row.payload) as Record<string, unknown>,
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
    .select((eb) => eb.fn.countAll<number>().as('count'))
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
    .select((sub) => sub.fn.countAll<number>().as('count'));
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
  created_at: string;
  file_count: number | null;
  pending_notifications: number | null;
}): SubmissionSummary {
  return {
    reference: row.reference,
    kind: row.kind,
    name: row.name,
    email: row.email,
    createdAt: new Date(row.created_at),
    fileCount: row.file_count ?? 0,
    pendingNotifications: row.pending_notifications ?? 0,
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
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
}): NotificationState {
  return {
    id: row.id,
    reference: row.reference,
    recipient: row.recipient,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
  };
}

// SQLite reads a negative LIMIT as "no limit": a caller's bug would fetch the whole table.
function checkLimit(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number ≥ 0, not ${limit}`);
}
