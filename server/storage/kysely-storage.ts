import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { newLinkSecret } from '#server/http/link-secrets.ts';
import { requestSearchText } from '#shared/search-text.ts';
import { createCustomerStorage } from './customer-storage.ts';
import { databaseClock, type SqlDialect } from './database-clock.ts';
import { createDeskStorage } from './desk-storage.ts';
import { insertQueuedMail } from './queued-mail.ts';
import { appendEvent } from './request-events.ts';
import { type Count, readDate, readJson, type StorageDatabase } from './schema.ts';
import {
  readLastMailSentAt,
  readOutboxDepth,
  readScheduledJobStatus,
  readStorageStatus,
  type StorageStatus,
} from './storage-status.ts';
import type {
  ClaimedNotification,
  CustomerStorage,
  DeskStorage,
  NewSubmission,
  NotificationRecipient,
  NotificationState,
  OutboxMessage,
  PurgeResult,
  SavedSubmission,
  Storage,
  StoredFile,
  Submission,
  SubmissionKind,
  SubmissionSummary,
} from './types.ts';

/**
 * The contract plus what only the operators' CLI needs (each notification's state for `show`). The
 * server's callers take a `Storage` and never see the rest.
 */
export interface OperatorStorage extends Storage {
  /** The notifications of one submission, shop first; empty for an unknown reference. */
  /** Every notification given up on, oldest first. */
  failedNotifications(): Promise<NotificationState[]>;
  /**
   * Makes the failed notifications of one submission (or only its shop's or customer's) due again at
   * once, their attempts kept; resolves with how many.
   */
  resendNotifications(reference: string, recipient?: NotificationRecipient): Promise<number>;
  /** The schema version, counts and outbox depth `npm run db -- status` prints. */
  status(): Promise<StorageStatus>;
}

function checkDelay(ms: number) {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`a delay must be a number of milliseconds ≥ 0, not ${ms}`);
}

function clip(error: string) {
  return error.length > maxErrorLength ? `${error.slice(0, maxErrorLength - 1)}…` : error;
}

const referencePrefixes: Record<SubmissionKind, string> = { quote: 'Q', contact: 'C' };
const recipients: NotificationRecipient[] = ['shop', 'customer'];

/**
 * Customer confirmations queued per address (compared case-insensitively) in any 24 hours. Anyone may
 * type someone else's address into a form: past this, the submission is still stored and the shop
 * still gets its copy, but the address gets no more mail from us that day.
 */
export const CUSTOMER_CONFIRMATIONS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** SMTP errors can carry a whole transcript; the operator needs the gist. */
const maxErrorLength = 1_000;
/** Rate-limit hits counted between two sweeps of the rows whose window has run out. */
const RATE_LIMIT_SWEEP_EVERY = 500;
/** Upload budgets counted between two sweeps of the rows whose window has run out. */
const UPLOAD_BUDGET_SWEEP_EVERY = 100;
/** Submissions deleted per transaction by a purge: a moment of work even with full 25 MB uploads. */
const PURGE_BATCH = 10;

/**
 * The Storage contract in Kysely's query builder, one code path for both databases: dates are written as
 * ISO strings and read with `readDate`, JSON written as text and read with `readJson`, counts read with
 * `Number`, so what differs between SQLite and PostgreSQL stays in the column types of each migration list.
 */
export function createKyselyStorage(
  db: Kysely<StorageDatabase>,
  now: () => Date,
  dialect: SqlDialect,
): OperatorStorage {
  const clock = databaseClock(dialect);
  let hitsSinceSweep = 0;
  let spendsSinceSweep = 0;
  /** Only the claim's holder may change it: a worker whose lease was taken over changes nothing. */
  const held = (claim: Pick<ClaimedNotification, 'id' | 'claim'>) =>
    db
      .updateTable('outbox')
      .where('outbox.id', '=', claim.id)
      .where('outbox.claim', '=', claim.claim)
      .where('outbox.sent_at', 'is', null)
      .where('outbox.failed_at', 'is', null);
  async function findByKey(key: string): Promise<SavedSubmission | undefined> {
    const row = await db
      .selectFrom('submissions')
      .where('idempotency_key', '=', key)
      .select((eb) => [
        'reference',
        'kind',
        // A repeat is answered as the first was, its confirmation included.
        eb
          .exists(
            eb
              .selectFrom('request_events')
              .whereRef('request_events.submission_id', '=', 'submissions.id')
              .where('request_events.type', '=', 'confirmation_skipped')
              .select('request_events.id'),
          )
          .as('skipped'),
      ])
      .executeTakeFirst();
    return (
      row && {
        reference: row.reference,
        kind: row.kind,
        repeated: true,
        ...(row.skipped ? { confirmationSkipped: true } : {}),
      }
    );
  }

  /** Resolves after COMMIT; any throw inside rolls back everything, the counter included. */
  function insert(
    submission: NewSubmission,
  ): Promise<{ reference: string; kind: SubmissionKind; confirmationSkipped: boolean }> {
    const payload = JSON.stringify(submission.payload);
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
          idempotency_key: submission.idempotencyKey ?? null,
          form_values: submission.formValues ? JSON.stringify(submission.formValues) : null,
          activity_at: createdAt.toISOString(),
          search_text: requestSearchText({ ...submission, reference, company: submission.payload.company }),
          // A quote request's page: its link is made from this and the environment's key, never stored.
          link_salt: submission.kind === 'quote' ? newLinkSecret() : null,
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
      // Counted in the transaction; two saves for one address at the same instant may both pass (one over).
      const since = new Date(createdAt.getTime() - DAY_MS).toISOString();
      const { count } = await trx
        .selectFrom('outbox')
        .innerJoin('submissions', 'submissions.id', 'outbox.submission_id')
        .where('outbox.recipient', '=', 'customer')
        // Confirmations only (a submission's own rows keep no facts): the shop's quotes, proofs and
        // messages to the same address are not confirmations and never use up the cap.
        .where('outbox.facts', 'is', null)
        .where(sql<string>`lower(submissions.email)`, '=', submission.email.toLowerCase())
        .where('submissions.created_at', '>=', since)
        .select((eb) => eb.fn.countAll<Count>().as('count'))
        .executeTakeFirstOrThrow();
      const confirmationSkipped = Number(count) >= CUSTOMER_CONFIRMATIONS_PER_DAY;
      await trx
        .insertInto('outbox')
        .values(
          recipients
            .filter((recipient) => recipient === 'shop' || !confirmationSkipped)
            .map((recipient) => ({
              submission_id: id,
              recipient,
              next_attempt_at: createdAt.toISOString(),
            })),
        )
        .execute();
      // The desk says so beside the request: the customer was told on the screen too.
      if (confirmationSkipped) await appendEvent(trx, clock, id, { actor: 'system', type: 'confirmation_skipped' });
      return { reference, kind: submission.kind, confirmationSkipped };
    });
  }

  const storage: Omit<OperatorStorage, keyof DeskStorage | keyof CustomerStorage> = {
    async saveSubmission(submission: NewSubmission): Promise<SavedSubmission> {
      const key = submission.idempotencyKey;
      if (key !== undefined) {
        const earlier = await findByKey(key);
        if (earlier) return earlier;
      }
      try {
        return { ...(await insert(submission)), repeated: false };
      } catch (error) {
        // The same key saved meanwhile by another request (or instance): the unique index refused this
        // one, the transaction rolled back (its reference number with it), and the first one answers.
        const earlier = key === undefined ? undefined : await findByKey(key);
        if (earlier) return earlier;
        throw error;
      }
    },

    findByIdempotencyKey: findByKey,

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
        .where('outbox.failed_at', 'is', null)
        .where('outbox.next_attempt_at', '<=', at.toISOString())
        .orderBy('outbox.next_attempt_at')
        .orderBy('outbox.id')
        .limit(limit)
        .execute();
      return rows.map((row): OutboxMessage => {
        const { sentAt: _sentAt, failedAt: _failedAt, facts: _facts, ...message } = toNotification(row);
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

    async queueMail(mail, { recipient, reference }) {
      await db.transaction().execute(async (trx) => {
        const submission =
          reference === undefined
            ? undefined
            : await trx.selectFrom('submissions').where('reference', '=', reference).select('id').executeTakeFirst();
        if (reference !== undefined && !submission) throw new Error(`no submission ${reference} to queue mail for`);
        await insertQueuedMail(trx, clock, { mail, recipient, submissionId: submission?.id ?? null });
      });
    },

    async claimNotification(leaseMs) {
      checkDelay(leaseMs);
      // Who holds it, for the operators (and the crash test): host and process, then a token never reused.
      const claim = `${hostname()}/${process.pid}/${randomUUID()}`;
      // The lease is the row's next attempt: once it runs out the row is due again, for any worker.
      const row = await db
        .updateTable('outbox')
        .set({ claim, next_attempt_at: clock.after(leaseMs) })
        .where('outbox.id', 'in', (eb) =>
          eb
            .selectFrom('outbox')
            .select('outbox.id')
            .where('outbox.sent_at', 'is', null)
            .where('outbox.failed_at', 'is', null)
            .where('outbox.next_attempt_at', '<=', clock.now())
            .orderBy('outbox.next_attempt_at')
            .orderBy('outbox.id')
            .limit(1)
            // Rows another transaction is claiming right now are passed over, not waited for.
            .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
        )
        .returning([
          'id',
          'submission_id',
          'recipient',
          'attempts',
          'next_attempt_at',
          'last_error',
          'facts',
          'created_at',
        ])
        .executeTakeFirst();
      if (!row) return undefined;
      const submission =
        row.submission_id === null
          ? undefined
          : await db
              .selectFrom('submissions')
              .where('id', '=', row.submission_id)
              .select(['reference', 'created_at'])
              .executeTakeFirstOrThrow();
      // A mail queued later about an older request ages from when it was queued, not from the request.
      const queuedAt = row.created_at ?? submission?.created_at ?? null;
      return {
        id: row.id,
        reference: submission?.reference ?? null,
        recipient: row.recipient,
        attempts: row.attempts,
        nextAttemptAt: readDate(row.next_attempt_at),
        lastError: row.last_error,
        claim,
        submittedAt: queuedAt === null ? new Date() : readDate(queuedAt),
        facts: row.facts === null ? null : readJson(row.facts),
      } satisfies ClaimedNotification;
    },

    async markNotificationSent(claim) {
      const result = await held(claim)
        .set((eb) => ({ sent_at: clock.now(), attempts: eb('attempts', '+', 1), claim: null }))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async markNotificationFailed(claim, error, outcome) {
      if ('retryInMs' in outcome) checkDelay(outcome.retryInMs);
      const result = await held(claim)
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: clip(error),
          claim: null,
          ...('retryInMs' in outcome
            ? { next_attempt_at: clock.after(outcome.retryInMs) }
            : { failed_at: clock.now(), next_attempt_at: clock.now() }),
        }))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async releaseNotification(claim) {
      await held(claim).set({ claim: null, next_attempt_at: clock.now() }).execute();
    },

    async failedNotifications() {
      const rows = await selectNotifications(db)
        .where('outbox.failed_at', 'is not', null)
        .orderBy('outbox.failed_at')
        .orderBy('outbox.id')
        .execute();
      return rows.map(toNotification);
    },

    async resendNotifications(reference, recipient) {
      const result = await db
        .updateTable('outbox')
        .set({ failed_at: null, claim: null, next_attempt_at: clock.now() })
        .where('outbox.failed_at', 'is not', null)
        .where('outbox.submission_id', 'in', (eb) =>
          eb.selectFrom('submissions').select('submissions.id').where('submissions.reference', '=', reference),
        )
        .$if(recipient !== undefined, (query) =>
          query.where('outbox.recipient', '=', recipient as NotificationRecipient),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async deleteSubmissionsBefore(cutoff, { dryRun = false, signal } = {}) {
      if (Number.isNaN(cutoff.getTime())) throw new RangeError('cutoff is not a valid date');
      const before = cutoff.toISOString();
      if (dryRun) {
        const rows = await db
          .selectFrom('submissions')
          .where('submissions.created_at', '<', before)
          .select((eb) => ['submissions.reference', shopMailUnsent(eb).as('unsent')])
          .orderBy('submissions.created_at')
          .orderBy('submissions.id')
          .execute();
        return { deleted: rows.length, neverMailedToShop: rows.filter(isUnsent).map((row) => row.reference) };
      }
      const result: PurgeResult = { deleted: 0, neverMailedToShop: [] };
      // A batch at a time, each its own transaction: the server's saves wait for one batch at most, never
      // for a whole year's files being zeroed (secure_delete), which could outlast their busy timeout.
      // Each submission goes whole, with its files and outbox rows, sent or not (ON DELETE CASCADE): a
      // worker sending one right now finds its claim gone and records nothing.
      while (!signal?.aborted) {
        const batch = await db.transaction().execute(async (trx) => {
          const rows = await trx
            .selectFrom('submissions')
            .where('submissions.created_at', '<', before)
            .select((eb) => ['submissions.id', 'submissions.reference', shopMailUnsent(eb).as('unsent')])
            .orderBy('submissions.created_at')
            .orderBy('submissions.id')
            .limit(PURGE_BATCH)
            .execute();
          if (rows.length === 0) return { selected: 0, deleted: [] };
          // Only what this statement deleted is reported: another purge (the CLI's, another instance's)
          // may have taken some of these rows since they were read.
          const deleted = await trx
            .deleteFrom('submissions')
            .where(
              'submissions.id',
              'in',
              rows.map((row) => row.id),
            )
            .returning('submissions.id')
            .execute();
          const ids = new Set(deleted.map((row) => row.id));
          return { selected: rows.length, deleted: rows.filter((row) => ids.has(row.id)) };
        });
        result.deleted += batch.deleted.length;
        result.neverMailedToShop.push(...batch.deleted.filter(isUnsent).map((row) => row.reference));
        if (batch.selected < PURGE_BATCH) break;
      }
      // Even when nothing was deleted this time: a log a reader kept the last purge from emptying goes now.
      if (dialect === 'sqlite') result.walTruncated = await truncateWal(db);
      return result;
    },

    async claimScheduledJob(name, { intervalMs, leaseMs }) {
      checkDelay(intervalMs);
      checkDelay(leaseMs);
      const claim = `${hostname()}/${process.pid}/${randomUUID()}`;
      // Inserted the first time; afterwards taken over only when both the last success and any lease
      // are old enough. A refused update returns no row, on both databases; on PostgreSQL a second
      // instance's statement waits for the first's row lock and then sees its lease.
      const row = await db
        .insertInto('scheduled_jobs')
        .values({ name, claim, lease_until: clock.after(leaseMs), last_started_at: clock.now() })
        .onConflict((conflict) =>
          conflict
            .column('name')
            .doUpdateSet({ claim, lease_until: clock.after(leaseMs), last_started_at: clock.now() })
            .where((eb) =>
              eb.and([
                eb.or([
                  eb('scheduled_jobs.lease_until', 'is', null),
                  eb('scheduled_jobs.lease_until', '<=', clock.now()),
                ]),
                eb.or([
                  eb('scheduled_jobs.last_success_at', 'is', null),
                  eb('scheduled_jobs.last_success_at', '<=', clock.after(-intervalMs)),
                ]),
              ]),
            ),
        )
        .returning('claim')
        .executeTakeFirst();
      return row?.claim === claim ? { name, claim } : undefined;
    },

    async finishScheduledJob({ name, claim }, outcome) {
      const result = await db
        .updateTable('scheduled_jobs')
        .set(
          'ok' in outcome
            ? { claim: null, lease_until: null, last_success_at: clock.now(), last_error: null }
            : { claim: null, lease_until: null, last_error: clip(outcome.error) },
        )
        .where('name', '=', name)
        .where('claim', '=', claim)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async countHit(key, windowMs) {
      checkDelay(windowMs);
      const lapsed = sql<boolean>`rate_limits.reset_at <= ${clock.now()}`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, hits: 1, reset_at: clock.after(windowMs) })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql<number>`case when ${lapsed} then 1 else rate_limits.hits + 1 end`,
            reset_at: sql<string>`case when ${lapsed} then ${clock.after(windowMs)} else rate_limits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      // Now and then, rows whose window ran out long ago go: the table holds recent visitors only.
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= RATE_LIMIT_SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await db.deleteFrom('rate_limits').where('reset_at', '<', clock.now()).execute();
      }
      return { hits: Number(row.hits), resetAt: readDate(row.reset_at) };
    },

    async uncountHit(key, { all = false } = {}) {
      if (all) {
        await db.deleteFrom('rate_limits').where('key', '=', key).execute();
        return;
      }
      await db
        .updateTable('rate_limits')
        .set({ hits: sql<number>`case when hits > 0 then hits - 1 else 0 end` })
        .where('key', '=', key)
        .execute();
    },

    async spendUploadBytes(key, bytes, { limitBytes, windowMs }) {
      checkDelay(windowMs);
      if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > limitBytes) {
        throw new RangeError(`bytes must be a whole number from 0 to the limit ${limitBytes}, not ${bytes}`);
      }
      const lapsed = sql<boolean>`upload_budgets.reset_at <= ${clock.now()}`;
      // One upsert: the row is only changed (and only returned) when the bytes fit, so two instances
      // counting at once are serialised by the database and cannot both take the last megabytes.
      const row = await db
        .insertInto('upload_budgets')
        .values({ key, bytes, reset_at: clock.after(windowMs) })
        .onConflict((conflict) =>
          conflict
            .column('key')
            .doUpdateSet({
              bytes: sql<number>`case when ${lapsed} then ${bytes} else upload_budgets.bytes + ${bytes} end`,
              reset_at: sql<string>`case when ${lapsed} then ${clock.after(windowMs)} else upload_budgets.reset_at end`,
            })
            .where((eb) => eb.or([lapsed, eb(sql<number>`upload_budgets.bytes + ${bytes}`, '<=', limitBytes)])),
        )
        .returning('key')
        .executeTakeFirst();
      spendsSinceSweep += 1;
      if (spendsSinceSweep >= UPLOAD_BUDGET_SWEEP_EVERY) {
        spendsSinceSweep = 0;
        await db.deleteFrom('upload_budgets').where('reset_at', '<', clock.now()).execute();
      }
      if (row) return { spent: true };
      const current = await db
        .selectFrom('upload_budgets')
        .where('key', '=', key)
        .select('reset_at')
        .executeTakeFirst();
      // Swept in between (the window just ran out): the visitor may try again at once.
      return { spent: false, resetAt: current ? readDate(current.reset_at) : new Date() };
    },

    async refundUploadBytes(key, bytes) {
      await db
        .updateTable('upload_budgets')
        .set({ bytes: sql<number>`case when bytes > ${bytes} then bytes - ${bytes} else 0 end` })
        .where('key', '=', key)
        .execute();
    },

    async ping() {
      await sql`select 1`.execute(db);
    },

    outboxDepth: () => readOutboxDepth(db),
    lastMailSentAt: () => readLastMailSentAt(db),
    scheduledJobStatus: (name) => readScheduledJobStatus(db, name),
    status: () => readStorageStatus(db),

    async close() {
      await db.destroy();
    },
  };
  // The desk reads a request through the same getSubmission as the mails and the CLI.
  return Object.assign(
    storage,
    createDeskStorage(db, dialect, storage.getSubmission),
    createCustomerStorage(db, dialect),
  );
}

/** Whether the submission's copy to the shop was never sent (failed, or still being tried), as 1 or 0. */
function shopMailUnsent(eb: ExpressionBuilder<StorageDatabase, 'submissions'>) {
  return eb
    .case()
    .when(
      eb.exists(
        eb
          .selectFrom('outbox')
          .whereRef('outbox.submission_id', '=', 'submissions.id')
          .where('outbox.recipient', '=', 'shop')
          .where('outbox.sent_at', 'is', null)
          .select('outbox.id'),
      ),
    )
    .then(1)
    .else(0)
    .end();
}

function isUnsent(row: { unsent: number | string }) {
  return Number(row.unsent) === 1;
}

/**
 * Copies every page of the write-ahead log into the database file (secure_delete has zeroed the deleted
 * rows there) and truncates the log to nothing: until then it still holds the pages as they were when
 * the rows were written. Waits for readers up to the busy timeout; false when one still held the log.
 */
async function truncateWal(db: Kysely<StorageDatabase>): Promise<boolean> {
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db);
  return rows[0]?.busy === 0;
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
    .$if(table === 'outbox', (query) => query.where('outbox.sent_at', 'is', null).where('outbox.failed_at', 'is', null))
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
      'outbox.failed_at',
      'outbox.facts',
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
  failed_at: string | Date | null;
  facts: string | Record<string, unknown> | null;
}): NotificationState {
  return {
    id: row.id,
    reference: row.reference,
    recipient: row.recipient,
    attempts: row.attempts,
    nextAttemptAt: readDate(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : readDate(row.sent_at),
    failedAt: row.failed_at === null ? null : readDate(row.failed_at),
    facts: row.facts === null ? null : readJson(row.facts),
  };
}

// SQLite reads a negative LIMIT as "no limit": a caller's bug would fetch the whole table.
function checkLimit(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number ≥ 0, not ${limit}`);
}
