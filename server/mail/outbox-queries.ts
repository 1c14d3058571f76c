import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '#server/storage/database.ts';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import { checkDelay, checkLimit, clip } from '#server/storage/storage-checks.ts';
import { readLastMailSentAt, readOutboxDepth } from '#server/storage/storage-status.ts';
import type {
  ClaimedNotification,
  NotificationRecipient,
  NotificationState,
  OperatorOutboxStore,
  OutboxMessage,
  OutboxStore,
} from './outbox-store.ts';

// The outbox: mail queued by its facts, and the workers' claims on it. A claim is a lease on the row (its
// next attempt), so any number of workers in any number of processes share the rows without sending one
// twice. One function per operation, each taking the open database first; createOutboxStore at the end
// maps the contract onto them.

/** Only the claim's holder may change it: a worker whose lease was taken over changes nothing. */
function held(db: Kysely<StorageDatabase>, claim: Pick<ClaimedNotification, 'id' | 'claim'>) {
  return db
    .updateTable('outbox')
    .where('outbox.id', '=', claim.id)
    .where('outbox.claim', '=', claim.claim)
    .where('outbox.sent_at', 'is', null)
    .where('outbox.failed_at', 'is', null);
}

async function dueNotifications({ db }: Database, at: Date, limit: number) {
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
}

async function notificationsOf({ db }: Database, reference: string) {
  const rows = await selectNotifications(db)
    .where('submissions.reference', '=', reference)
    .orderBy('outbox.id')
    .execute();
  return rows.map(toNotification);
}

async function queueMail(
  { db, clock }: Database,
  mail: QueuedFacts,
  { recipient, reference }: Parameters<OutboxStore['queueMail']>[1],
) {
  await db.transaction().execute(async (trx) => {
    const submission =
      reference === undefined
        ? undefined
        : await trx.selectFrom('submissions').where('reference', '=', reference).select('id').executeTakeFirst();
    if (reference !== undefined && !submission) throw new Error(`no submission ${reference} to queue mail for`);
    await insertQueuedMail(trx, clock, { mail, recipient, submissionId: submission?.id ?? null });
  });
}

async function claimNotification({ db, dialect, clock }: Database, leaseMs: number) {
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
    .returning(['id', 'submission_id', 'recipient', 'attempts', 'next_attempt_at', 'last_error', 'facts', 'created_at'])
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
}

async function markNotificationSent({ db, clock }: Database, claim: Pick<ClaimedNotification, 'id' | 'claim'>) {
  const result = await held(db, claim)
    .set((eb) => ({ sent_at: clock.now(), attempts: eb('attempts', '+', 1), claim: null }))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

async function markNotificationFailed(
  { db, clock }: Database,
  claim: Pick<ClaimedNotification, 'id' | 'claim'>,
  error: string,
  outcome: Parameters<OutboxStore['markNotificationFailed']>[2],
) {
  if ('retryInMs' in outcome) checkDelay(outcome.retryInMs);
  const result = await held(db, claim)
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
}

async function dropNotification({ db }: Database, claim: Pick<ClaimedNotification, 'id' | 'claim'>) {
  const result = await db
    .deleteFrom('outbox')
    .where('id', '=', claim.id)
    .where('claim', '=', claim.claim)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

async function releaseNotification({ db, clock }: Database, claim: Pick<ClaimedNotification, 'id' | 'claim'>) {
  await held(db, claim).set({ claim: null, next_attempt_at: clock.now() }).execute();
}

async function failedNotifications({ db }: Database) {
  const rows = await selectNotifications(db)
    .where('outbox.failed_at', 'is not', null)
    .orderBy('outbox.failed_at')
    .orderBy('outbox.id')
    .execute();
  return rows.map(toNotification);
}

async function resendNotifications({ db, clock }: Database, reference: string, recipient?: NotificationRecipient) {
  const result = await db
    .updateTable('outbox')
    .set({ failed_at: null, claim: null, next_attempt_at: clock.now() })
    .where('outbox.failed_at', 'is not', null)
    .where('outbox.submission_id', 'in', (eb) =>
      eb.selectFrom('submissions').select('submissions.id').where('submissions.reference', '=', reference),
    )
    .$if(recipient !== undefined, (query) => query.where('outbox.recipient', '=', recipient as NotificationRecipient))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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

/** The mails waiting to be sent, and the operators' reads of them, on the open database. */
export function createOutboxStore(database: Database): OutboxStore & OperatorOutboxStore {
  return {
    dueNotifications: (at, limit) => dueNotifications(database, at, limit),
    notificationsOf: (reference) => notificationsOf(database, reference),
    queueMail: (mail, to) => queueMail(database, mail, to),
    claimNotification: (leaseMs) => claimNotification(database, leaseMs),
    markNotificationSent: (claim) => markNotificationSent(database, claim),
    markNotificationFailed: (claim, error, outcome) => markNotificationFailed(database, claim, error, outcome),
    dropNotification: (claim) => dropNotification(database, claim),
    releaseNotification: (claim) => releaseNotification(database, claim),
    failedNotifications: () => failedNotifications(database),
    resendNotifications: (reference, recipient) => resendNotifications(database, reference, recipient),
    outboxDepth: () => readOutboxDepth(database.db),
    lastMailSentAt: () => readLastMailSentAt(database.db),
  };
}
