import type { SendMailOptions } from 'nodemailer';

/**
 * A mail as each writer makes it: who it goes to, its subject and its text. The rest is the same for
 * every mail and added in one place (build-mail.ts): the sender, the HTML part made from the text and
 * its look, and a stable Message-ID.
 */
export interface MailDraft {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes, when not to the sender. */
  replyTo?: SendMailOptions['replyTo'];
  attachments?: NonNullable<SendMailOptions['attachments']>;
  /** What the HTML part shows beyond the text; the text says the same in words, and stays the mail. */
  look?: MailLook;
}

/** One fact of a mail's summary box: "Total" and "$372.00". */
export interface SummaryRow {
  label: string;
  value: string;
}

/**
 * The HTML part's extras (mail-layout.ts), all plain values it escapes: nothing here is markup. A
 * person's text never goes in a label; the summary's values are the shop's figures and choices.
 */
export interface MailLook {
  /** The text's line that is exactly `href` is shown as a button saying `label`. */
  button?: { href: string; label: string };
  /** A few facts in a box under the first paragraph: the order, its total. */
  summary?: SummaryRow[];
  /** A picture under the summary (a proof's preview), by its absolute address. */
  image?: { src: string; alt: string };
}
