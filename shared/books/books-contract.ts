/**
 * What the server hands the books' pages (client/books, rendered by the SSR entry): a credit note and
 * the desk's month view, amounts already formatted. Server-rendered only, no script; printable.
 */

import type { Letterhead } from '#shared/letterhead.ts';

/** A refund's credit note: never an edited invoice, a document of its own with its own number. */
export interface CreditNoteView {
  number: string;
  reference: string;
  /** When the money went back (ISO). */
  at: string;
  shop: Letterhead;
  /** Null once the request was purged for privacy: the note keeps its amounts, not the names. */
  customer: { name: string; email: string; company?: string } | null;
  /** The invoice it credits, when one was issued. */
  invoice?: { number: string; issued: string; total: string };
  /** Money given back, or a goodwill discount (what is owed lowered, no money moved). */
  kind: 'refund' | 'discount';
  /** How a refund went back; empty for a discount. */
  method: string;
  /** Why a discount was given, until the request is purged. */
  reason?: string;
  amount: string;
  backPath: string;
  backLabel: string;
}

export interface BooksMonthView {
  /** "YYYY-MM" and "November 2026". */
  month: string;
  label: string;
  previous: string;
  next: string;
  figures: { label: string; value: string }[];
  byMethod: { method: string; gross: string; refunds: string; net: string }[];
  invoices: { number: string; reference: string; issued: string; total: string; purged: boolean }[];
  entries: {
    id: string;
    at: string;
    reference: string;
    kind: 'payment' | 'refund';
    method: string;
    document: string;
    /** The credit note's page, for a refund. */
    documentPath?: string;
    amount: string;
    /** Stripe's fee on card money ("Stripe fee $6.46", "Stripe fee not known yet"); absent for other money. */
    fee?: string;
  }[];
  /** Card payments and refunds whose Stripe fee is not known yet (left out of the fees and the net after them). */
  feesUnknown: number;
  /** The payouts Stripe reports arriving in the month; `off` without card payments, `failed` when Stripe did not answer. */
  payouts: BooksPayouts;
  /** Goodwill discounts given: credit notes that move no money. */
  discounts: { number: string; path: string; reference: string; at: string; amount: string }[];
  /**
   * Open invoices issued with days to pay, whatever month they were issued in: as of today, soonest due
   * first, with what is left to pay and whether the due day (YYYY-MM-DD) has passed.
   */
  receivables: {
    number: string;
    reference: string;
    customer: string;
    terms: string;
    due: string;
    balance: string;
    overdue: boolean;
  }[];
  export: { from: string; to: string; layouts: { value: string; label: string }[]; maxDays: number };
}

type BooksPayouts =
  | { state: 'off' }
  | { state: 'failed' }
  | {
      state: 'listed';
      rows: { id: string; arrival: string; amount: string; status: string }[];
      /** What reached the bank: the paid ones. */
      paidTotal: string;
    };

export interface BooksRenderOptions {
  timeZone: string;
  stylesheets: readonly string[];
}
