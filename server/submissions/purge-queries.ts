import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { BooksKeepStep } from '#server/books/books-store.ts';
import type { ExemptionForgetStep } from '#server/exemptions/exemption-store.ts';
import type { SqlDialect } from '#server/storage/database-clock.ts';
import type { StorageDatabase } from '#server/storage/schema.ts';
import type { PurgeResult, SubmissionStore } from './submission-store.ts';

/** Submissions deleted per transaction by a purge: a moment of work even with full 25 MB uploads. */
const PURGE_BATCH = 10;

/**
 * The privacy purge: submissions past the retention period go, whole, a batch at a time; their books
 * (invoices as issued, money counted) stay, emptied of names, by the books' step in the same transaction;
 * a customer's tax certificates go with their last request (the exemptions' step).
 */
export function createPurgeStorage(
  db: Kysely<StorageDatabase>,
  dialect: SqlDialect,
  { books, exemptions }: { books: BooksKeepStep; exemptions: ExemptionForgetStep },
): Pick<SubmissionStore, 'deleteSubmissionsBefore'> {
  return {
    async deleteSubmissionsBefore(cutoff, { dryRun = false, signal, ordersBefore } = {}) {
      if (Number.isNaN(cutoff.getTime())) throw new RangeError('cutoff is not a valid date');
      if (ordersBefore && Number.isNaN(ordersBefore.getTime()))
        throw new RangeError('ordersBefore is not a valid date');
      const before = cutoff.toISOString();
      // An order (a quote the customer approved, or money taken or given back) is a record the shop keeps
      // longer (the privacy policy's years, for tax): it goes only when older than `ordersBefore` too.
      const pastRetention = (eb: ExpressionBuilder<StorageDatabase, 'submissions'>) =>
        ordersBefore
          ? eb.and([
              eb('submissions.created_at', '<', before),
              eb.or([eb('submissions.created_at', '<', ordersBefore.toISOString()), eb.not(isOrder(eb))]),
            ])
          : eb('submissions.created_at', '<', before);
      if (dryRun) {
        const rows = await db
          .selectFrom('submissions')
          .where(pastRetention)
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
            .where(pastRetention)
            .select((eb) => ['submissions.id', 'submissions.reference', shopMailUnsent(eb).as('unsent')])
            .orderBy('submissions.created_at')
            .orderBy('submissions.id')
            .limit(PURGE_BATCH)
            .execute();
          if (rows.length === 0) return { selected: 0, deleted: [] };
          // The books first: a payment recorded a moment ago is posted before its request goes.
          await books.keep(
            trx,
            rows.map((row) => row.id),
          );
          // Only what this statement deleted is reported: another purge (the CLI's, another instance's)
          // may have taken some of these rows since they were read.
          const deleted = await trx
            .deleteFrom('submissions')
            .where(
              'submissions.id',
              'in',
              rows.map((row) => row.id),
            )
            .returning(['submissions.id', 'submissions.email'])
            .execute();
          await exemptions.forget(
            trx,
            deleted.map((row) => row.email),
          );
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
  };
}

/** Whether the submission became an order: the customer approved a quote, or a payment or refund is recorded. */
function isOrder(eb: ExpressionBuilder<StorageDatabase, 'submissions'>) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('approvals')
        .whereRef('approvals.submission_id', '=', 'submissions.id')
        .where('approvals.subject', '=', 'quote')
        .where('approvals.decision', '=', 'approved')
        .select('approvals.id'),
    ),
    eb.exists(
      eb.selectFrom('payments').whereRef('payments.submission_id', '=', 'submissions.id').select('payments.id'),
    ),
  ]);
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
