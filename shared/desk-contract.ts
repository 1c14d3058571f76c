/**
 * What the server hands the desk's React views (client/desk, rendered by the SSR entry's renderDesk):
 * plain data, dates as ISO strings. The desk is rendered on the server only and ships no JavaScript:
 * every action is a plain form with post/redirect/get, so the public pages' bundles never carry it.
 */

import type { BlanksView, DeskStockView, PurchaseOrderView, ToBuyView } from './blanks/blanks-view.ts';
import type { DeskExemptionView } from './books/tax-exemption.ts';
import type { MockupView } from './garments/mockup-view.ts';
import type { DeskGroupView, GroupPackingView } from './groups/group-contract.ts';
import type { BoardView, CapacityView, WorkOrderView } from './production/board-view.ts';
import type { AskedView } from './requests/asked-view.ts';
import type { PinView } from './requests/proof-pins.ts';
import type { QuoteView } from './requests/quote-view.ts';
import type { RequestStatus } from './requests/request-status.ts';
import type { DeskTeamStores } from './stores/store-contract.ts';

/** The inbox's filter as the address bar carries it. */
export interface DeskFilter {
  status?: RequestStatus;
  kind?: 'quote' | 'contact';
  search?: string;
  page: number;
}

/** One inbox row, ready to show. */
export interface DeskListItem {
  reference: string;
  kind: 'quote' | 'contact';
  status: RequestStatus;
  name: string;
  email: string;
  company?: string;
  service?: string;
  quantity?: number;
  /** YYYY-MM-DD, when the customer gave one. */
  inHandsDate?: string;
  /** Days from today to the in-hands date (negative once past). */
  daysLeft?: number;
  /** Why the order is at risk on the production board, in words. */
  risk?: string;
  receivedAt: string;
  unread: boolean;
  /** When the customer asked for a fresh quote for an expired one: it needs a new quote. */
  freshQuoteAskedAt?: string;
}

/** What the customer will be sent, shown before the button is pressed. */
export interface DeskMailPreview {
  /** The status the move goes to (the form it is shown under). */
  to: RequestStatus;
  subject: string;
  text: string;
}

/** A request's file as the desk lists it: downloads always, previews for raster images only. */
export interface DeskFile {
  position: number;
  name: string;
  mediaType: string;
  size: number;
  /** PNG and JPEG: shown as a thumbnail. SVG and PDF are never shown, only downloaded. */
  previewable: boolean;
}

/** One print location of a studio design, with the files the press works from. */
export interface DeskDesignLocation {
  /** "Front". */
  label: string;
  /** "3 inks + underbase = 4 screens". */
  sentence: string;
  /** The inks to mix, by the shop's names, bottom layer's first: "Athletic gold", "White". */
  inks: string[];
  /** Screen printing: how many films (one per screen); 0 for the other methods. */
  films: number;
  /**
   * Download addresses: the press file as SVG and PDF and the films PDF for screen printing (the art every
   * shirt shares, absent where the location prints only names and numbers), and the names sheet where each
   * member's name or number is printed.
   */
  files: { svg?: string; pdf?: string; films?: string; names?: string };
  /** The studio opened on this location of the request's design, to edit it and save it back. */
  studio: string;
}

/** One line of the activity log, worded for people. */
export interface DeskEvent {
  at: string;
  who: string;
  what: string;
  /** A note's text, or the message sent with a status change. */
  text?: string;
}

/** One message of the conversation with the customer. */
export interface DeskMessage {
  at: string;
  from: 'customer' | 'shop';
  /** The customer's name, or the staff member's address. */
  who: string;
  text: string;
}

/** The state of one of the request's e-mails. */
export interface DeskMail {
  recipient: string;
  state: 'sent' | 'waiting' | 'failed';
  attempts: number;
  lastError?: string;
}

/** The customer's approval of a version: the record kept of their consent. */
export interface DeskApproval {
  /** The name they typed. */
  name: string;
  at: string;
  ip: string;
  userAgent: string;
  /** The user agent as people say it, "Chrome 131 on Android"; absent when it names no browser known. */
  browser?: string;
  /** A proof's approval: the SHA-256 of the exact file approved. */
  fileSha256?: string;
  /** A proof's approval: the order terms agreed to, in words. */
  terms?: string;
}

/** A quote version as the desk lists it: who sent it, and the customer's approval with its record. */
export interface DeskQuote extends QuoteView {
  approval?: DeskApproval;
  sentBy: string;
  /**
   * Approved by the customer; else open (the newest and still good: the one they can approve),
   * superseded by a later one, or expired (past its date).
   */
  state: 'approved' | 'open' | 'superseded' | 'expired';
}

/** A proof version as the desk lists it. */
export interface DeskProof {
  version: number;
  approval?: DeskApproval;
  name: string;
  size: number;
  /** PNG, JPEG and WebP are shown, and a PDF by its first page when the server could draw it. */
  previewable: boolean;
  /** "12 × 10 in" when the shop gave the print's size. */
  printSize?: string;
  notes: string;
  sentAt: string;
  sentBy: string;
  current: boolean;
  /** The picture's size in pixels, when its header gives it: the pins are drawn over it. */
  pixels?: { width: number; height: number };
  /** The notes pinned on this version. */
  pins: PinView[];
  /** Whether notes can be pinned and answered on it now (the newest, while the proof is open). */
  canPin: boolean;
}

/** One payment or refund as the desk lists it. */
export interface DeskPayment {
  id: number;
  kind: 'payment' | 'refund';
  /** succeeded counts; pending waits for Stripe; held is money not matching what was asked. */
  state: 'succeeded' | 'pending' | 'failed' | 'held';
  what: string;
  method: string;
  amount: string;
  at: string;
  who: string;
  note?: string;
  /** Why it needs a person, in words. */
  flag?: string;
  /** A card payment's part not yet refunded, as the refund field starts ("12.50"). */
  refundable?: string;
  /**
   * The newest refund of this payment the page shows (0 for none). The refund form sends it back, so a
   * second press of the same form is known as such however quickly Stripe answered the first.
   */
  refundSeen?: number;
  /** Stripe's ids, for finding it in the Dashboard. */
  stripe?: string;
}

/** The order's money on the desk. */
export interface DeskMoney {
  quoteVersion: number;
  total: string;
  deposit: string;
  depositPercent: number;
  paid: string;
  /** Goodwill discounts given, when any: what is owed is lowered by them. */
  discount?: string;
  balance: string;
  balanceCents: number;
  depositState: 'due' | 'paid' | 'waived' | 'none';
  depositDue: string;
  waiver?: { by: string; at: string; reason: string };
  /** Whether the deposit can be waived now (due, and production not started). */
  canWaive: boolean;
  payments: DeskPayment[];
  /** Card refunds go through Stripe: only when it is set up. */
  stripe: boolean;
  /** What the terms refund on a cancel: from the status it was cancelled from, or if cancelled now. */
  cancel?: { refund: string; paid: string; text: string; cancelled: boolean };
  invoicePath: string;
}

/** A request's payment terms on the desk: the setting for its next invoice, and the newest one's as issued. */
export interface DeskInvoiceTerms {
  /** Days to pay: 0 is due on receipt. */
  netDays: number;
  poNumber: string;
  choices: { value: number; label: string }[];
  action: string;
  /** The request's invoices as issued (INV-000042), oldest first: a check is recorded against one. */
  invoices: string[];
  /** The newest invoice issued: its terms stay as they were issued, whatever the setting becomes. */
  issued?: { number: string; terms: string; due: string; poNumber?: string };
}

/** One row of the quote editor, as typed (or as filled from the pricing engine). */
export interface DeskQuoteRow {
  label: string;
  quantity: string;
  unit: string;
  /** The tax class chosen (shared/books/sales-tax-rules.ts), as posted. */
  taxClass: string;
  /** The row's total once it reads as a line. */
  total?: string;
  /** Its sales tax over every jurisdiction, once it reads as a line. */
  tax?: string;
}

/** The quote editor's sales tax: where it is counted, each jurisdiction's share, or why there is none. */
export interface DeskQuoteTax {
  /** "picked up at the shop (Springfield, IL)", "delivered to 62704 (…)". */
  where: string;
  lines: { label: string; amount: string }[];
  none?: string;
}

/** Every page of the desk. */
export type DeskView =
  | { page: 'sign-in'; state: 'ask' | 'sent' | 'invalid' | 'signed-out'; next?: string }
  | {
      page: 'confirm-sign-in';
      token: string;
      /** The staff address the link signs in. */
      email: string;
      /** When the unused link stops working (ISO). */
      expiresAt: string;
    }
  | {
      page: 'inbox';
      staff: string;
      filter: DeskFilter;
      items: DeskListItem[];
      total: number;
      pageSize: number;
      counts: Partial<Record<RequestStatus, number>>;
      unread: number;
      /** The search matched more than this many: not counted (no counts, no unread; total only so far). */
      uncounted?: number;
      /** The proofs out with their customers, the longest waiting first, with their open notes. */
      proofsWaiting?: {
        reference: string;
        name: string;
        version: number;
        sentAt: string;
        openPins: number;
        /** The last day an approval keeps the date (YYYY-MM-DD), or the date already missed. */
        deadline?: { day: string; keeps: string } | { late: true; earliest: string };
        /** The approval deadline passed unanswered: the promised date was moved from one day to the other. */
        moved?: { from: string; to: string };
      }[];
    }
  | {
      page: 'request';
      staff: string;
      reference: string;
      kind: 'quote' | 'contact';
      status: RequestStatus;
      name: string;
      email: string;
      receivedAt: string;
      /** The customer's fields as the shop reads them, in form order, and the website's estimate then. */
      asked: AskedView;
      files: DeskFile[];
      /** The studio design sent with the request: per location its ink count and the press files. */
      design?: DeskDesignLocation[];
      /** The customer's artwork on the garment, and each placement the desk may adjust. */
      mockups?: MockupView[];
      placements?: DeskPlacement[];
      /** A DTG print as placed that needs a larger print size than the request was priced at, per location. */
      printSizeWarnings?: string[];
      mails: DeskMail[];
      events: DeskEvent[];
      /** The conversation with the customer, oldest first. */
      thread: DeskMessage[];
      /** Where the shop may move it from here with the status form (a cancel has its own form). */
      moves: RequestStatus[];
      /** Whether it may be cancelled (with a reason and a confirmation). */
      canCancel: boolean;
      /** The cancel may be undone until then (ISO time), back to the status it was cancelled from. */
      undo?: { until: string; to: RequestStatus };
      /** The mails a move sends by itself (Ready, Completed, Cancelled), as they would go now. */
      previews: DeskMailPreview[];
      /** The production board's printable work order, once the quote is approved. */
      workOrder?: string;
      /** When the customer asked for a fresh quote for their expired one (ISO time). */
      freshQuoteAskedAt?: string;
      quotes: DeskQuote[];
      proofs: DeskProof[];
      /** Whether a quote (or a revision) can be written from this status. */
      canQuote: boolean;
      /** Whether a proof can be sent from this status. */
      canSendProof: boolean;
      /** The notes on the newest proof answered or done: "Send new version" says it answers them. */
      answeredPins: number[];
      /** Why the file on the work order must not go to the press as it is: said before production. */
      fileWarning?: string;
      /** While the proof waits: the last day an approval keeps the date, or the date already missed. */
      proofDeadline?: { day: string; keeps: string } | { late: true; earliest: string };
      /** The day the order is promised for (YYYY-MM-DD), once booked. */
      promised?: { date: string; handover: 'pickup' | 'delivery' };
      /** Whether the shop may set or move that day now (a booked order). */
      canPromise: boolean;
      /** The shop's today (YYYY-MM-DD): the earliest day a date can be moved to. */
      today: string;
      /** A quote request's private page for its customer (the path, secret included). */
      customerPage?: string;
      /** The order's money, once a quote is approved. */
      money?: DeskMoney;
      /** The payment terms and purchase-order number for the invoice (a quote request only). */
      invoiceTerms?: DeskInvoiceTerms;
      /** The group order collecting the sizes, live while open. */
      group?: DeskGroupView;
      /** The request's team stores, and where to open one (a quote request only). */
      teamStores?: DeskTeamStores;
      /** Whether the supplier has the blanks asked for, per size, from its import in force. */
      stock?: DeskStockView;
      /** Blocked on blanks that came short on a purchase order: what is missing, in words. */
      blanksHold?: string;
      /** The customer's tax-exemption certificates (by e-mail) and where they stand, once they sent one. */
      exemption?: DeskExemptionView;
      /** The one-line result of the last action (post/redirect/get). */
      notice?: { type: 'success' | 'error'; text: string };
    }
  | {
      page: 'quote';
      staff: string;
      reference: string;
      name: string;
      email: string;
      /** The status the editor was opened in: a send is refused if it has moved since. */
      from: RequestStatus;
      /** The number this quote will get when sent. */
      version: number;
      /** Where the lines came from, said above them. */
      source: 'engine' | 'previous' | 'form' | 'none';
      rows: DeskQuoteRow[];
      notes: string;
      validUntil: string;
      depositPercent: string;
      /** Today (the earliest valid-until date). */
      today: string;
      subtotal?: string;
      salesTax?: DeskQuoteTax;
      /** What the desk must read before sending: a certificate expired or not yet checked, a ZIP code unread. */
      taxWarnings: string[];
      /**
       * The verified certificate found for the customer's e-mail, which leaves the tax off unless the desk
       * ticks "charge sales tax anyway" (an e-mail on a form is no proof of who sent it).
       */
      exemption?: { words: string; chargeTax: boolean };
      total?: string;
      deposit?: string;
      /** By field: "rows.2.unit", "validUntil", "depositPercent", "notes", "rows". */
      errors: Record<string, string>;
    }
  // The production pages: shared/production/board-view.ts.
  | BoardView
  | CapacityView
  | WorkOrderView
  // A group order's packing sheet.
  | GroupPackingView
  // The suppliers' product files and the stock check, the to-buy list, a purchase order.
  | BlanksView
  | ToBuyView
  | PurchaseOrderView;

/** One artwork placement of a mockup, as the desk's adjustment form shows it (inches). */
export interface DeskPlacement {
  row: number;
  label: string;
  widthInches: number;
  xInches: number;
  yInches: number;
}

/** The desk's page of one request: what its sections are drawn from. */
export type DeskRequestView = Extract<DeskView, { page: 'request' }>;

/** Per request: the token every form carries and the stylesheet the page links. */
export interface DeskRenderOptions {
  csrfToken: string;
  /** The shop's time zone (IANA), for every date and time shown. */
  timeZone: string;
  stylesheets: readonly string[];
  /** The board's drag-and-drop script, the one script the desk loads (on the board only). */
  boardScript: string;
  /** The proofs' pin script: a click, a tap or the keys place a note's point. */
  proofScript?: string;
  shopName: string;
}
