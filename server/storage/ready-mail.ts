import type { Kysely } from 'kysely';
import type { DatabaseClock } from './database-clock.ts';
import type { StorageDatabase } from './schema.ts';
import type { ReadyMail } from './types.ts';

/**
 * Inserts a message queued whole into the outbox, due at once: in the caller's transaction, so a status
 * change or a message and its mail are stored together or not at all.
 */
export function insertReadyMail(
  trx: Kysely<StorageDatabase>,
  clock: DatabaseClock,
  { mail, recipient, submissionId }: { mail: ReadyMail; recipient: 'customer' | 'staff'; submissionId: number | null },
) {
  return trx
    .insertInto('outbox')
    .values({
      submission_id: submissionId,
      recipient,
      next_attempt_at: clock.now(),
      created_at: clock.now(),
      mail: JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }),
    })
    .execute();
}
