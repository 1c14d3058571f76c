/**
 * The storage contract for submissions (issue 5): what the form endpoints save and what the
 * notification worker and the operators' CLI read. One implementation in Kysely (kysely-storage.ts)
 * over two databases: the embedded SQLite file (sqlite/) by default, PostgreSQL (postgres/) when
 * DATABASE_URL is set; open-storage.ts picks.
 */

import type { QueuedFacts } from '#server/mail/mail-facts.ts';
import type { DecisionState, DecisionVerdict } from '#shared/requests/decision-rules.ts';
import type { PromisedDate } from '#shared/requests/promised-date.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';

export type SubmissionKind = 'quote' | 'contact';

/** An artwork file as kept in the database (no shared volume needed); size in bytes. */
export interface StoredFile {
  /** The visitor's file name, cleaned for display (never used as a path). */
  name: string;
  /** The type detected from the content, never taken from the name or the browser. */
  mediaType: string;
  size: number;
  data: Buffer;
}

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

/** Each submission owes two mails: the shop's copy (with the files) and the customer's confirmation. */
export type NotificationRecipient = 'shop' | 'customer' | 'staff';

/** An outbox row's facts as the database returned them: null for a submission's own two notifications. */
export type StoredMailFacts = Record<string, unknown> | null;

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
export type FailureOutcome =
  /** Try again this long from now (the database's clock). */
  | { retryInMs: number }
  /** Give up: a permanent refusal or too many days of failures. An operator may send it again. */
  | { final: true };

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

/** One instance's hold on a scheduled job's run, from claimScheduledJob. */
export interface ScheduledJobClaim {
  name: string;
  /** Never reused: only its holder can record the run's end. */
  claim: string;
}

/** How many artwork bytes one client may have stored per window (the daily upload budget). */
export interface UploadBudget {
  limitBytes: number;
  windowMs: number;
}

/** What spending from an upload budget answers: counted, or refused with the end of the window. */
export type UploadSpend = { spent: true } | { spent: false; resetAt: Date };

/** One notification with its history, sent or not. */
export interface NotificationState extends OutboxMessage {
  sentAt: Date | null;
  /** When it was given up on; null while it is still tried, or once sent. */
  failedAt: Date | null;
  /** What the mail is about, as stored (the desk lists it under its subject). */
  facts: StoredMailFacts;
}

/** Mail still owed, for /metrics and `npm run db -- status`. */
export interface OutboxDepth {
  /** Not sent and not given up on: waiting for a worker or for its next attempt. */
  pending: number;
  /** Given up on, waiting for an operator's resend. */
  failed: number;
  /** When the submission of the oldest pending message was received; null when none is pending. */
  oldestPendingAt: Date | null;
}

/** What the database records of a daily job's runs, for the health watch (a backup that stopped succeeding). */
export interface ScheduledJobStatus {
  /** When the last successful run ended; null when none has yet. */
  lastSuccessAt: Date | null;
  /** When the last run (of any outcome) began. */
  lastStartedAt: Date | null;
  /** The last failed run's error; null after a success. */
  lastError: string | null;
}

/** What the app, the desk and the outbox worker may do with submissions; both databases implement it in full. */
export interface Storage extends DeskStorage, CustomerStorage {
  /**
   * Saves the submission, its files and one outbox row per recipient in ONE transaction, and returns
   * the human reference (Q-2026-000123, C-2026-000045) only once that transaction has committed.
   */
  saveSubmission(submission: NewSubmission): Promise<SavedSubmission>;
  /** The submission saved with this key, if any (a repeated form post is answered from it). */
  findByIdempotencyKey(key: string): Promise<SavedSubmission | undefined>;
  getSubmission(reference: string): Promise<Submission | undefined>;
  /**
   * Queues a mail in the outbox by its facts, sent by the worker like the notifications (retries,
   * leases, failure state): about a submission when `reference` is given, else about none.
   */
  queueMail(mail: QueuedFacts, options: { recipient: 'customer' | 'staff'; reference?: string }): Promise<void>;
  /** Each mail owed for the submission, sent or not, with its attempts (the desk and the CLI's show). */
  notificationsOf(reference: string): Promise<NotificationState[]>;
  /** Newest first. */
  listSubmissions(options?: { limit?: number; kind?: SubmissionKind }): Promise<SubmissionSummary[]>;
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
  /** Gives the claim back, due at once, for another worker (shutdown before the send began). */
  releaseNotification(claim: Pick<ClaimedNotification, 'id' | 'claim'>): Promise<void>;
  /**
   * Deletes the submissions created before `cutoff` with their files and notifications (the privacy
   * policy's SUBMISSION_RETENTION_MONTHS), whatever their mail's state: a notification not sent by then
   * goes with its submission, and the references of those never mailed to the shop are returned. In
   * batches, so the server's saves are never held up for long; each submission goes whole or not at all.
   * With `dryRun` nothing is deleted and the result is what a real run would do; an aborted `signal`
   * stops it between batches (shutdown), with what was deleted so far. On SQLite a purge that
   * deleted something then empties the write-ahead log, so the deleted text is in neither file.
   */
  deleteSubmissionsBefore(cutoff: Date, options?: { dryRun?: boolean; signal?: AbortSignal }): Promise<PurgeResult>;
  /**
   * Counts one hit for `key` in its window (a new window of `windowMs` from the database's clock once
   * the last one has run out) and returns the hits so far and when the window ends. Every instance on
   * the same database counts into the same row.
   */
  countHit(key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }>;
  /** Takes one hit back (never below zero), or forgets the key altogether. */
  uncountHit(key: string, options?: { all?: boolean }): Promise<void>;
  /**
   * Claims the run of the job `name` for `leaseMs` when its last successful run ended `intervalMs` or more
   * ago (or it never ran) and no other instance holds a live lease on it, all by the database's clock;
   * resolves undefined otherwise. One statement on one row: of any number of instances asking at once on
   * the same database, one gets it.
   */
  claimScheduledJob(
    name: string,
    timing: { intervalMs: number; leaseMs: number },
  ): Promise<ScheduledJobClaim | undefined>;
  /**
   * Records the end of a claimed run and gives the lease back: a success dates the next run
   * `intervalMs` from now; a failure keeps the last success (so the next check runs it again) and its
   * error. False, with nothing recorded, when the lease had run out and another instance took the job.
   */
  finishScheduledJob(claim: ScheduledJobClaim, outcome: { ok: true } | { error: string }): Promise<boolean>;
  /**
   * Counts `bytes` of artwork against `key`'s budget in one atomic statement, or counts nothing and
   * answers when the window ends if that would pass `limitBytes`. A window of `windowMs` starts (by the
   * database's clock) at the first bytes after the last one ran out. Every instance on the same database
   * counts into the same row, so two uploads at once cannot both slip past the limit.
   */
  spendUploadBytes(key: string, bytes: number, budget: UploadBudget): Promise<UploadSpend>;
  /** Gives bytes back (never below zero): they were counted, then not stored after all. */
  refundUploadBytes(key: string, bytes: number): Promise<void>;
  /** How much mail is owed (for /metrics, read at each scrape). */
  outboxDepth(): Promise<OutboxDepth>;
  /**
   * When any instance last sent a notification (the database's clock), or null when none was ever sent:
   * the health watch's "mail stalled". Not indexed: read only once messages have waited a while.
   */
  lastMailSentAt(): Promise<Date | null>;
  /** The recorded runs of the daily job `name`, or undefined when it never started on this database. */
  scheduledJobStatus(name: string): Promise<ScheduledJobStatus | undefined>;
  /** Resolves once the database answers a query; rejects while it cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// The staff desk's part of the contract (issue 13): requests with their status and activity log, staff
// sign-in links and sessions.

/** Who did something to a request: a member of staff (by address), the customer, or the server itself. */
export type Actor = `staff:${string}` | 'customer' | 'system';

/** What the inbox asks for: one page of requests, newest first. */
export interface RequestFilter {
  status?: RequestStatus;
  kind?: SubmissionKind;
  /** Matched against the reference, name, e-mail and company (case-insensitive, anywhere in them). */
  search?: string;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** One row of the inbox. */
export interface RequestListItem {
  reference: string;
  kind: SubmissionKind;
  status: RequestStatus;
  name: string;
  email: string;
  createdAt: Date;
  /** Null while nobody at the shop has opened it. */
  readAt: Date | null;
  /** The validated form fields (company, service, quantity, in-hands date…). */
  payload: Record<string, unknown>;
}

/** One page of the inbox, with the totals its filters and tabs show. */
interface RequestList {
  items: RequestListItem[];
  /** Requests matching the whole filter (for paging). */
  total: number;
  /** Requests per status, for the kind and search (not the status) of the filter. */
  counts: Partial<Record<RequestStatus, number>>;
  /** Unread requests for the kind and search of the filter. */
  unread: number;
}

/** One line of a request's activity log. */
export interface RequestEvent {
  at: Date;
  actor: Actor;
  /** received, opened, status, note… */
  type: string;
  data: Record<string, unknown>;
}

/** A request as the desk shows it: what the customer sent, where it stands, and what happened to it. */
export interface RequestDetail extends Submission {
  status: RequestStatus;
  statusChangedAt: Date | null;
  readAt: Date | null;
  /** The day the order is promised for, once the proof is approved. */
  promised?: PromisedDate;
  events: RequestEvent[];
}

/** What a status change answered: done, not found, or the request had moved on meanwhile (someone else). */
type StatusChange = 'changed' | 'missing' | 'conflict';

/** A quote as sent: one frozen version. */
export interface SentQuote extends QuoteTerms {
  version: number;
  totalCents: number;
  sentAt: Date;
  sentBy: Actor;
}

/** A proof as sent, without its file (read on its own, for the preview and the download). */
export interface SentProof {
  version: number;
  name: string;
  mediaType: string;
  size: number;
  widthInches: number | null;
  heightInches: number | null;
  notes: string;
  sentAt: Date;
  sentBy: Actor;
}

/** A new version to send: what it holds, and the status move that goes with it (checked by the caller). */
interface VersionSend {
  /** The status the caller saw: the send only happens while the request is still in it. */
  from: RequestStatus;
  to: RequestStatus;
  actor: Actor;
  /** The customer's mail, once the version's number is known. */
  mail: (version: number) => QueuedFacts;
}

/** What sending a version answered: its number, or why nothing was sent. */
type VersionSent = { sent: true; version: number } | { sent: false; reason: 'missing' | 'conflict' };

/** The desk's reads and writes; every write also appends to the request's activity log in the same transaction. */
export interface DeskStorage {
  listRequests(filter: RequestFilter): Promise<RequestList>;
  getRequest(reference: string): Promise<RequestDetail | undefined>;
  /** Where a request stands and whom to write to, without its files: what the desk's posts check first. */
  getRequestState(
    reference: string,
  ): Promise<
    { kind: SubmissionKind; status: RequestStatus; name: string; email: string; promised?: PromisedDate } | undefined
  >;
  /** One file of a request by its position (0-based), for downloads and previews. */
  getRequestFile(reference: string, position: number): Promise<StoredFile | undefined>;
  /** Marks it read (the first time only) and logs who opened it; false when there is no such request. */
  markRequestRead(reference: string, actor: Actor): Promise<boolean>;
  /**
   * Moves a request from `from` to `to` (the caller checks the move is allowed) with an optional message
   * for the customer, logged, and its mail queued in the same transaction. Only when it is still in
   * `from`: two people clicking at once cannot both move it.
   */
  changeRequestStatus(
    reference: string,
    change: { from: RequestStatus; to: RequestStatus; actor: Actor; message?: string; mail?: QueuedFacts },
  ): Promise<StatusChange>;
  /**
   * Freezes a quote as the request's next version (v1, v2…), moves the request `from` → `to`, logs it
   * and queues the customer's mail, in one transaction; only while the request is still in `from`.
   */
  sendQuote(reference: string, terms: QuoteTerms, send: VersionSend): Promise<VersionSent>;
  /** Every quote sent for the request, oldest first. */
  quotesOf(reference: string): Promise<SentQuote[]>;
  /** Stores a proof as the request's next version, with the status move, log line and mail, as sendQuote does. */
  sendProof(
    reference: string,
    proof: { file: StoredFile; widthInches: number | null; heightInches: number | null; notes: string },
    send: VersionSend,
  ): Promise<VersionSent>;
  /** Every proof sent for the request, oldest first, without the files. */
  proofsOf(reference: string): Promise<SentProof[]>;
  /** One proof's file by its version. */
  getProofFile(reference: string, version: number): Promise<StoredFile | undefined>;
  /** The quote form's fields as the customer posted them; undefined for a contact message or an older request. */
  formValuesOf(reference: string): Promise<Record<string, string> | undefined>;
  /** Appends an internal note to the activity log; false when there is no such request. */
  addRequestNote(reference: string, actor: Actor, text: string): Promise<boolean>;
  /**
   * The shop's message to the customer: logged in the thread and its mail queued, in one transaction;
   * false when there is no such request.
   */
  sendRequestMessage(reference: string, actor: Actor, text: string, mail: QueuedFacts): Promise<boolean>;
  /** Moves the day the order is promised for, logged with the one it replaces, and mails the customer; false when there is no such request. */
  changePromisedDate(reference: string, change: { promised: PromisedDate; actor: Actor }): Promise<boolean>;

  /** Keeps a sign-in link for `email`, by the hash of its secret, usable until `ttlMs` from now. */
  createStaffSignInLink(tokenHash: string, email: string, ttlMs: number): Promise<void>;
  /** A link not used yet and not expired (by the database's clock): whose it is and until when; it stays unused. */
  findStaffSignInLink(tokenHash: string): Promise<{ email: string; expiresAt: Date } | undefined>;
  /**
   * Uses the link once: its address, or undefined when unknown, used or expired (by the database's
   * clock). Every other unused link of that address ends with it.
   */
  consumeStaffSignInLink(tokenHash: string): Promise<string | undefined>;
  /** Starts a session ending at the latest `absoluteMs` from now. */
  createStaffSession(idHash: string, email: string, absoluteMs: number): Promise<void>;
  /**
   * The session's address, and its idle clock restarted; undefined when unknown, idle for `idleMs` or
   * past its absolute end (such a session is deleted).
   */
  touchStaffSession(idHash: string, idleMs: number): Promise<string | undefined>;
  endStaffSession(idHash: string): Promise<void>;
  /**
   * "Sign out on every device": ends every session of that address and every link of it not used yet;
   * how many sessions there were.
   */
  endStaffSessionsOf(email: string): Promise<number>;
  /**
   * Deletes what sign-in leaves behind once it is of no use: links and sessions a day past their end,
   * and sign-in mails (the mail about no request) queued over a day ago. How many of each.
   */
  deleteStaleSignIns(): Promise<{ links: number; sessions: number; mails: number }>;
}

// The customer's private page (issue 14): the link's hash and version, the request as the customer
// sees it, and what the customer may do there (write to the shop, cancel).

/**
 * A request's link as kept: which version is live and the random salt its secret is made from (never
 * the secret); null for a contact message. `legacyLinkHash` is the SHA-256 of a link mailed before the
 * salts (migration 0015), which opens the page until the link is replaced; null otherwise.
 */
export interface RequestLinkState {
  kind: SubmissionKind;
  linkVersion: number;
  linkSalt: string | null;
  legacyLinkHash: string | null;
}

/** A file of a request without its bytes, for lists (position is its place among the request's files). */
export interface StoredFileInfo {
  position: number;
  name: string;
  mediaType: string;
  size: number;
}

/** A request as its customer's page reads it: no files' bytes, no notes (the page filters the log). */
export interface CustomerRequest {
  reference: string;
  kind: SubmissionKind;
  status: RequestStatus;
  name: string;
  email: string;
  createdAt: Date;
  payload: Record<string, unknown>;
  /** The day the order is promised for, once the proof is approved. */
  promised?: PromisedDate;
  files: StoredFileInfo[];
  events: RequestEvent[];
}

/** What a customer's cancel answered: done, not found, or too late (the request had moved past `from`). */
type CustomerCancel = 'cancelled' | 'missing' | 'too-late';

/** What the customer decided on a version, and the record kept of it. */
export interface VersionDecision {
  subject: 'quote' | 'proof';
  version: number;
  decision: 'approved' | 'changes';
  /** The name typed to approve ('' when asking for changes). */
  name: string;
  comment: string;
  ip: string;
  userAgent: string;
  /** Who recorded it: the customer on their page (the default), or the shop for an approval given in person. */
  actor?: Actor;
  /** Given at the shop's counter and recorded by the staff member in `actor`. */
  inPerson?: boolean;
  /** The day the order is promised for, kept should this approval reach Proof approved. */
  promised?: PromisedDate;
  mail?: QueuedFacts;
}

/** What recording a decision answered. */
export type DecisionOutcome = 'recorded' | 'missing' | 'not-waiting' | 'superseded' | 'expired';

/** A decision as recorded. */
export interface Approval {
  subject: 'quote' | 'proof';
  version: number;
  decision: 'approved' | 'changes';
  name: string;
  comment: string;
  ip: string;
  userAgent: string;
  at: Date;
}

/** The customer's page's reads and writes; every write appends to the request's activity log in its transaction. */
export interface CustomerStorage {
  requestLinkOf(reference: string): Promise<RequestLinkState | undefined>;
  /**
   * Replaces the link: version `fromVersion` + 1 with a new salt (and no link from before the salts),
   * logged with `actor`. False when there is no such request or someone replaced it meanwhile (the
   * version had moved on).
   */
  replaceRequestLink(reference: string, change: { fromVersion: number; salt: string; actor: Actor }): Promise<boolean>;
  getCustomerRequest(reference: string): Promise<CustomerRequest | undefined>;
  /**
   * The customer's message, its files (after the request's others) and the shop's mail, in one
   * transaction; false when there is no such request.
   */
  addCustomerMessage(
    reference: string,
    message: { text: string; files: StoredFile[]; mail?: QueuedFacts },
  ): Promise<boolean>;
  /**
   * The customer's decision on a quote or proof version, recorded for good with when, from where and
   * which version, in one transaction with its log lines, the status move of an approval and the shop's
   * mail; the request is unread again. Whether it may be taken, and where it moves the request, is
   * `judge`'s answer (the request service's rule) on what the request holds under its lock.
   */
  decideVersion(
    reference: string,
    decision: VersionDecision,
    judge: (state: DecisionState) => DecisionVerdict,
  ): Promise<DecisionOutcome>;
  /** Every decision recorded on the request, oldest first. */
  approvalsOf(reference: string): Promise<Approval[]>;
  /** Cancels the request if it is still in one of `from`, logged as the customer's, its mail to the shop queued. */
  cancelByCustomer(
    reference: string,
    cancel: { from: readonly RequestStatus[]; reason?: string; mail?: QueuedFacts },
  ): Promise<CustomerCancel>;
}
