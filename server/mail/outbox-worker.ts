import type { Logger } from 'pino';
import { type BuiltMail, MailNotDueError, type QueuedMail, UnbuildableMailError } from './mail-row.ts';
import type { MailTransport } from './mail-transport.ts';
import type { ClaimedNotification, OutboxStore } from './outbox-store.ts';

const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/**
 * From this failed attempt on (about an hour of failures: 30 s + 1 + 2 + ... + 32 min) each failure is
 * logged as an error, not a warning: a passing SMTP hiccup has cleared by then, so the mail server, its
 * credentials or the address need a person, and alerting on errors must catch it.
 */
export const ALERT_AFTER_ATTEMPTS = 8;
/** A notification still failing this long after the submission is given up on ("failed"). */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
/**
 * How long a claim keeps other workers off a notification. Longer than one SMTP attempt can take (the
 * transport's timeouts: 10 s to connect, 10 s for the greeting, 30 s of silence), so a live worker is
 * never overtaken; short enough that a crashed instance's mail goes out a couple of minutes late.
 */
const LEASE_MS = 2 * 60_000;
/** Enough of an SMTP reply to act on, without letting one bad server fill the outbox table. */
const STORED_ERROR_LENGTH = 500;

/**
 * 30 s after the first failure, then doubling (1, 2, 4, 8, 16, 32 min) up to one hour, and every
 * hour from then on until the notification is given up on (GIVE_UP_AFTER_MS). No jitter: each worker
 * sends one row at a time, so a predictable "next attempt" is worth more to the operators.
 */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(failedAttempts - 1, 0), LONGEST_RETRY_MS);
}

/** SMTP 5xx: the server refuses for good (no such mailbox, policy); trying again changes nothing. */
function isRefused(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The stores' calls, transport and clocks the worker uses; only what it needs, so tests can hand in
 * narrow stand-ins. Its writes are the outbox's bookkeeping; the mail is written from reads only.
 */
export interface OutboxWorkerOptions {
  outbox: Pick<
    OutboxStore,
    'claimNotification' | 'markNotificationSent' | 'markNotificationFailed' | 'releaseNotification' | 'dropNotification'
  >;
  /**
   * Writes a row's mail as it is to be sent now (throws UnbuildableMailError or MailNotDueError): the
   * features' mails, composed at start-up, so the worker never knows which mail it holds.
   */
  write: (row: QueuedMail) => Promise<BuiltMail>;
  /** A feature's cap that keeps a mail back as it is about to go (a group's share link); none by default. */
  holdBack?: (row: QueuedMail) => Promise<HeldMail | undefined>;
  transport: Pick<MailTransport, 'sendMail'>;
  logger: Logger;
  /** How long to wait after finding nothing due before looking again. */
  intervalMs?: number;
  leaseMs?: number;
  giveUpAfterMs?: number;
  /** The clock that ages a failing notification; the due times themselves are the database's. */
  now?: () => Date;
}

/** A mail kept back by a feature's cap: given up at once, with what the row records and the log says. */
export interface HeldMail {
  /** Stored as the row's error, for `npm run submissions -- failed`. */
  error: string;
  /** The log's stable reason field and its message. */
  reason: string;
  message: string;
  details: Record<string, unknown>;
}

/** The running worker as server/index.ts holds it: woken by each save, stopped at shutdown. */
export interface OutboxWorker {
  /**
   * Sends every notification due now, one claim at a time (after any run in progress), and resolves
   * with the number sent.
   */
  drain(): Promise<number>;
  /** Looks for due rows now rather than at the next run (a submission was just stored); never piles up. */
  wake(): void;
  /**
   * Claims nothing more and resolves once the notification in progress is marked, or, if it is not
   * done within `graceMs`, once its claim is given back (another instance then sends it; it may arrive
   * twice, with the same Message-ID).
   */
  stop(graceMs?: number): Promise<void>;
}

/** Starts sending due notifications, one claim at a time, and keeps sending while rows are due; looks again every `intervalMs` when idle. */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { logger, intervalMs = 5000 } = options;
  let previous: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let current: ClaimedNotification | undefined;

  // Runs one after another: within an instance one notification is in flight at a time.
  const drain = (): Promise<number> => {
    const run = previous.then(async () => {
      let sent = 0;
      // While rows are due, keep sending: no pause between them, only when nothing is left.
      while (!stopped) {
        const claimed = await options.outbox.claimNotification(options.leaseMs ?? LEASE_MS);
        if (!claimed) break;
        current = claimed;
        try {
          if (await deliver(claimed, options)) sent += 1;
        } finally {
          current = undefined;
        }
      }
      return sent;
    });
    previous = run.catch(() => undefined);
    return run;
  };

  // A timeout set after each run rather than an interval, so runs cannot pile up behind a slow one.
  const schedule = () => {
    if (stopped) return;
    // One timer at a time, whether the run that ends here was timed or woken.
    clearTimeout(timer);
    timer = setTimeout(() => {
      drain()
        .catch((error: unknown) => {
          logger.error({ error: errorText(error) }, 'outbox run failed; trying again shortly');
        })
        .finally(schedule);
    }, intervalMs);
    // The HTTP server keeps the process alive; the outbox alone must not hold it open.
    timer.unref();
  };
  schedule();

  let woken = false;
  const wake = () => {
    if (stopped || woken) return;
    woken = true;
    clearTimeout(timer);
    // After the run in progress, if any: it may already be sending the rows this wake is about.
    void previous.then(() => {
      woken = false;
      if (stopped) return;
      clearTimeout(timer);
      drain()
        .catch((error: unknown) => {
          logger.error({ error: errorText(error) }, 'outbox run failed; trying again shortly');
        })
        .finally(schedule);
    });
  };

  return {
    drain,
    wake,
    async stop(graceMs = Number.POSITIVE_INFINITY) {
      stopped = true;
      clearTimeout(timer);
      const finished = previous.then(() => true);
      const waited = Number.isFinite(graceMs)
        ? await Promise.race([finished, new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs))])
        : await finished;
      const holding = current;
      if (waited || !holding) return;
      await options.outbox.releaseNotification(holding).catch(() => undefined);
      logger.warn(
        { reference: holding.reference, recipient: holding.recipient },
        'shutting down in the middle of a send: the notification is given back and another instance sends it (it may arrive twice, with the same Message-ID)',
      );
    },
  };
}

/** Claimed, written from its facts, sent, marked: the worker never looks at which mail it holds. */
async function deliver(message: ClaimedNotification, options: OutboxWorkerOptions): Promise<boolean> {
  const { outbox, transport, logger, now = () => new Date() } = options;
  const { reference, recipient } = message;
  const held = await options.holdBack?.(message);
  if (held) {
    // Given up at once, never silently: the row stays listed as failed (an operator may send it again)
    // and the warning says which mail was kept back and by which cap.
    await outbox.markNotificationFailed(message, held.error, { final: true });
    logger.warn({ reference, recipient, reason: held.reason, ...held.details }, held.message);
    return false;
  }
  let failure: unknown;
  try {
    await transport.sendMail(await options.write(message));
  } catch (error) {
    failure = error;
  }
  if (failure instanceof MailNotDueError) {
    // Not owed any more (a reminder of a deposit paid since, of a request cancelled since): never sent.
    await outbox.dropNotification(message);
    logger.info({ reference, recipient, reason: failure.message }, 'notification dropped: no longer due');
    return false;
  }
  if (failure === undefined) {
    // Sent but not marked (the database failing right now, or the claim taken over after a stall)
    // means it may be sent again: a duplicate e-mail, with the same Message-ID, is better than a lost one.
    if (await outbox.markNotificationSent(message)) {
      logger.info({ reference, recipient }, 'notification sent');
    } else {
      logger.warn(
        { reference, recipient },
        'notification sent, but its claim had been taken over: it may be sent twice',
      );
    }
    return true;
  }

  const attempt = message.attempts + 1;
  const reason = errorText(failure);
  const tooOld = now().getTime() - message.submittedAt.getTime() >= (options.giveUpAfterMs ?? GIVE_UP_AFTER_MS);
  const unbuildable = failure instanceof UnbuildableMailError;
  const final = isRefused(failure) || unbuildable || tooOld;
  const retryInMs = retryDelayMs(attempt);
  await outbox.markNotificationFailed(
    message,
    reason.slice(0, STORED_ERROR_LENGTH),
    final ? { final: true } : { retryInMs },
  );
  const details = { reference, recipient, attempt, error: withoutAddresses(reason) };
  if (final) {
    // Once: the row is not tried again, so this is the one line an alert sees; `alert` is stable for log rules.
    logger.error(
      { ...details, alert: 'mail_failed', command: 'npm run submissions -- failed' },
      unbuildable
        ? 'notification failed: it cannot be written (its error says why), so it is not tried again; see npm run submissions -- failed'
        : isRefused(failure)
          ? 'notification failed: the mail server refused it for good; see npm run submissions -- failed, and resend REF once fixed'
          : 'notification failed: still not sent after days of attempts; see npm run submissions -- failed, and resend REF once fixed',
    );
  } else if (attempt >= ALERT_AFTER_ATTEMPTS) {
    logger.error(
      { ...details, retryInMs },
      'notification still not sent after an hour of attempts; check SMTP_URL and the address (npm run submissions -- show REF); it will be tried again',
    );
  } else {
    logger.warn({ ...details, retryInMs }, 'notification not sent; it will be tried again');
  }
  return false;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** SMTP replies often quote the recipient ("550 <jane@example.com>: no such user"): not for the log. */
function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '[address]');
}
