import type { Transaction } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { StorageDatabase } from '#server/storage/schema.ts';

/** Group orders: the organiser's share link collects each person's size, name and number. */

type GroupState = 'open' | 'closed' | 'cancelled';
/** Who pays for each person's piece: the organiser (one bill) or each member when joining. */
type GroupPayer = 'organiser' | 'members';

/** What the organiser sets when starting a group (and may change while it is open). */
export interface GroupSettings {
  title: string;
  deadline: Date;
  asksNames: boolean;
  asksNumbers: boolean;
  note: string;
  payer: GroupPayer;
  /** What each member pays, in cents, when the members pay; null otherwise. */
  priceCents: number | null;
  allowRepeat: boolean;
}

/** A group as stored. */
export interface StoredGroup extends GroupSettings {
  id: number;
  reference: string;
  /** The share link's salt; null while the link is revoked. */
  shareSalt: string | null;
  state: GroupState;
  closedAt: Date | null;
  closedBy: string | null;
  /** The organiser's previous visit to the roster (before the current one). */
  organiserSeenAt: Date | null;
  createdAt: Date;
}

/** What one person gives. */
export interface GroupEntryInput {
  name: string;
  email: string;
  size: string;
  quantity: number;
  backName: string;
  backNumber: string;
}

/** One entry as stored. */
export interface StoredGroupEntry extends GroupEntryInput {
  id: number;
  groupId: number;
  editSalt: string;
  addedBy: string;
  visitor: string;
  payment: 'none' | 'pending' | 'paid';
  createdAt: Date;
  changedAt: Date;
  removedAt: Date | null;
}

/** Why a group took nothing: each has its own sentence on the page. */
export type GroupRefusal =
  | 'paid-price'
  | 'closed'
  | 'cancelled'
  | 'past-deadline'
  | 'duplicate'
  | 'group-full'
  | 'visitor-full'
  // A member who paid by card changes how many: the payment covers the pieces paid for, no more.
  | 'paid-quantity'
  // An entry paid by card is taken off by the shop alone, which refunds the card as it does.
  | 'paid-entry'
  // A member changes how many while a Checkout page for the old amount may still be paid.
  | 'payment-open'
  | 'gone';

/** The limits an entry is checked against, in the same transaction as it is stored. */
interface EntryLimits {
  perGroup: number;
  perVisitor: number;
}

/** How an entry came to be: a member at the share link, the organiser or the shop by hand. */
export interface NewEntry {
  input: GroupEntryInput;
  editSalt: string;
  addedBy: 'member' | Actor;
  visitor: string;
  limits: EntryLimits;
  /** A member who pays when joining: the entry waits for Stripe's word. */
  payment: 'none' | 'pending';
}

export type EntryOutcome = { ok: true; entry: StoredGroupEntry } | { ok: false; reason: GroupRefusal };

/** What closing a group wrote into the request: the totals and the per-piece list. */
export interface ClosedRoster {
  sizes: Record<string, number>;
  quantity: number;
  roster: string[];
}

/**
 * The request's website estimate in words for its quote form's fields with the closed roster's sizes:
 * the close stores it in place of the estimate made for the count guessed before anyone joined.
 */
export type Reprice = (formValues: Record<string, string>, quantity: number, arrived: Date) => string;

export interface GroupStore {
  /**
   * Starts the request's group with its first share link salt, logged and the link mailed to the
   * organiser in one transaction. 'exists' when the request has one already; undefined when the
   * request is gone or is not a quote request.
   */
  startGroup(
    reference: string,
    settings: GroupSettings,
    shareSalt: string,
  ): Promise<StoredGroup | 'exists' | undefined>;
  /** The request's group, if it has one. */
  groupOf(reference: string): Promise<StoredGroup | undefined>;
  /** A group by its id (the share link's first part). */
  groupById(id: number): Promise<StoredGroup | undefined>;
  /** Every entry of the group, oldest first, removed ones included (with removedAt). */
  entriesOf(groupId: number): Promise<StoredGroupEntry[]>;
  /** One entry with its group. */
  entryById(entryId: number): Promise<{ entry: StoredGroupEntry; group: StoredGroup } | undefined>;
  /**
   * Adds an entry if the group takes it now (open, before the deadline for a member, within the caps,
   * not a second entry for the same name and e-mail unless allowed). A member's entry queues their
   * receipt (with the private edit link) in the same transaction.
   */
  addEntry(groupId: number, entry: NewEntry): Promise<EntryOutcome>;
  /** Changes an entry while the group is open (and, for a member, before the deadline). */
  changeEntry(entryId: number, input: GroupEntryInput, by: 'member' | Actor): Promise<EntryOutcome>;
  /**
   * Removes an entry (its row stays, marked); refused once the group is closed, and to the member and
   * the organiser when the entry is paid by card (the desk removes it and refunds the card).
   */
  removeEntry(entryId: number, by: 'member' | Actor): Promise<EntryOutcome>;
  /** Moves the deadline of an open group; false when it is not open. */
  extendDeadline(groupId: number, deadline: Date, actor: Actor): Promise<boolean>;
  /** A new share link salt (null: revoked, no link works); false when the group is gone. */
  replaceShareSalt(groupId: number, salt: string | null, actor: Actor): Promise<boolean>;
  /** Notes the organiser's visit: the next visit marks what changed after this one. */
  markOrganiserSeen(groupId: number): Promise<void>;
  /**
   * Closes an open group: the request's sizes and quantity become the roster's totals and the names
   * and numbers a per-piece list, with an activity line for the desk, in one transaction. Undefined
   * when the group was not open (closed already: nothing changes twice).
   */
  closeGroup(groupId: number, actor: Actor, reprice?: Reprice): Promise<ClosedRoster | undefined>;
  /** Open groups whose deadline has passed, for the closing job. */
  groupsPastDeadline(): Promise<number[]>;
}

/**
 * What the groups do inside another feature's transaction: the quote's approval (the customer's
 * decision) closes the request's open group in the approval's own transaction.
 */
export interface GroupApprovalStep {
  closeAtApproval(trx: Transaction<StorageDatabase>, submissionId: number, actor: Actor): Promise<void>;
}
