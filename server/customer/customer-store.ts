import type { Actor, RequestEvent } from '#server/storage/activity.ts';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import type { StoredFileInfo } from '#server/storage/request-rows.ts';
import type { StoredFile, SubmissionKind } from '#server/submissions/submission-store.ts';
import type { BookedWork } from '#shared/production/production-load.ts';
import type { DecisionState, DecisionVerdict } from '#shared/requests/decision-rules.ts';
import type { Booking, PromisedDate } from '#shared/requests/promised-date.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';

// The customer's private page: the link's hash and version, the request as the customer
// sees it, and what the customer may do there (write to the shop, cancel).

/**
 * A request's link as kept: which version is live and the random salt its secret is made from (never
 * the secret); null for a contact message. `legacyLinkHash` is the SHA-256 of a link mailed before the
 * salts (migration 0015), which opens the page until the link is replaced; null otherwise.
 */
interface RequestLinkState {
  kind: SubmissionKind;
  linkVersion: number;
  linkSalt: string | null;
  legacyLinkHash: string | null;
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
  /** When the customer asked for a fresh quote for an expired one, until the shop sends one. */
  freshQuoteAskedAt?: Date;
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
  /**
   * The booking should this approval reach Proof approved: worked out from the orders already booked,
   * read under the production lock, so two approvals at once cannot both take a day's last capacity.
   */
  book?: (booked: readonly BookedWork[]) => Booking | undefined;
  mail?: QueuedFacts;
  /** The order terms agreed to with a proof's approval, as JSON: kept with the record. */
  terms?: string;
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
  /** A proof's approval: the SHA-256 (hex) of the exact file approved. */
  fileSha256?: string;
  /** A proof's approval: the order terms agreed to, as JSON. */
  terms?: string;
}

/** The customer's page's reads and writes; every write appends to the request's activity log in its transaction. */
export interface CustomerStore {
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
  /**
   * The customer asks for a fresh quote (their quote `version` expired): kept on the request until the
   * shop sends a quote, logged as theirs, the request made unread and its mail to the shop queued.
   * Once: `already` when asked before and not answered yet; `not-quoted` when no quote waits.
   */
  askFreshQuote(
    reference: string,
    ask: { version: number; mail?: QueuedFacts },
  ): Promise<'asked' | 'already' | 'not-quoted' | 'missing'>;
}
