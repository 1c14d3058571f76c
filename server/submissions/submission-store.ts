import type { NewMockup } from '#server/mockups/mockup-store.ts';

/** Submissions: what the form endpoints save, what the mails and the CLI read, and the privacy purge. */

import type { StoredFile, SubmissionKind } from '#server/storage/schema.ts';

export type { StoredFile, SubmissionKind };

/** A validated form post, ready to save with its files and outbox rows in one transaction. */
export interface NewSubmission {
  kind: SubmissionKind;
  /** Who to confirm to; also indexed for the CLI. */
  name: string;
  email: string;
  /** The validated form fields, as the shared zod schema produced them (stored as JSON). */
  payload: Record<string, unknown>;
  files: StoredFile[];
  /** The quote form's fields as posted (validated): the desk prices them again, "order again" refills the form. */
  formValues?: Record<string, string>;
  /** The form's one-time key: a second save with the same key stores nothing and returns the first. */
  idempotencyKey?: string;
  /** The mockups rendered from the files, saved in the same transaction. */
  mockups?: NewMockup[];
}

/** What a save answers: the reference the visitor is shown, first or repeated. */
export interface SavedSubmission {
  reference: string;
  kind: SubmissionKind;
  /** True when the key had been used already: nothing was stored, the reference is the first save's. */
  repeated: boolean;
  /**
   * True when no customer confirmation was queued because this address already had
   * CUSTOMER_CONFIRMATIONS_PER_DAY in the last 24 hours; the submission and the shop's copy are kept.
   */
  confirmationSkipped?: boolean;
}

/** One line of the operators' list: who, when, how many files, and whether mail is still owed. */
export interface SubmissionSummary {
  reference: string;
  kind: SubmissionKind;
  name: string;
  email: string;
  createdAt: Date;
  fileCount: number;
  /** Notifications not yet sent (shop and customer). */
  pendingNotifications: number;
}

/** A whole submission, for the mails and the CLI's show: the stored fields and the files. */
export interface Submission extends SubmissionSummary {
  payload: Record<string, unknown>;
  files: StoredFile[];
}

/** What a privacy purge did (or, on a dry run, would do), for the CLI and the daily job to report. */
export interface PurgeResult {
  deleted: number;
  /**
   * The deleted submissions whose mail to the shop was never sent, oldest first: the shop may never have
   * seen them, so the operators are told which they were (the references only: the rest is gone).
   */
  neverMailedToShop: string[];
  /**
   * SQLite only, after a purge (not a dry run): whether the write-ahead log was checkpointed and emptied,
   * taking the deleted rows' old pages with it. False when a reader in another process held it past the
   * busy timeout; the next purge tries again.
   */
  walTruncated?: boolean;
}

/** Saving, reading and purging submissions. */
export interface SubmissionStore {
  /**
   * Saves the submission, its files and one outbox row per recipient in ONE transaction, and returns
   * the human reference (Q-2026-000123, C-2026-000045) only once that transaction has committed.
   */
  saveSubmission(submission: NewSubmission): Promise<SavedSubmission>;
  /** The submission saved with this key, if any (a repeated form post is answered from it). */
  findByIdempotencyKey(key: string): Promise<SavedSubmission | undefined>;
  getSubmission(reference: string): Promise<Submission | undefined>;
  /** Newest first. */
  listSubmissions(options?: { limit?: number; kind?: SubmissionKind }): Promise<SubmissionSummary[]>;
  /**
   * Deletes the submissions created before `cutoff` with their files and notifications (the privacy
   * policy's SUBMISSION_RETENTION_MONTHS), whatever their mail's state: a notification not sent by then
   * goes with its submission, and the references of those never mailed to the shop are returned. In
   * batches, so the server's saves are never held up for long; each submission goes whole or not at all.
   * With `dryRun` nothing is deleted and the result is what a real run would do; an aborted `signal`
   * stops it between batches (shutdown), with what was deleted so far. On SQLite a purge that
   * deleted something then empties the write-ahead log, so the deleted text is in neither file.
   */
  deleteSubmissionsBefore(
    cutoff: Date,
    options?: {
      dryRun?: boolean;
      signal?: AbortSignal;
      /**
       * Orders (a quote the customer approved, or a payment recorded) received from this date on are
       * kept past `cutoff`: the shop's order records (shared/submissions/retention.ts).
       */
      ordersBefore?: Date;
    },
  ): Promise<PurgeResult>;
}
