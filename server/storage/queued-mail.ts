import type { Kysely } from 'kysely';
import type { DatabaseClock } from './database-clock.ts';
import { type QueuedFacts, storedMailFacts } from './mail-facts.ts';
import type { StorageDatabase } from './schema.ts';

/**
 * Inserts a mail into the outbox by its facts, due at once: in the caller's transaction, so a status
 * change or a message and its mail are stored together or not at all. True when stored (a mail with a
 * once key already queued for the request is not). The facts are checked here as
 * they are when read back: a row the worker could not write a mail from is never stored.
 */
export async function insertQueuedMail(
  trx: Kysely<StorageDatabase>,
  clock: DatabaseClock,
  {
    mail,
    recipient,
    submissionId,
    onceKey,
  }: {
    mail: QueuedFacts;
    recipient: 'customer' | 'staff';
    submissionId: number | null;
    /** A mail sent once per request (a reminder): a second with the same key is not stored. */
    onceKey?: string;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('outbox')
    .values({
      submission_id: submissionId,
      recipient,
      next_attempt_at: clock.now(),
      created_at: clock.now(),
      facts: storedMailFacts(mail),
      ...(onceKey === undefined ? {} : { once_key: onceKey }),
    })
    .$if(onceKey !== undefined, (query) =>
      query.onConflict((conflict) => conflict.columns(['submission_id', 'once_key']).doNothing()),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
