import type { Kysely } from 'kysely';
import type { Actor } from './activity.ts';
import type { DatabaseClock } from './database-clock.ts';
import type { StorageDatabase } from './schema.ts';

/** Appends one line to a request's activity log, in the caller's transaction (the log is never changed). */
export function appendEvent(
  trx: Kysely<StorageDatabase>,
  clock: DatabaseClock,
  submissionId: number,
  event: { actor: Actor; type: string; data?: Record<string, unknown> },
) {
  return trx
    .insertInto('request_events')
    .values({
      submission_id: submissionId,
      at: clock.now(),
      actor: event.actor,
      type: event.type,
      data: JSON.stringify(event.data ?? {}),
    })
    .execute();
}
