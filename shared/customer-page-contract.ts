/**
 * What the server hands the customer's private request page (client/customer, rendered by the SSR
 * entry's renderCustomerPage): plain data, dates as ISO strings. Like the desk, the page is rendered on
 * the server only and ships no JavaScript: every action is a plain form with post/redirect/get.
 */

import type { CustomerPageExemption } from './books/tax-exemption.ts';
import type { MockupView } from './garments/mockup-view.ts';
import type { CustomerPageGroup } from './groups/group-contract.ts';
import type { AskedView } from './requests/asked-view.ts';
import type { PinView } from './requests/proof-pins.ts';
import type { QuoteView } from './requests/quote-view.ts';
import type { RequestStatus } from './requests/request-status.ts';
import type { CustomerPageStores } from './stores/store-contract.ts';
import type { StudioDesign } from './studio/design-schema.ts';

/** One step of the order's way, as the timeline shows it. */
export interface TimelineStep {
  status: RequestStatus;
  label: string;
  /** done: passed (dated when the log has it); current: where it is now; ahead: still to come. */
  state: 'done' | 'current' | 'ahead';
  at?: string;
}

/** A file of the request: a picture for PNG and JPEG, a download for everything. */
interface CustomerPageFile {
  position: number;
  name: string;
  size: number;
  previewable: boolean;
}

/** One message between the customer and the shop. */
export interface CustomerPageMessage {
  at: string;
  from: 'customer' | 'shop';
  /** "You", or the shop's name. */
  who: string;
  text: string;
  files: { position: number; name: string }[];
}

/** Where a quote or proof version stands for its customer. */
export type VersionState =
  /** Waiting for their word: approve, or ask for changes. */
  | 'open'
  | 'approved'
  /** A quote past its valid-until date: they ask the shop for a new one. */
  | 'expired'
  /** Nothing to decide any more (the request moved on, or was cancelled). */
  | 'closed'
  /** A proof sent with a quote that still waits: approving the quote approves it too. */
  | 'draft';

/** The newest quote the shop sent, as the customer reads it. */
export interface CustomerPageQuote extends QuoteView {
  state: VersionState;
  /** Their approval: the name they typed, and when. */
  approval?: { name: string; at: string };
  /** What the total says of sales tax: that it includes it, or that tax comes on top where it applies. */
  taxNote: string;
}

/** The widths (px) the customer's page offers a proof picture in, at <path>/proofs/<version>/preview/<width>. */
export const PROOF_PREVIEW_WIDTHS = [480, 640, 960, 1440] as const;

/** The newest proof the shop sent. */
export interface CustomerPageProof {
  version: number;
  name: string;
  /** Shown as a picture: an image, or a PDF whose first page the server drew; any other PDF is downloaded. */
  previewable: boolean;
  /** The picture's size in pixels, when its header gives it: its box is kept before it loads. */
  pixels?: { width: number; height: number };
  /** The picture is the first page of a PDF proof: the PDF is what is approved, every page of it. */
  pdfPage?: boolean;
  /** The print's size in inches, when the shop gave it: the picture is drawn at that size. */
  print?: { width: number; height: number; text: string };
  notes: string;
  sentAt: string;
  state: VersionState;
  approval?: { name: string; at: string; fileSha256?: string };
  /** The notes pinned on this version, by number. */
  pins: PinView[];
  /** Whether a note can be pinned on it now (the newest proof, while it is open). */
  canPin: boolean;
  /** The versions it replaced, oldest first: marked superseded, shown beside it to compare. */
  earlier: CustomerPageEarlierProof[];
  /** The earlier version asked for beside it (`?compare=`); the one just before by default. */
  compareWith?: number;
  /** A note just refused, as they typed it, back in the note form. */
  draft?: { text: string; place: string };
  /**
   * While it waits: the last day (before `cutoff` that day, in the shop's words) an approval still keeps
   * `keeps`, on the shop's load; or, when even an approval now misses it, the earliest date instead.
   */
  deadline?: { day: string; cutoff: string; keeps: string } | { late: true; earliest: string; wanted: string };
}

/** A proof version a newer one replaced: kept, with its notes, to compare. */
export interface CustomerPageEarlierProof {
  version: number;
  name: string;
  previewable: boolean;
  pixels?: { width: number; height: number };
  sentAt: string;
  pins: PinView[];
}

/** The order's money as the customer reads it, once a quote is approved. */
export interface CustomerPageMoney {
  quoteVersion: number;
  total: string;
  deposit: string;
  depositPercent: number;
  paid: string;
  /** The shop's goodwill discount, when it gave one: it lowers what is owed. */
  discount?: string;
  /** What is left to pay; "$0.00" once paid in full. */
  balance: string;
  /** The deposit: still to pay, paid, waived by the shop, or none asked. */
  depositState: 'due' | 'paid' | 'waived' | 'none';
  /** What is to pay now: the deposit (what is left of it) before production, the balance once ready. */
  due?: {
    purpose: 'deposit' | 'balance';
    amount: string;
    /** The form that opens Stripe's payment page; absent when the shop takes no card payments online. */
    action?: string;
  };
  /** The shop's words on paying without the site: in the shop, by check, on pickup. */
  offline: string;
  /**
   * Back from Stripe's page: paid but not yet confirmed by Stripe's webhook (the page says so, and looks
   * again while `refresh`), confirmed, received but not as asked (the shop checks it), or left without paying.
   */
  returned?: 'confirming' | 'confirmed' | 'checking' | 'cancelled';
  /** The address to load again (no fragment): while a payment made in the last hour is being confirmed. */
  refresh?: string;
  /** Payments and refunds confirmed, oldest first. */
  receipts: { at: string; what: string; amount: string; refund: boolean }[];
  /** The books' credit notes for a refund or a discount, each a printable page of the customer's own. */
  creditNotes: { number: string; what: string; amount: string; at: string; path: string }[];
  /** The invoice page. */
  invoicePath: string;
}

/** The customer's page of one quote request. */
export interface CustomerPageView {
  reference: string;
  /** The page's own path, secret included: its forms and file links start here. */
  path: string;
  status: RequestStatus;
  receivedAt: string;
  timeline: TimelineStep[];
  /** What happens next, and who is waiting on whom. */
  next: { text: string; waitingOn: 'shop' | 'customer' | 'nobody' };
  /** YYYY-MM-DD, when they gave one, and the days left until it (negative once past). */
  inHands?: { date: string; daysLeft: number };
  /** The day the order is promised for (YYYY-MM-DD), once the proof is approved: a pickup or a delivery. */
  promised?: { date: string; handover: 'pickup' | 'delivery' };
  /** The fields they sent and the website's estimate then, as the shop reads them. */
  asked: AskedView;
  files: CustomerPageFile[];
  /** Their artwork on the garment as they placed it, when the request has mockups. */
  mockups?: MockupView[];
  /**
   * The design they made in the studio, as sent, with each location's ink sentence ("Front: 3 inks +
   * underbase = 4 screens"); the page words the sentences among what they asked for.
   */
  design?: { design: StudioDesign; inks: string[] };
  thread: CustomerPageMessage[];
  quote?: CustomerPageQuote;
  proof?: CustomerPageProof;
  money?: CustomerPageMoney;
  /** Whether they may still cancel (before any approval). */
  canCancel: boolean;
  /** When they asked for a fresh quote for their expired one, until the shop sends it (ISO time). */
  freshQuoteAskedAt?: string;
  /** The group order: the form to start one, or the organiser's roster. */
  group?: CustomerPageGroup;
  /** The team stores opened from this request, each linking to its organiser's page. */
  stores?: CustomerPageStores;
  /** Their tax-exemption certificates on file, where each stands, and the form to send one (a quote request). */
  exemption?: CustomerPageExemption;
  /** The one-line result of the last action (post/redirect/get). */
  notice?: { type: 'success' | 'error'; text: string };
}

/** Per request: the token every form carries, the stylesheets, and the shop's name and contact. */
export interface CustomerPageOptions {
  csrfToken: string;
  /** The proof's pin script (a build entry of its own): clicks and keys place a note's point. */
  proofScript?: string;
  /** The shop's time zone (IANA), for every date and time shown. */
  timeZone: string;
  stylesheets: readonly string[];
  shopName: string;
  shopEmail: string;
  shopPhone: string;
}
