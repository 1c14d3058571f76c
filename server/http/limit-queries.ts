import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/storage/database.ts';
import type { DatabaseClock } from '#server/storage/database-clock.ts';
import { readDate, type StorageDatabase } from '#server/storage/schema.ts';
import { checkDelay } from '#server/storage/storage-checks.ts';
import type { LimitStore } from './limit-store.ts';

/** Rate-limit hits counted between two sweeps of the rows whose window has run out. */
const RATE_LIMIT_SWEEP_EVERY = 500;
/** Upload budgets counted between two sweeps of the rows whose window has run out. */
const UPLOAD_BUDGET_SWEEP_EVERY = 100;

/**
 * Rate limits and the daily upload budget, counted in one row per key by single atomic statements, so
 * every instance on the same database counts into the same rows.
 */
function createLimitStorage(db: Kysely<StorageDatabase>, clock: DatabaseClock): LimitStore {
  let hitsSinceSweep = 0;
  let spendsSinceSweep = 0;
  return {
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

    async hitsOf(key) {
      const row = await db
        .selectFrom('rate_limits')
        .where('key', '=', key)
        .where('reset_at', '>', clock.now())
        .select('hits')
        .executeTakeFirst();
      return Number(row?.hits ?? 0);
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
  };
}

/** The rate limits' hits and the upload budgets, shared by every instance through the open database. */
export function createLimitStore(database: Database): LimitStore {
  return createLimitStorage(database.db, database.clock);
}
