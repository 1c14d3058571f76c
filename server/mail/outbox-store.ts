import type { QueuedFacts } from '#server/storage/mail-facts.ts';

/** The outbox: mail owed, queued in the transaction that owes it and sent by the notification worker. */

/** Each submission owes two mails: the shop's copy (with the files) and the customer's confirmation. */
import type { NotificationRecipient } from '#server/storage/schema.ts';
import type { OutboxDepth } from '#server/storage/storage-status.ts';

export type { NotificationRecipient };

/** An outbox row's facts as the database returned them: null for a submission's own two notifications. */
type StoredMailFacts = Record<string, unknown> | null;

/** An outbox row: one mail owed for one submission, with its attempts so far. */
export interface OutboxMessage {
  id: number;
  /** The submission it belongs to; null for mail about none (a staff sign-in link). */
  reference: string | null;
  recipient: NotificationRecipient;
  attempts: number;
  /** When it may be tried next (backoff); due now or earlier means it is due. */
  nextAttemptAt: Date;
  lastError: string | null;
}

/**
 * A notification one worker holds: until `leaseUntil` (the database's clock) no other worker is given
 * it; after that, a worker that finds it due takes it over with a new `claim`, and the old holder can
 * no longer mark it.
 */
export interface ClaimedNotification extends OutboxMessage {
  claim: string;
  /** When the mail was queued (a submission's own two: when it was received): the age after which a failing one is given up. */
  submittedAt: Date;
  /** What the mail is about, as stored: server/mail/build-mail.ts writes it from these. */
  facts: StoredMailFacts;
}

/** What a worker does with a notification it could not send. */
type FailureOutcome =
  /** Try again this long from now (the database's clock). */
  | { retryInMs: number }
  /** Give up: a permanent refusal or too many days of failures. An operator may send it again. */
  | { final: true };

/** One notification with its history, sent or not. */
export interface NotificationState extends OutboxMessage {
  sentAt: Date | null;
  /** When it was given up on; null while it is still tried, or once sent. */
  failedAt: Date | null;
  /** What the mail is about, as stored (the desk lists it under its subject). */
  facts: StoredMailFacts;
}

/** Queuing mail, and the workers' claims on it (leases, retries, failure state). */
export interface OutboxStore {
  /**
   * Queues a mail in the outbox by its facts, sent by the worker like the notifications (retries,
   * leases, failure state): about a submission when `reference` is given, else about none.
   */
  queueMail(mail: QueuedFacts, options: { recipient: 'customer' | 'staff'; reference?: string }): Promise<void>;
  /** Each mail owed for the submission, sent or not, with its attempts (the desk and the CLI's show). */
  notificationsOf(reference: string): Promise<NotificationState[]>;
  /** Outbox rows due at `now` (not sent, not failed, not held by a live claim), oldest first. */
  dueNotifications(now: Date, limit: number): Promise<OutboxMessage[]>;
  /**
   * Claims the oldest due notification for `leaseMs`, or resolves undefined when none is due. Due means
   * not sent, not failed, its next attempt reached, and any earlier claim's lease run out, all by the
   * database's clock. Safe from any number of workers in any number of processes: on PostgreSQL
   * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, on SQLite one writer at a time.
   */
  claimNotification(leaseMs: number): Promise<ClaimedNotification | undefined>;
  /** Marks it sent; false (and nothing changed) when the claim was taken over by another worker. */
  markNotificationSent(claim: Pick<ClaimedNotification, 'id' | 'claim'>): Promise<boolean>;
  /** Counts the attempt and keeps the error; false (nothing changed) when the claim was taken over. */
  markNotificationFailed(
    claim: Pick<ClaimedNotification, 'id' | 'claim'>,
    error: string,
    outcome: FailureOutcome,
  ): Promise<boolean>;
  /**
   * Deletes a claimed mail unsent: it is no longer owed (a reminder of money paid meanwhile, of a
   * request cancelled since). False (nothing changed) when the claim was taken over.
   */
  dropNotification(claim: Pick<ClaimedNotification, 'id' | 'claim'>): Promise<boolean>;
  /** Gives the claim back, due at once, for another worker (shutdown before the send began). */
  releaseNotification(claim: Pick<ClaimedNotification, 'id' | 'claim'>): Promise<void>;
  /** How much mail is owed (for /metrics, read at each scrape). */
  outboxDepth(): Promise<OutboxDepth>;
  /**
   * When any instance last sent a notification (the database's clock), or null when none was ever sent:
   * the health watch's "mail stalled". Not indexed: read only once messages have waited a while.
   */
  lastMailSentAt(): Promise<Date | null>;
}

/** What only the operators' CLI does with the outbox (`npm run submissions` builds the stores it needs). */
export interface OperatorOutboxStore {
  /** The notifications of one submission, shop first; empty for an unknown reference. */
  /** Every notification given up on, oldest first. */
  failedNotifications(): Promise<NotificationState[]>;
  /**
   * Makes the failed notifications of one submission (or only its shop's or customer's) due again at
   * once, their attempts kept; resolves with how many.
   */
  resendNotifications(reference: string, recipient?: NotificationRecipient): Promise<number>;
}
