import type { CustomerRequest } from '#server/customer/customer-store.ts';
import type { Actor, RequestEvent } from '#server/storage/activity.ts';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import type { StoredFile, Submission, SubmissionKind } from '#server/submissions/submission-store.ts';
import type { PromisedDate } from '#shared/requests/promised-date.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';

// The staff desk's part of the contract: requests with their status and activity log, staff
// sign-in links and sessions.

/** What the inbox asks for: one page of requests, newest first. */
export interface RequestFilter {
  status?: RequestStatus;
  kind?: SubmissionKind;
  /** Matched against the reference, name, e-mail and company (case-insensitive, anywhere in them). */
  search?: string;
  /** From 1. */
  page: number;
  pageSize: number;
  /** A search counts its matches up to this many (default 200: desk-queries.ts), beyond: `uncounted`. */
  countUpTo?: number;
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
  /** When the customer asked for a fresh quote for an expired one, until the shop sends one. */
  freshQuoteAskedAt?: Date;
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
  /**
   * Set (to the limit) when the search matched more than it counts: `counts` and `unread` are then empty,
   * and `total` is only as far as this page and the next request, so a page after this one exists while
   * `total` is past it.
   */
  uncounted?: number;
}

/**
 * A request as the desk's page shows it: what its customer's page reads (its row, its files without their
 * bytes: a page lists them and links each one, the artwork is read only when opened, and its log), and
 * where the shop stands with it.
 */
export interface RequestView extends CustomerRequest {
  statusChangedAt: Date | null;
  readAt: Date | null;
}

/** A request as the desk shows it: what the customer sent, where it stands, and what happened to it. */
export interface RequestDetail extends Submission {
  status: RequestStatus;
  statusChangedAt: Date | null;
  readAt: Date | null;
  /** The day the order is promised for, once the proof is approved. */
  promised?: PromisedDate;
  /** When the customer asked for a fresh quote for an expired one, until the shop sends one. */
  freshQuoteAskedAt?: Date;
  events: RequestEvent[];
}

/** What a status change answered: done, not found, or the request had moved on meanwhile (someone else). */
type StatusChange = 'changed' | 'missing' | 'conflict';

/** The desk's reads and writes; every write also appends to the request's activity log in the same transaction. */
export interface DeskStore {
  listRequests(filter: RequestFilter): Promise<RequestList>;
  /** The request with its files' bytes: for what draws or sends them (mockups, press files). */
  getRequest(reference: string): Promise<RequestDetail | undefined>;
  /** The request as its page on the desk shows it, in three reads and without any file's bytes. */
  getRequestView(reference: string): Promise<RequestView | undefined>;
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
    change: {
      from: RequestStatus;
      to: RequestStatus;
      actor: Actor;
      message?: string;
      /** Why it was cancelled, kept with the move (the customer reads it). */
      reason?: string;
      mail?: QueuedFacts;
    },
  ): Promise<StatusChange>;
  /**
   * Undoes the request's last cancel when it was made within `withinMs` (the database's clock): back to the
   * status it was cancelled from, logged. The cancel's mail to the customer is withdrawn while unsent;
   * once sent (or being sent), or when the customer cancelled it themselves, a mail tells them it is undone.
   */
  undoCancel(
    reference: string,
    undo: { actor: Actor; withinMs: number },
  ): Promise<
    | { outcome: 'undone'; to: RequestStatus; told: boolean; withdrawn: number }
    | { outcome: 'missing' | 'not-cancelled' | 'too-late' }
  >;
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
