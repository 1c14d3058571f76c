import type { Letterhead } from '#shared/letterhead.ts';

/**
 * What the server hands the invoice page (client/invoice, rendered by the SSR entry's renderInvoice):
 * one approved request's invoice, amounts already formatted. Server-rendered only, no script; printable.
 */
export interface InvoiceView {
  /**
   * The books' number (INV-000042), issued once per approved quote version without gaps, so a revision is a
   * new invoice; INV-<year>-<number>-<version> where no books are wired.
   */
  number: string;
  reference: string;
  /** YYYY-MM-DD: the day the quote was approved. */
  issued: string;
  shop: Letterhead;
  customer: { name: string; email: string; company?: string };
  lines: {
    label: string;
    quantity: number;
    unit: string;
    total: string;
    tax?: { className: string; amount: string };
  }[];
  subtotal: string;
  /**
   * Sales tax as the quote charged it (its "Sales tax" lines), and what is said of it: where it was counted,
   * or why none is owed. `byJurisdiction` when the tax rules counted it, one row per jurisdiction.
   */
  tax: { amount: string; statement: string; byJurisdiction?: { label: string; amount: string }[] };
  total: string;
  /** Goodwill discounts given after the invoice, each on its own credit note: they lower the balance due. */
  discount?: string;
  payments: { at: string; what: string; amount: string; refund: boolean }[];
  paid: string;
  balanceDue: string;
  /**
   * The terms as the books issued the invoice: "Net 30" or "Due on receipt", the due day (YYYY-MM-DD),
   * the customer's purchase-order number, and the day it became overdue when unpaid past its due day.
   */
  terms?: { label: string; due: string; poNumber?: string; overdueSince?: string };
  /** Where "Back" goes: the customer's page or the desk's. */
  backPath: string;
  backLabel: string;
}

/** Per request: the stylesheets and the shop's time zone. */
export interface InvoiceRenderOptions {
  timeZone: string;
  stylesheets: readonly string[];
}
