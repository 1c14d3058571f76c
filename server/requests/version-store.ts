import type { Actor } from '#server/storage/activity.ts';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { ProofPinStore } from './proof-pin-store.ts';

/** Quotes and proofs: numbered versions of a request, each frozen when the desk sends it. */

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
export interface VersionSend {
  /** The status the caller saw: the send only happens while the request is still in it. */
  from: RequestStatus;
  to: RequestStatus;
  actor: Actor;
  /** The customer's mail, once the version's number is known. */
  mail: (version: number) => QueuedFacts;
}

/** What sending a version answered: its number, or why nothing was sent. */
type VersionSent = { sent: true; version: number } | { sent: false; reason: 'missing' | 'conflict' };

/** The desk's sending and reading of quote and proof versions, and the quote form they are priced from. */
export interface VersionStore extends ProofPinStore {
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
  /**
   * Puts a design the shop edited in the studio in place of the form's, logging the one it replaces, in one
   * transaction; false when the request or its form is gone.
   */
  replaceDesign(reference: string, json: string, edit: { actor: Actor; location: string }): Promise<boolean>;
  /** The designs the shop's edits replaced, oldest first: the customer's own is the first. */
  designsReplaced(reference: string): Promise<ReplacedDesign[]>;
}

/** A design as it was before a studio edit on the desk: its JSON as stored, and when and by whom it was replaced. */
export interface ReplacedDesign {
  json: string;
  location: string;
  replacedAt: Date;
  replacedBy: Actor;
}
