import type { Logger } from 'pino';
import type { OutboxMessage, Storage } from '#server/storage/types.ts';
import { customerMessage, type MailSettings, shopMessage } from './mail-messages.ts';
import type { MailTransport } from './mail-transport.ts';

const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/**
 * From this failed attempt on (about an hour of failures: 30 s + 1 + 2 + ... + 32 min) each failure is
 * logged as an error, not a warning: a passing SMTP hiccup has cleared by then, so the mail server, its
 * credentials or the address need a person, and alerting on errors must catch it.
 */
export const ALERT_AFTER_ATTEMPTS = 8;
/** Enough of an SMTP reply to act on, without letting one bad server fill the outbox table. */
const STORED_ERROR_LENGTH = 500;

/**
 * 30 s after the first failure, then doubling (1, 2, 4, 8, 16, 32 min) up to one hour, and every
 * hour from then on: a shop e-mail must not be given up on, and the operators' CLI shows what waits.
 * No jitter: jitter spreads many clients retrying against one server, and here one worker sends a
 * handful of rows one after another, so a predictable "next attempt" is worth more to the operators.
 */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(failedAttempts - 1, 0), LONGEST_RETRY_MS);
}

export interface OutboxWorkerOptions {
  storage: Pick<Storage, 'dueNotifications' | 'getSubmission' | 'markNotificationSent' | 'markNotificationFailed'>;
  transport: Pick<MailTransport, 'sendMail'>;
  settings: MailSettings;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
  now?: () => Date;
}

export interface OutboxWorker {
  /** Runs one pass now (after any pass in progress) and resolves with the number of messages sent. */
  drain(): Promise<number>;
  /** No more timed passes; resolves once the pass in progress, if any, has finished. */
  stop(): Promise<void>;
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { logger, intervalMs = 5000 } = options;
  let previous: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  // Every pass, timed or asked for, starts once the one before has finished: with a slow SMTP
  // server, two passes at once would both find the same rows due and send them twice.
  const drain = (): Promise<number> => {
    const pass = previous.then(() => runPass(options));
    previous = pass.catch(() => undefined);
    return pass;
  };

  // A timeout set after each pass rather than an interval, so passes cannot pile up behind a slow one.
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      drain()
        .catch((error: unknown) => {
          logger.error({ error: errorText(error) }, 'outbox pass failed; trying again at the next one');
        })
        .finally(schedule);
    }, intervalMs);
    // The HTTP server keeps the process alive; the outbox alone must not hold it open.
    timer.unref();
  };
  schedule();

  return {
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await previous;
    },
  };
}

async function runPass(options: OutboxWorkerOptions): Promise<number> {
  const { storage, batchSize = 10, now = () => new Date() } = options;
  const due = await storage.dueNotifications(now(), batchSize);
  let sent = 0;
  for (const message of due) {
    if (await deliver(message, options)) sent += 1;
  }
  return sent;
}

async function deliver(message: OutboxMessage, options: OutboxWorkerOptions): Promise<boolean> {
  const { storage, transport, settings, logger, now = () => new Date() } = options;
  const { reference, recipient } = message;
  try {
    const submission = await storage.getSubmission(reference);
    if (!submission) throw new Error('the submission is not in storage');
    await transport.sendMail(
      recipient === 'shop' ? shopMessage(submission, settings) : customerMessage(submission, settings),
    );
  } catch (error) {
    const attempt = message.attempts + 1;
    const nextAttemptAt = new Date(now().getTime() + retryDelayMs(attempt));
    const reason = errorText(error);
    await storage.markNotificationFailed(message.id, reason.slice(0, STORED_ERROR_LENGTH), nextAttemptAt);
    const details = {
      reference,
      recipient,
      attempt,
      nextAttemptAt: nextAttemptAt.toISOString(),
      error: withoutAddresses(reason),
    };
    if (attempt >= ALERT_AFTER_ATTEMPTS) {
      logger.error(
        details,
        'notification still not sent after an hour of attempts; check SMTP_URL and the address (npm run submissions -- show REF); it will be tried again',
      );
    } else {
      logger.warn(details, 'notification not sent; it will be tried again');
    }
    return false;
  }
  // Sent but not marked (the database failing right now) means it is sent again on a later pass:
  // a duplicate e-mail is better than a lost one.
  await storage.markNotificationSent(message.id, now());
  logger.info({ reference, recipient }, 'notification sent');
  return true;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** SMTP replies often quote the recipient ("550 <jane@example.com>: no such user"): not for the log. */
function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '[address]');
}
