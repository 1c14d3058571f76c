import type { NotificationRecipient } from '#server/storage/schema.ts';
import type { MailDraft } from './mail-draft.ts';

/** The outbox row a mail is written for: its id, the request it is about (none for a sign-in link), its facts as stored. */
export interface QueuedMail {
  id: number;
  reference: string | null;
  recipient: NotificationRecipient;
  facts: Record<string, unknown> | null;
}

/** A mail ready for the transport. */
export interface BuiltMail extends Omit<MailDraft, 'look'> {
  from: string;
  /** Made from the text and the draft's look (mail-layout.ts): no mail carries HTML anyone wrote. */
  html: string;
  messageId: string;
}

/**
 * A mail that cannot be written, now or later: facts this server does not know, or the request or
 * version they point at gone. Trying again changes nothing, so the outbox gives up on it at once.
 */
export class UnbuildableMailError extends Error {
  override name = 'UnbuildableMailError';
}

/**
 * A mail no longer owed by the time it is sent (a reminder of a deposit paid meanwhile, of a request
 * cancelled or completed since): the outbox drops it unsent, without an error.
 */
export class MailNotDueError extends Error {
  override name = 'MailNotDueError';
}
