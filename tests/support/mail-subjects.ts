import type { NotificationState } from '#server/mail/outbox-store.ts';
import { queuedSubject } from '#server/mail/queued-subject.ts';
import { readMailFacts } from '#server/storage/mail-facts.ts';

/**
 * A request's outbox rows with the subject each mail goes with, as the desk lists them: the outbox
 * keeps what a mail is about, and its subject is made from that.
 */
export function withSubjects(notifications: NotificationState[], reference: string, shopName: string) {
  return notifications.map((notification) => {
    const facts = readMailFacts(notification.recipient, notification.facts);
    const subject = facts && queuedSubject(facts, reference, shopName);
    return { ...notification, ...(subject === undefined ? {} : { subject }) };
  });
}
