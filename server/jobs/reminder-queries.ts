import type { Kysely } from 'kysely';
import type { ProductionBookingStep } from '#server/production/production-store.ts';
import type { Database } from '#server/storage/database.ts';
import type { DatabaseClock, SqlDialect } from '#server/storage/database-clock.ts';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import { writePromisedDate } from '#server/storage/promised-date.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import type { StorageDatabase } from '#server/storage/schema.ts';
import type { Booking } from '#shared/requests/promised-date.ts';
import type { ReminderCandidate, ReminderStore } from './job-store.ts';

/** Where the deposit is asked: the quote approved, production not started (shared/payments/order-money.ts). */
const depositStatuses = ['approved', 'proof_sent', 'proof_approved'] as const;

/**
 * The reminder job's reads and its one write (server/jobs/reminder-job.ts): the requests that may owe
 * a reminder, read off the status index, and a mail queued once per request and key, however many
 * instances queue it (a unique index on the outbox, migration 0024).
 */
function createReminderStorage(
  db: Kysely<StorageDatabase>,
  dialect: SqlDialect,
  clock: DatabaseClock,
  production: ProductionBookingStep,
): ReminderStore {
  /** The once keys already queued for these requests: a request reminded is not read again. */
  async function keysOf(ids: number[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('outbox')
      .where('submission_id', 'in', ids)
      .where('once_key', 'is not', null)
      .select(['submission_id', 'once_key'])
      .execute();
    return new Set(rows.map((row) => `${row.submission_id}:${row.once_key}`));
  }

  return {
    async reminderCandidates({ today, lastValidDay, quoteSentBeforeMs, depositAfterMs, balanceAfterMs, lookBackMs }) {
      const [quoted, deposits, balances] = await Promise.all([
        // The newest quote of a quoted request, valid until a day from today to lastValidDay, sent a while ago.
        db
          .selectFrom('submissions')
          .innerJoin('quotes', 'quotes.submission_id', 'submissions.id')
          .where('submissions.kind', '=', 'quote')
          .where('submissions.status', '=', 'quoted')
          .where('quotes.valid_until', '>=', today)
          .where('quotes.valid_until', '<=', lastValidDay)
          .where('quotes.created_at', '<=', clock.after(-quoteSentBeforeMs))
          .where(({ eb, selectFrom }) =>
            eb(
              'quotes.version',
              '=',
              selectFrom('quotes as newest')
                .whereRef('newest.submission_id', '=', 'submissions.id')
                .select((inner) => inner.fn.max('newest.version').as('version')),
            ),
          )
          .select(['submissions.id', 'submissions.reference', 'quotes.version', 'quotes.valid_until'])
          .execute(),
        // An approved quote whose newest approval is some days old (within the look-back), before production.
        db
          .selectFrom('submissions')
          .innerJoin('approvals', 'approvals.submission_id', 'submissions.id')
          .where('submissions.kind', '=', 'quote')
          .where('submissions.status', 'in', depositStatuses)
          .where('approvals.subject', '=', 'quote')
          .where('approvals.decision', '=', 'approved')
          .groupBy(['submissions.id', 'submissions.reference'])
          .having((eb) => eb.fn.max('approvals.at'), '<=', clock.after(-depositAfterMs))
          .having((eb) => eb.fn.max('approvals.at'), '>=', clock.after(-lookBackMs))
          .select(['submissions.id', 'submissions.reference'])
          .execute(),
        // Ready for some days (within the look-back).
        db
          .selectFrom('submissions')
          .where('kind', '=', 'quote')
          .where('status', '=', 'ready')
          .where('status_changed_at', '<=', clock.after(-balanceAfterMs))
          .where('status_changed_at', '>=', clock.after(-lookBackMs))
          .select(['id', 'reference'])
          .execute(),
      ]);
      const keys = await keysOf([...quoted, ...deposits, ...balances].map((row) => row.id));
      const fresh = (id: number, key: string) => !keys.has(`${id}:${key}`);
      return [
        ...quoted
          .filter((row) => fresh(row.id, `quote-expiring:v${row.version}`))
          .map(
            (row): ReminderCandidate => ({
              reference: row.reference,
              about: 'quote-expiring',
              version: row.version,
              validUntil: row.valid_until,
            }),
          ),
        ...deposits
          .filter((row) => fresh(row.id, 'deposit'))
          .map((row): ReminderCandidate => ({ reference: row.reference, about: 'deposit' })),
        ...balances
          .filter((row) => fresh(row.id, 'balance'))
          .map((row): ReminderCandidate => ({ reference: row.reference, about: 'balance' })),
      ];
    },

    async queueMailOnce(reference, mail: QueuedFacts, onceKey) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('submissions')
          .where('reference', '=', reference)
          .select(['id', 'status'])
          .executeTakeFirst();
        if (!row) return false;
        const queued = await insertQueuedMail(trx, clock, {
          mail,
          recipient: 'customer',
          submissionId: row.id,
          onceKey,
        });
        if (!queued) return false;
        await appendEvent(trx, clock, row.id, {
          actor: 'system',
          type: 'reminder',
          data: { ...mail },
        });
        return true;
      });
    },

    async moveMissedDate(reference, { version, missed, promised, mail, onceKey, book }) {
      return db.transaction().execute(async (trx) => {
        // The request's row first, then the production lock: the order an approval takes them in, so the
        // job and a customer approving at that moment wait for each other rather than deadlock.
        const row = await trx
          .selectFrom('submissions')
          .where('reference', '=', reference)
          .where('status', '=', 'proof_sent')
          .select((eb) => [
            'id',
            'press_date',
            eb
              .selectFrom('proofs')
              .whereRef('proofs.submission_id', '=', 'submissions.id')
              .select((inner) => inner.fn.max('proofs.version').as('newest'))
              .as('newest'),
          ])
          .$if(dialect === 'postgres', (query) => query.forUpdate())
          .executeTakeFirst();
        // Answered or replaced since the job read it: the new version has its own deadline.
        if (!row || Number(row.newest) !== version) return false;
        // Booked again as an approval now would be, on the load read under the lock (one booking at a
        // time): the date told to the customer is the one the board then shows.
        let booking: Booking | undefined;
        if (book) {
          await production.lock(trx);
          booking = book(await production.bookedWork(trx, row.id));
        }
        const moved = booking?.promised ?? promised;
        const facts = mail(moved);
        const queued = await insertQueuedMail(trx, clock, {
          mail: facts,
          recipient: 'customer',
          submissionId: row.id,
          onceKey,
        });
        // Moved already (here or by another instance): nothing written, the booking included.
        if (!queued) return false;
        if (booking) {
          await production.book(trx, row.id, booking);
          // In the request's history as the desk's own moves of a press day are, by the system.
          if (booking.pressDate !== row.press_date)
            await appendEvent(trx, clock, row.id, {
              actor: 'system',
              type: 'press_day',
              data: { date: booking.pressDate, ...(row.press_date ? { was: row.press_date } : {}) },
            });
        }
        await writePromisedDate(trx, clock, row.id, moved, 'system');
        // The inbox lists it unread again, with the flag, so the desk sees the date moved.
        await trx
          .updateTable('submissions')
          .set({ date_missed: missed, read_at: null })
          .where('id', '=', row.id)
          .execute();
        await appendEvent(trx, clock, row.id, { actor: 'system', type: 'reminder', data: { ...facts } });
        return true;
      });
    },
  };
}

/**
 * The requests waiting on a customer, and their reminders, on the open database; `production` is the
 * press's booking step a missed deadline books the order again with (handed over by the composition).
 */
export function createReminderStore(
  database: Database,
  { production }: { production: ProductionBookingStep },
): ReminderStore {
  return createReminderStorage(database.db, database.dialect, database.clock, production);
}
