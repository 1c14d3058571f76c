import type { Kysely } from 'kysely';
import { type ExpressionBuilder, sql } from 'kysely';
import type { BooksKeepStep } from '#server/books/books-store.ts';
import type { ExemptionForgetStep } from '#server/exemptions/exemption-store.ts';
import { newLinkSecret } from '#server/http/link-secrets.ts';
import type { NotificationRecipient } from '#server/mail/outbox-store.ts';
import type { MockupSaveStep } from '#server/mockups/mockup-store.ts';
import { companyKey } from '#server/storage/company-key.ts';
import type { Database } from '#server/storage/database.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { type Count, readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import { checkLimit } from '#server/storage/storage-checks.ts';
import { requestSearchText } from '#shared/search-text.ts';
import { createPurgeStorage } from './purge-queries.ts';
import type {
  NewSubmission,
  SavedSubmission,
  StoredFile,
  Submission,
  SubmissionKind,
  SubmissionStore,
  SubmissionSummary,
} from './submission-store.ts';

const referencePrefixes: Record<SubmissionKind, string> = { quote: 'Q', contact: 'C' };
const recipients: NotificationRecipient[] = ['shop', 'customer'];

/**
 * Customer confirmations queued per address (compared case-insensitively) in any 24 hours. Anyone may
 * type someone else's address into a form: past this, the submission is still stored and the shop
 * still gets its copy, but the address gets no more mail from us that day.
 */
export const CUSTOMER_CONFIRMATIONS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

// Saving and reading submissions: the form's post with its files and its outbox rows in one transaction,
// under a reference numbered without gaps; the database's `now` dates it (the tests' clock). One function
// per operation, each taking the open database first; createSubmissionStore at the end maps the contract
// onto them.

/** The submission saved under this one-time key, answered as the first post was, its confirmation included. */
async function findByKey(db: Kysely<StorageDatabase>, key: string): Promise<SavedSubmission | undefined> {
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
  { db, clock, now }: Database,
  mockups: MockupSaveStep,
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
        company_key: companyKey(submission.payload.company),
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
    await mockups.insert(trx, id, submission.mockups ?? [], createdAt);
    const confirmationSkipped = await confirmationsUsedUp(trx, submission.email, createdAt);
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

/** True when `email` has had CUSTOMER_CONFIRMATIONS_PER_DAY confirmations queued in the day before `at`. */
async function confirmationsUsedUp(trx: Kysely<StorageDatabase>, email: string, at: Date): Promise<boolean> {
  // Counted in the transaction; two saves for one address at the same instant may both pass (one over).
  const since = new Date(at.getTime() - DAY_MS).toISOString();
  const { count } = await trx
    .selectFrom('outbox')
    .innerJoin('submissions', 'submissions.id', 'outbox.submission_id')
    .where('outbox.recipient', '=', 'customer')
    // Confirmations only (a submission's own rows keep no facts): the shop's quotes, proofs and
    // messages to the same address are not confirmations and never use up the cap.
    .where('outbox.facts', 'is', null)
    .where(sql<string>`lower(submissions.email)`, '=', email.toLowerCase())
    .where('submissions.created_at', '>=', since)
    .select((eb) => eb.fn.countAll<Count>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count) >= CUSTOMER_CONFIRMATIONS_PER_DAY;
}

async function saveSubmission(
  database: Database,
  mockups: MockupSaveStep,
  submission: NewSubmission,
): Promise<SavedSubmission> {
  const key = submission.idempotencyKey;
  if (key !== undefined) {
    const earlier = await findByKey(database.db, key);
    if (earlier) return earlier;
  }
  try {
    return { ...(await insert(database, mockups, submission)), repeated: false };
  } catch (error) {
    // The same key saved meanwhile by another request (or instance): the unique index refused this
    // one, the transaction rolled back (its reference number with it), and the first one answers.
    const earlier = key === undefined ? undefined : await findByKey(database.db, key);
    if (earlier) return earlier;
    throw error;
  }
}

async function getSubmission(db: Kysely<StorageDatabase>, reference: string): Promise<Submission | undefined> {
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
}

async function listSubmissions(
  db: Kysely<StorageDatabase>,
  { limit, kind }: { limit?: number; kind?: SubmissionKind } = {},
): Promise<SubmissionSummary[]> {
  if (limit !== undefined) checkLimit(limit);
  const rows = await selectSummaries(db)
    .$if(kind !== undefined, (query) => query.where('submissions.kind', '=', kind as SubmissionKind))
    .$if(limit !== undefined, (query) => query.limit(limit as number))
    .orderBy('submissions.created_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .execute();
  return rows.map(toSummary);
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

/** Saved requests and messages, their files, and the privacy purge, on the open database. */
/** Saved requests and messages; a request's mockups are written in its save's transaction by their step. */
export function createSubmissionStore(
  database: Database,
  steps: { mockups: MockupSaveStep; books: BooksKeepStep; exemptions: ExemptionForgetStep },
): SubmissionStore {
  return {
    saveSubmission: (submission) => saveSubmission(database, steps.mockups, submission),
    findByIdempotencyKey: (key) => findByKey(database.db, key),
    getSubmission: (reference) => getSubmission(database.db, reference),
    listSubmissions: (options) => listSubmissions(database.db, options),
    ...createPurgeStorage(database.db, database.dialect, steps),
  };
}
