import { createTransport, type SendMailOptions } from 'nodemailer';

/** What the outbox worker needs of a transport; a nodemailer transporter is one. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<unknown>;
  close(): void;
}

/**
 * One SMTP connection per message (no pool): a few messages an hour do not pay for idle
 * connections. The timeouts are far below nodemailer's (2 and 10 minutes) because shutdown waits
 * for the pass in progress, and a server that hangs must fail the attempt, to be retried later.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}
