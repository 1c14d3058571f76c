import type { Kysely } from 'kysely';
import type { Actor, RequestEvent } from './activity.ts';
import type { DatabaseClock } from './database-clock.ts';
import { readDate, readJson, type StorageDatabase } from './schema.ts';

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

/** A request's activity log, oldest first, as the desk and the customer's page show it. */
export async function requestEventsOf(db: Kysely<StorageDatabase>, submissionId: number): Promise<RequestEvent[]> {
  const events = await db
    .selectFrom('request_events')
    .where('submission_id', '=', submissionId)
    .orderBy('id')
    .select(['at', 'actor', 'type', 'data'])
    .execute();
  return events.map((event) => ({
    at: readDate(event.at),
    actor: event.actor as Actor,
    type: event.type,
    data: readJson(event.data),
  }));
}
