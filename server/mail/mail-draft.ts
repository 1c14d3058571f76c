import type { SendMailOptions } from 'nodemailer';

/**
 * A mail as each writer makes it: who it goes to, its subject and its text. The rest is the same for
 * every mail and added in one place (build-mail.ts): the sender, the HTML part made from the text,
 * and a stable Message-ID.
 */
export interface MailDraft {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes, when not to the sender. */
  replyTo?: SendMailOptions['replyTo'];
  attachments?: NonNullable<SendMailOptions['attachments']>;
}
