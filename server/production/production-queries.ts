import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '#server/storage/database.ts';
import type { DatabaseClock, SqlDialect } from '#server/storage/database-clock.ts';
import { promisedOf } from '#server/storage/promised-date.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import { capacitySchema } from '#shared/production/capacity-schema.ts';
import type { BookedWork, Capacity } from '#shared/production/production-load.ts';
import type { Booking } from '#shared/requests/promised-date.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { BoardOrder, CapacityChange, ProductionBookingStep, ProductionStore } from './production-store.ts';

/**
 * The production board's storage: the booked work, the board's orders, the capacity's
 * changes and moves of a press day. Booking happens inside the approval's transaction
 * (customer/decision-queries.ts) under lockProduction, so the load it reads is the one it adds to.
 */

/** The states whose orders take capacity: committed (the quote approved) and not yet off the press. */
const onThePress: readonly RequestStatus[] = ['approved', 'proof_sent', 'proof_approved', 'in_production'];
/** The states the board shows: from the quote's approval to ready for pickup. */
const onTheBoard: readonly RequestStatus[] = ['approved', 'proof_sent', 'proof_approved', 'in_production', 'ready'];

/**
 * Serializes bookings: PostgreSQL takes a transaction-scoped advisory lock (every instance waits its
 * turn); SQLite's single writer already runs one transaction at a time through the connection.
 */
async function lockProduction(trx: Transaction<StorageDatabase>, dialect: SqlDialect): Promise<void> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('seenwear.production-board'))`.execute(trx);
}

/** The booked work, read in the caller's transaction (or outside one). */
async function readBookedWork(db: Kysely<StorageDatabase>, exceptId?: number): Promise<BookedWork[]> {
  const rows = await db
    .selectFrom('submissions')
    .where('status', 'in', onThePress)
    .where('press_date', 'is not', null)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId as number))
    .select(['press_date', 'production_service', 'production_pieces'])
    .execute();
  return rows.flatMap((row) =>
    row.press_date && row.production_service && row.production_pieces
      ? [{ service: row.production_service, pieces: row.production_pieces, pressDate: row.press_date }]
      : [],
  );
}

/** Keeps an approval's booking on the request, in the caller's transaction. */
async function writeBooking(trx: Kysely<StorageDatabase>, submissionId: number, booking: Booking) {
  await trx
    .updateTable('submissions')
    .set({
      press_date: booking.pressDate,
      production_service: booking.service,
      production_pieces: booking.pieces,
    })
    .where('id', '=', submissionId)
    .execute();
}

/** The board's orders in press-day order, off migration 0021's index (inbox-plan.test.ts reads its plan). */
export function boardOrdersQuery(db: Kysely<StorageDatabase>) {
  return db
    .selectFrom('submissions')
    .where('kind', '=', 'quote')
    .where('status', 'in', onTheBoard)
    .orderBy('press_date')
    .orderBy('id')
    .select([
      'reference',
      'name',
      'status',
      'payload',
      'form_values',
      'press_date',
      'production_service',
      'production_pieces',
      'promised_date',
      'promised_handover',
    ]);
}

function createProductionStorage(
  db: Kysely<StorageDatabase>,
  dialect: SqlDialect,
  clock: DatabaseClock,
): ProductionStore {
  return {
    bookedWork: () => readBookedWork(db),

    async boardOrders(): Promise<BoardOrder[]> {
      const rows = await boardOrdersQuery(db).execute();
      return rows.map((row) => {
        const payload = readJson(row.payload);
        const values = row.form_values === null ? {} : readJson(row.form_values);
        return {
          reference: row.reference,
          name: row.name,
          company: typeof payload.company === 'string' ? payload.company : '',
          status: row.status,
          service: row.production_service,
          pieces: row.production_pieces,
          pressDate: row.press_date,
          inHands: typeof values.inHands === 'string' && values.inHands !== '' ? values.inHands : null,
          ...promisedOf(row),
        };
      });
    },

    async capacityChanges(limit) {
      const rows = await db
        .selectFrom('capacity_settings')
        .orderBy('id', 'desc')
        .limit(limit)
        .select(['settings', 'changed_by', 'changed_at'])
        .execute();
      return rows.flatMap((row): CapacityChange[] => {
        // A row no longer valid (a service's key renamed) is skipped rather than breaking the desk.
        const parsed = capacitySchema.safeParse(readJson(row.settings));
        return parsed.success
          ? [{ capacity: parsed.data, changedBy: row.changed_by, changedAt: readDate(row.changed_at) }]
          : [];
      });
    },

    async saveCapacity(capacity: Capacity, actor) {
      await db
        .insertInto('capacity_settings')
        .values({ settings: JSON.stringify(capacity), changed_by: actor, changed_at: clock.now() })
        .execute();
    },

    movePressDate(reference, { date, service, pieces, actor }) {
      return db.transaction().execute(async (trx) => {
        // The request's row first, then the production lock: the order an approval takes them in.
        const row = await trx
          .selectFrom('submissions')
          .where('reference', '=', reference)
          .where('kind', '=', 'quote')
          .select(['id', 'status', 'press_date', 'production_service', 'production_pieces'])
          .$if(dialect === 'postgres', (query) => query.forUpdate())
          .executeTakeFirst();
        if (!row) return 'missing';
        await lockProduction(trx, dialect);
        if (!onTheBoard.includes(row.status)) return 'not-booked';
        await trx
          .updateTable('submissions')
          .set({
            press_date: date,
            production_service: row.production_service ?? service,
            production_pieces: row.production_pieces ?? pieces,
          })
          .where('id', '=', row.id)
          .execute();
        await appendEvent(trx, clock, row.id, {
          actor,
          type: 'press_day',
          data: { date, ...(row.press_date ? { was: row.press_date } : {}) },
        });
        return 'moved';
      });
    },
  };
}

/** The press's bookings and the shop's capacity, on the open database. */
/** The approval's booking step, bound to the open database's dialect. */
export function createProductionBookingStep({ dialect }: Database): ProductionBookingStep {
  return {
    lock: (trx) => lockProduction(trx, dialect),
    bookedWork: (trx, exceptId) => readBookedWork(trx, exceptId),
    book: (trx, submissionId, booking) => writeBooking(trx, submissionId, booking),
  };
}

export function createProductionStore(database: Database): ProductionStore {
  return createProductionStorage(database.db, database.dialect, database.clock);
}
