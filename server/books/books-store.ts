import type { Kysely } from 'kysely';
import type { StorageDatabase } from '#server/storage/schema.ts';
import type { NetDays } from '#shared/books/invoice-terms.ts';
import type { QuoteLine } from '#shared/requests/quote.ts';

/**
 * The shop's books: invoices as issued and the money counted, kept apart from the requests they came
 * from so that the privacy purge can delete a request and leave its amounts, dates and numbers.
 */

/** An invoice as it was issued: its number is given once and never changes. */
export interface IssuedInvoice {
  number: number;
  reference: string;
  quoteVersion: number;
  issuedAt: Date;
  currency: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** The quote's lines as issued, its sales-tax lines among them. */
  lines: QuoteLine[];
  /** Emptied by the privacy purge. */
  customer: { name: string; email: string; company: string };
  /** When the request was purged and the names emptied; null while it is kept. */
  purgedAt: Date | null;
  /** Days to pay from the issue day, as the request's terms were when it was issued: 0 is due on receipt. */
  netDays: number;
  /** The customer's purchase-order number as issued; empty when none. */
  poNumber: string;
}

/** The payment terms the desk set on a request, for the next invoice the books issue for it. */
export interface InvoiceTermsSetting {
  netDays: NetDays;
  poNumber: string;
}

/** An invoice still owed on: the request's newest, with what is left to pay on it. */
export interface Receivable {
  invoice: IssuedInvoice;
  balanceCents: number;
}

/** A counted payment or refund as the books keep it. */
export interface BookEntry {
  /** The payment row's id: never reused, the entry's id in every export. */
  paymentId: number;
  reference: string;
  kind: 'payment' | 'refund';
  method: string;
  purpose: string;
  amountCents: number;
  currency: string;
  at: Date;
  /** The request's newest invoice when the money moved. */
  invoiceNumber: number | null;
  /** A refund's credit note. */
  creditNoteNumber: number | null;
  note: string;
  purgedAt: Date | null;
  /**
   * Stripe's fee on card money, from its balance transaction (on a refund, what Stripe kept or gave
   * back of the fee); null while not known yet, and for money that never went through Stripe.
   */
  feeCents: number | null;
  /** A check's number as the desk typed it; empty for any other money. */
  checkNumber: string;
}

/** A goodwill discount: what is owed is lowered; no money moves. */
export interface BookDiscount {
  id: number;
  reference: string;
  amountCents: number;
  currency: string;
  /** Emptied by the privacy purge. */
  reason: string;
  invoiceNumber: number;
  creditNoteNumber: number;
  at: Date;
  purgedAt: Date | null;
}

type DiscountOutcome =
  | { ok: true; creditNoteNumber: number }
  | { ok: false; reason: 'no-request' }
  | { ok: false; reason: 'no-invoice' }
  | { ok: false; reason: 'too-much'; owedCents: number };

export interface BooksStore {
  /** The request's payment terms (due on receipt until the desk sets others); undefined: no such request. */
  termsOf(reference: string): Promise<InvoiceTermsSetting | undefined>;
  /**
   * Sets the request's payment terms for its next invoice, logged on the request; an invoice already
   * issued keeps the terms it was issued with. False when there is no such request.
   */
  setTerms(reference: string, terms: InvoiceTermsSetting & { actor: `staff:${string}` }): Promise<boolean>;
  /**
   * Every request's newest invoice still owed on and issued with days to pay (net terms), oldest due
   * first, after posting: what the month view lists and the reminders mail about.
   */
  receivables(): Promise<Receivable[]>;
  /**
   * Lowers what the request owes by `amountCents`, never below nothing, with a credit note: under the
   * request's lock, against its newest invoice. No invoice yet (no approved quote): nothing to lower.
   */
  giveDiscount(
    reference: string,
    discount: { amountCents: number; reason: string; actor: `staff:${string}` },
  ): Promise<DiscountOutcome>;
  /** The request's discounts, oldest first. */
  discountsOf(reference: string): Promise<BookDiscount[]>;
  /** A discount's credit note, with the invoice it lowers. */
  discountByCreditNote(
    number: number,
  ): Promise<{ discount: BookDiscount; invoice: IssuedInvoice | undefined } | undefined>;
  /**
   * Issues an invoice for every approved quote without one and posts every counted payment and refund
   * not yet in the books (a refund with its credit note's number), in the order they happened. Runs
   * before every read, so a number is given before anyone can see the invoice or credit note.
   */
  post(): Promise<void>;
  /** The invoice issued for that quote version of the request, after posting. */
  invoiceOf(reference: string, quoteVersion: number): Promise<IssuedInvoice | undefined>;
  /** An invoice by its number, after posting. */
  invoiceByNumber(number: number): Promise<IssuedInvoice | undefined>;
  /** Every invoice and entry of a request, after posting. */
  booksOf(reference: string): Promise<{ invoices: IssuedInvoice[]; entries: BookEntry[] }>;
  /**
   * The request's refunds the books have numbered so far, without posting: for a page read far more often
   * than the books (the customer's), where posting the whole books on each view would be the cost.
   */
  refundsNumberedOf(reference: string): Promise<BookEntry[]>;
  /**
   * The request's invoices the books have issued so far, oldest first, without posting: for the desk's
   * request page, read on every view, where posting the whole books each time would be the cost.
   */
  invoicesIssuedOf(reference: string): Promise<IssuedInvoice[]>;
  /** The credit note of a refund row, by the row's id. */
  creditNoteOfPayment(paymentId: number): Promise<number | undefined>;
  /** A credit note: the refund's entry, with the invoice it credits when there is one. */
  creditNote(number: number): Promise<{ entry: BookEntry; invoice: IssuedInvoice | undefined } | undefined>;
  /** Invoices issued and entries dated from `from` (included) to `to` (excluded), after posting. */
  between(
    from: Date,
    to: Date,
  ): Promise<{ invoices: IssuedInvoice[]; entries: BookEntry[]; discounts: BookDiscount[] }>;
  /**
   * The books' own retention: records of purged requests dated before `cutoff` go. A request still
   * kept keeps its records whatever their age.
   */
  deleteBefore(cutoff: Date): Promise<{ invoices: number; entries: number }>;
}

/**
 * What the privacy purge runs in its own transaction before it deletes requests: their books are
 * posted and their personal data emptied, so the deletion leaves amounts, dates and numbers.
 */
export interface BooksKeepStep {
  keep(trx: Kysely<StorageDatabase>, submissionIds: readonly number[]): Promise<void>;
}
