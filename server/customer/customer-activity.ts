import type { Kysely } from 'kysely';
import type { DatabaseClock } from '#server/storage/database-clock.ts';
import type { StorageDatabase } from '#server/storage/schema.ts';

/**
 * A customer's act on their request (a message, an approval, a request for changes, a cancel), in the
 * caller's transaction: the request becomes unread again and rises to the top of the inbox, so the desk
 * never misses what a customer did after it last looked.
 */
export function markCustomerActivity(trx: Kysely<StorageDatabase>, clock: DatabaseClock, submissionId: number) {
  return trx
    .updateTable('submissions')
    .set({ read_at: null, activity_at: clock.now() })
    .where('id', '=', submissionId)
    .execute();
}
