import type { Kysely } from 'kysely';
import type { PromisedDate } from '#shared/requests/promised-date.ts';
import type { Actor } from './activity.ts';
import type { DatabaseClock } from './database-clock.ts';
import { appendEvent } from './request-events.ts';
import type { StorageDatabase } from './schema.ts';

/** The promised day as a request reads it: absent until one is set. */
export function promisedOf(row: { promised_date: string | null; promised_handover: 'pickup' | 'delivery' | null }): {
  promised?: PromisedDate;
} {
  return row.promised_date === null
    ? {}
    : { promised: { date: row.promised_date, handover: row.promised_handover ?? 'pickup' } };
}

/** Keeps the promised day, and logs it with the one it replaces, in the caller's transaction; returns that one. */
export async function writePromisedDate(
  trx: Kysely<StorageDatabase>,
  clock: DatabaseClock,
  submissionId: number,
  promised: PromisedDate,
  actor: Actor,
) {
  const before = await trx
    .selectFrom('submissions')
    .where('id', '=', submissionId)
    .select(['promised_date'])
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('submissions')
    .set({ promised_date: promised.date, promised_handover: promised.handover })
    .where('id', '=', submissionId)
    .execute();
  await appendEvent(trx, clock, submissionId, {
    actor,
    type: 'promised',
    data: {
      date: promised.date,
      handover: promised.handover,
      ...(before.promised_date ? { was: before.promised_date } : {}),
    },
  });
  return before.promised_date ?? undefined;
}
