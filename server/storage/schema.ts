import type { ColumnType, Generated, Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { QuoteLine } from '#shared/requests/quote.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { ServiceId } from '#shared/service-ids.ts';

/** A quote request or a contact message: the two kinds of submission. */
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

/** Who an outbox mail goes to. */
export type NotificationRecipient = 'shop' | 'customer' | 'staff';

/**
 * A point in time as each database keeps it: SQLite an ISO 8601 UTC string (so it sorts as text),
 * PostgreSQL a `timestamptz` that `pg` reads back as a Date. Written as an ISO string on both
 * (PostgreSQL parses it); read with `new Date(value)`, which takes either.
 */
type Timestamp = ColumnType<string | Date, string, string>;

/**
 * JSON as each database keeps it: SQLite text, PostgreSQL `jsonb`, which `pg` reads back as an object.
 * Written as JSON text on both; read with `readJson`.
 */
type Json = ColumnType<string | Record<string, unknown>, string, string>;

/** `count(*)` and other bigints arrive from `pg` as strings, from better-sqlite3 as numbers. */
export type Count = number | string | bigint;

/** The tables as the queries see them, on either database. */
export interface StorageDatabase {
  submissions: {
    id: Generated<number>;
    reference: string;
    kind: SubmissionKind;
    name: string;
    email: string;
    payload: Json;
    created_at: Timestamp;
    /** The form's one-time submission key, unique; null when the client sent none. */
    idempotency_key: string | null;
    /** Where the request stands (shared/requests/request-status.ts); 'new' when stored. */
    status: ColumnType<RequestStatus, RequestStatus | undefined, RequestStatus>;
    status_changed_at: Timestamp | null;
    /** When someone at the shop first opened it on the desk; null while unread. */
    read_at: Timestamp | null;
    /** The quote form's fields as posted and validated (migration 0011); null for contact messages and older rows. */
    form_values: Json | null;
    /**
     * The random salt a quote request's page secret is made from with the environment's key (migration
     * 0015; server/http/link-secrets.ts), replaced with the link; null for a contact message. Never the
     * secret: a copy of the database opens no page.
     */
    link_salt: ColumnType<string | null, string | null | undefined, string | null>;
    /**
     * SHA-256 (hex) of a link mailed before the salts (migration 0012's links, made from CSRF_SECRET
     * alone): it opens the page until the link is replaced, which clears it.
     */
    legacy_link_hash: ColumnType<string | null, string | null | undefined, string | null>;
    /** Bumped when the shop replaces a leaked link: two replacements at once cannot both win. */
    link_version: ColumnType<number, number | undefined, number>;
    /** The customer's latest act on it (migration 0014): the inbox lists the latest first. */
    activity_at: Timestamp | null;
    /** When the customer asked for a fresh quote for an expired one (migration 0024); cleared when a quote is sent. */
    fresh_quote_asked_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
    /** Reference, name, e-mail and company folded for search (shared/search-text.ts, migration 0014). */
    search_text: string | null;
    /** The company folded as in search_text (migration 0022, server/storage/company-key.ts); null without one. */
    company_key: ColumnType<string | null, string | null | undefined, string | null>;
    /** The day the order is promised for, YYYY-MM-DD (migration 0014); null until the proof is approved. */
    promised_date: string | null;
    /** Whether that day is a pickup at the shop or a delivery. */
    promised_handover: 'pickup' | 'delivery' | null;
    /**
     * The date a proof's approval deadline was keeping when it passed unanswered (migration 0029): the
     * promised date was moved on from it by the reminder job; null otherwise.
     */
    date_missed: ColumnType<string | null, string | null | undefined, string | null>;
    /**
     * When the newest proof went to the customer (migration 0034), set with the proof: the inbox finds the
     * proofs waiting for approval off its index. Null until a proof is sent.
     */
    proof_sent_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
    /** The day the order must be off the press by, YYYY-MM-DD (migration 0018); null until booked. */
    press_date: ColumnType<string | null, string | null | undefined, string | null>;
    /** The service and pieces the booked order puts on the press. */
    production_service: ColumnType<ServiceId | null, ServiceId | null | undefined, ServiceId | null>;
    production_pieces: ColumnType<number | null, number | null | undefined, number | null>;
    /** A deposit the shop waived (migration 0016): when, by whom ("staff:<address>"), and why. */
    deposit_waived_at: Timestamp | null;
    deposit_waived_by: string | null;
    deposit_waiver_reason: string | null;
  };
  /** A request's group order (migration 0020): its settings, share link salt and state. */
  groups: {
    id: Generated<number>;
    submission_id: number;
    title: string;
    deadline: Timestamp;
    /** 0 or 1: whether each person gives a name and a number for the back. */
    asks_names: number;
    asks_numbers: number;
    note: string;
    payer: 'organiser' | 'members';
    /** What each person pays, when the members pay; null when the organiser pays or it is not set. */
    price_cents: ColumnType<Count | null, number | null, number | null>;
    /** 0 or 1: more than one entry per name and e-mail. */
    allow_repeat: number;
    /** The share link's salt (server/groups/group-links.ts); null while the link is revoked. */
    share_salt: string | null;
    state: 'open' | 'closed' | 'cancelled';
    closed_at: Timestamp | null;
    /** "staff:<address>", "customer" or "system" (the deadline). */
    closed_by: string | null;
    /** The organiser's previous visit to the roster: what changed since is marked. */
    organiser_seen_at: Timestamp | null;
    created_at: Timestamp;
  };
  /** One person's entry in a group (migration 0020); removed entries keep their row. */
  group_entries: {
    id: Generated<number>;
    group_id: number;
    name: string;
    email: string;
    size: string;
    quantity: number;
    back_name: string;
    back_number: string;
    /** The entry's private edit link's salt. */
    edit_salt: string;
    /** "member", "customer" (the organiser by hand) or "staff:<address>". */
    added_by: string;
    /** The visitor's address key (server/http/client-key.ts) the entry came from; '' when added by hand. */
    visitor: string;
    payment: 'none' | 'pending' | 'paid';
    created_at: Timestamp;
    changed_at: Timestamp;
    removed_at: Timestamp | null;
  };
  /** The shop's capacity as changed on the desk (migration 0018): one row per change, the latest in force. */
  capacity_settings: {
    id: Generated<number>;
    /** Capacity (shared/production/production-load.ts) as JSON. */
    settings: Json;
    /** "staff:<address>". */
    changed_by: string;
    changed_at: Timestamp;
  };
  /** Money in and out of each order, in whole cents (migration 0016; server/payments/payment-queries.ts). */
  payments: {
    id: Generated<number>;
    submission_id: number;
    kind: 'payment' | 'refund';
    state: 'succeeded' | 'pending' | 'failed' | 'held';
    method: string;
    purpose: string;
    amount_cents: ColumnType<Count, number, number>;
    /** ISO 4217, lower-case as Stripe writes it ("usd"). */
    currency: string;
    note: string;
    /** Why the desk should look at it; null when nothing is wrong. */
    flag: string | null;
    /** A refund's payment. */
    refund_of: number | null;
    stripe_session_id: string | null;
    stripe_payment_intent: string | null;
    stripe_refund_id: string | null;
    recorded_by: string;
    at: Timestamp;
    /** Stripe's fee and net from the balance transaction (migration 0033); null until Stripe has said. */
    fee_cents: ColumnType<Count | null, number | null | undefined, number | null>;
    net_cents: ColumnType<Count | null, number | null | undefined, number | null>;
    balance_transaction: ColumnType<string | null, string | null | undefined, string | null>;
    /** A check's number as the desk typed it (migration 0036); empty otherwise. */
    check_number: ColumnType<string, string | undefined, string>;
    /** The invoice the desk took the payment against; null: the request's newest when the books post it. */
    invoice_number: ColumnType<number | null, number | null | undefined, number | null>;
  };
  /** Checkout Sessions made for requests (migration 0016). */
  checkout_sessions: {
    /** Stripe's id, cs_… */
    id: string;
    submission_id: number;
    purpose: string;
    quote_version: number;
    amount_cents: ColumnType<Count, number, number>;
    currency: string;
    url: string;
    /** open, complete or expired, as Stripe says. */
    status: string;
    idempotency_key: string;
    created_at: Timestamp;
    /** The group entry a member's own share pays for (migration 0020); null for the request's own money. */
    group_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  };
  /** Stripe event ids already handled (migration 0016): a replay is ignored. */
  stripe_events: {
    id: string;
    type: string;
    received_at: Timestamp;
  };
  /** This database's own facts (migration 0023): one row. */
  installation: {
    id: number;
    /** Random, in every idempotency key sent to Stripe, so another database's keys never collide. */
    checkout_key_salt: string;
  };
  /** Refunds Stripe reported before their payment's event (migration 0023), recorded when it comes. */
  waiting_refunds: {
    stripe_refund_id: string;
    payment_intent: string;
    amount_cents: ColumnType<Count, number, number>;
    currency: string;
    /** Stripe's latest word on it: pending, requires_action, succeeded, failed or canceled. */
    status: string;
    received_at: Timestamp;
  };
  /** The quotes sent, one frozen row per version (migration 0011). */
  quotes: {
    id: Generated<number>;
    submission_id: number;
    version: number;
    /** QuoteLine[] as JSON. */
    lines: ColumnType<string | QuoteLine[], string, string>;
    notes: string;
    /** YYYY-MM-DD. */
    valid_until: string;
    deposit_percent: number;
    total_cents: ColumnType<Count, number, number>;
    created_at: Timestamp;
    /** "staff:<address>". */
    created_by: string;
  };
  /** The proofs sent for approval, one row per version, with the file (migration 0011). */
  proofs: {
    id: Generated<number>;
    submission_id: number;
    version: number;
    name: string;
    media_type: string;
    size: number;
    data: Buffer;
    width_inches: number | null;
    height_inches: number | null;
    notes: string;
    created_at: Timestamp;
    created_by: string;
  };
  /** The activity log of each request: appended to, never changed. */
  request_events: {
    id: Generated<number>;
    submission_id: number;
    at: Timestamp;
    /** "staff:<address>", "customer" or "system". */
    actor: string;
    type: string;
    data: Json;
  };
  /** The customer's approvals and change requests of quote and proof versions (migration 0013): inserted only. */
  approvals: {
    id: Generated<number>;
    submission_id: number;
    subject: 'quote' | 'proof';
    version: number;
    decision: 'approved' | 'changes';
    /** The name they typed to approve; '' when asking for changes. */
    name: string;
    comment: string;
    ip: string;
    user_agent: string;
    at: Timestamp;
    /** A proof's approval: the SHA-256 (hex) of the file approved, and the order terms agreed to, as JSON (migration 0025). */
    file_sha256: string | null;
    terms: string | null;
  };
  /** Notes pinned on a proof version, numbered per request; the point as fractions of the picture (migration 0025). */
  proof_pins: {
    id: Generated<number>;
    submission_id: number;
    proof_version: number;
    number: number;
    x: number | null;
    y: number | null;
    /** Where, in words: the note's place when it has no point. */
    place: string;
    text: string;
    /** "customer" or "staff:<address>". */
    author: string;
    created_at: Timestamp;
    done_at: Timestamp | null;
    done_by: string | null;
  };
  /** The answers under a pinned note (migration 0025). */
  proof_pin_replies: {
    id: Generated<number>;
    pin_id: number;
    author: string;
    text: string;
    created_at: Timestamp;
  };
  /** One-time staff sign-in links, by the SHA-256 of their secret. */
  staff_sign_in_links: {
    token_hash: string;
    email: string;
    created_at: Timestamp;
    expires_at: Timestamp;
    used_at: Timestamp | null;
  };
  /** Staff sessions, by the SHA-256 of the cookie's secret. */
  staff_sessions: {
    id_hash: string;
    email: string;
    created_at: Timestamp;
    /** The idle timeout counts from here. */
    last_seen_at: Timestamp;
    /** The absolute end, whatever the activity. */
    expires_at: Timestamp;
  };
  files: {
    id: Generated<number>;
    submission_id: number;
    /** Order of the files as the visitor sent them. */
    position: number;
    name: string;
    media_type: string;
    size: number;
    data: Buffer;
  };
  mockups: {
    id: Generated<number>;
    submission_id: number;
    view: 'front' | 'back';
    /** What the picture shows: MockupDetails (server/mockups/mockup-store.ts). */
    details: Json;
    media_type: string;
    data: Buffer;
    created_at: Timestamp;
  };
  outbox: {
    id: Generated<number>;
    /** Null for mail about no submission (a staff sign-in link). */
    submission_id: number | null;
    recipient: NotificationRecipient;
    attempts: Generated<number>;
    next_attempt_at: Timestamp;
    last_error: string | null;
    sent_at: Timestamp | null;
    /** The live or lapsed claim of the worker that took it last; null when none holds it. */
    claim: string | null;
    /** Given up on (permanent refusal or too many days): no worker takes it until an operator resends it. */
    failed_at: Timestamp | null;
    /**
     * What the mail is about (mail-facts.ts, migration 0015): a kind and the ids and values
     * it needs, never its text or a secret; the mail is written when sent. Null for a submission's own
     * two notifications, whose facts are the submission (one per recipient: a unique index counts on it).
     */
    facts: Json | null;
    /** When any other mail was queued (a submission's own two take their submission's time). */
    created_at: Timestamp | null;
    /** A mail sent once only (a reminder): unique per request (migration 0024); null for every other. */
    once_key: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /** Each supplier product file imported (server/blanks/); the latest per supplier is in force. */
  blank_imports: {
    id: Generated<number>;
    supplier: string;
    file_name: string;
    /** When the supplier's figures were taken: how old the stock shown is. */
    taken_at: Timestamp;
    imported_at: Timestamp;
    imported_by: string;
    row_count: number;
  };
  /** The SKUs of the import in force per supplier. */
  blank_stock: {
    import_id: number;
    supplier: string;
    sku: string;
    style: string;
    colour: string;
    size: string;
    /** The shop's price per piece. */
    cents: number;
    /** Stock per warehouse code: { "IL": 120, … }. */
    warehouses: Json;
    total: number;
  };
  /** Jobs held up by blanks that came short on a purchase order (server/blanks/). */
  blank_holds: {
    submission_id: number;
    purchase_order_id: number;
    /** What did not come, in words ("2 × 5000 Navy XL (B500040e)"). */
    missing: string;
    created_at: Timestamp;
  };
  /** Purchase orders of blanks, one supplier each (server/blanks/). */
  purchase_orders: {
    id: Generated<number>;
    supplier: string;
    /** PurchaseLine[]: SKU, style, colour, size, quantity, cents. */
    lines: Json;
    /** { jobs: string[] }: the references whose blanks it buys. */
    jobs: Json;
    total_cents: number;
    /** The day the boxes are expected (YYYY-MM-DD). */
    expected_on: string;
    created_by: string;
    created_at: Timestamp;
    /** { counts: { [sku]: pieces } } as checked off on arrival; null until the boxes came. */
    received: ColumnType<string | Record<string, unknown> | null, string | null | undefined, string | null>;
    received_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
    received_by: ColumnType<string | null, string | null | undefined, string | null>;
    /** When the order was mailed to the supplier (once), to which address, by whom; null until then. */
    sent_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
    sent_to: ColumnType<string | null, string | null | undefined, string | null>;
    sent_by: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /** Hits per client and form endpoint in the current rate-limit window, shared by every instance. */
  rate_limits: {
    key: string;
    hits: number;
    reset_at: Timestamp;
  };
  /** Artwork bytes stored per client address in the current budget window (migration 0006), shared by every instance. */
  upload_budgets: {
    key: string;
    /** PostgreSQL's bigint arrives from `pg` as a string. */
    bytes: ColumnType<Count, number, number>;
    reset_at: Timestamp;
  };
  /** The daily jobs (the privacy purge…): the last successful run, and the instance running one now. */
  scheduled_jobs: {
    name: string;
    /** The holder of the current or last run's lease; null once the run has ended. */
    claim: string | null;
    /** When the holder's lease runs out: past it, another instance may run the job. */
    lease_until: Timestamp | null;
    last_started_at: Timestamp | null;
    /** When the last successful run ended: the next run is due an interval after it. */
    last_success_at: Timestamp | null;
    /** The last failed run's error; cleared by a success. */
    last_error: string | null;
  };
  /** The inbox's counts per kind and status (migration 0019), kept by triggers on submissions. */
  request_counts: {
    kind: SubmissionKind;
    status: RequestStatus;
    total: Count;
    unread: Count;
  };
  /** A team or fundraiser store opened from a request (migration 0027; server/stores/). */
  team_stores: {
    id: Generated<number>;
    slug: string;
    submission_id: number;
    title: string;
    opens_at: Timestamp;
    closes_at: Timestamp;
    minimum_pieces: number;
    /** 'minimum': charged at the close above the minimum; 'as-sold': paid when ordering. */
    charging: 'minimum' | 'as-sold';
    expected_pieces: number;
    markup_cents: number;
    delivery: 'pickup' | 'school' | 'shipping';
    shipping_cents: number;
    /** 0 or 1. */
    asks_names: number;
    asks_numbers: number;
    state: 'open' | 'closing' | 'charged' | 'missed';
    /** How many closes began: the charges' idempotency keys carry it. */
    close_round: number;
    close_lease_until: Timestamp | null;
    closed_at: Timestamp | null;
    /** The organiser's read-only link's salt. */
    organiser_salt: string;
    /** When the close booked the store's run on the production board (migration 0030); null before. */
    booked_at: Timestamp | null;
    /** When the shop said the bags were ready, mailing the buyers; null before. */
    bags_ready_at: Timestamp | null;
    /** What buyers are asked to sort the bags by: '' (nothing), 'team' or 'class'. */
    /** Days of late add-ons after a close that met the minimum (0: none), and until when (set by the close). */
    late_days: ColumnType<number, number | undefined, number>;
    late_until: Timestamp | null;
    sort_by: ColumnType<'' | 'team' | 'class', '' | 'team' | 'class' | undefined, '' | 'team' | 'class'>;
    /** "staff:<address>". */
    created_by: string;
    created_at: Timestamp;
  };
  /** A store's products; colours and sizes are JSON text lists. */
  team_store_products: {
    id: Generated<number>;
    store_id: number;
    position: number;
    garment: string;
    title: string;
    colours: string;
    sizes: string;
    shop_price_cents: number;
  };
  /** A buyer's cart, then order (its saved card, its charge). */
  team_store_orders: {
    id: Generated<number>;
    store_id: number;
    cart_hash: string;
    link_salt: string;
    buyer_name: string;
    buyer_email: string;
    state: 'cart' | 'saving' | 'saved' | 'charged' | 'failed' | 'paid' | 'released' | 'abandoned';
    total_cents: number | null;
    customer_id: string | null;
    setup_session_id: string | null;
    payment_method: string | null;
    payment_intent: string | null;
    charge_error: string | null;
    pay_session_id: string | null;
    /** Stripe's fee on the charge, from its balance transaction. */
    fee_cents: number | null;
    /** The buyer's team or class, when the store asks for one (migration 0030); '' otherwise. */
    buyer_group: ColumnType<string, string | undefined, string>;
    consent_at: Timestamp | null;
    created_at: Timestamp;
    changed_at: Timestamp;
  };
  team_store_items: {
    id: Generated<number>;
    order_id: number;
    product_id: number;
    colour: string;
    size: string;
    quantity: number;
    back_name: string;
    back_number: string;
  };
  /**
   * Sales-tax exemption and resale certificates (migration 0035, server/exemptions/), by the customer's
   * lower-cased e-mail; the desk's check is verified_* or rejected_*, never both.
   */
  exemption_certificates: {
    id: Generated<number>;
    email: string;
    /** The request it was sent with: the customer's page lists and serves only those. */
    reference: string;
    kind: 'exemption' | 'resale';
    number: string;
    state: string;
    holder: string;
    /** YYYY-MM-DD: the last day it is valid. */
    expires_on: string;
    file_name: string;
    media_type: string;
    size: number;
    data: Buffer;
    uploaded_at: Timestamp;
    verified_at: Timestamp | null;
    /** YYYY-MM-DD: the day of the check in the shop's time zone. */
    verified_on: string | null;
    verified_by: string | null;
    rejected_at: Timestamp | null;
    rejected_by: string | null;
    rejection_reason: string | null;
  };
  /** The last invoice and credit-note number issued, per series (migration 0028). */
  book_numbers: {
    series: 'invoice' | 'credit-note';
    last_number: number;
  };
  /** Invoices as issued, numbered without gaps (migration 0028): kept past the privacy purge, names emptied. */
  invoices: {
    number: number;
    /** Null once the request was purged. */
    submission_id: number | null;
    reference: string;
    quote_version: number;
    issued_at: Timestamp;
    currency: string;
    subtotal_cents: ColumnType<Count, number, number>;
    tax_cents: ColumnType<Count, number, number>;
    total_cents: ColumnType<Count, number, number>;
    /** QuoteLine[] as JSON, as issued. */
    lines: ColumnType<string | QuoteLine[], string, string>;
    customer_name: string;
    customer_email: string;
    company: string;
    purged_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
    /** Days to pay, as issued (migration 0036): 0 is due on receipt. */
    net_days: ColumnType<number, number | undefined, number>;
    /** The customer's purchase-order number as issued; empty when none. */
    po_number: ColumnType<string, string | undefined, string>;
  };
  /** The payment terms the desk set on a request (migration 0036), for its next invoice. */
  payment_terms: {
    submission_id: number;
    net_days: number;
    po_number: string;
    set_by: string;
    set_at: Timestamp;
  };
  /** Counted payments and refunds as the books keep them (migration 0028), one per payments row. */
  book_entries: {
    id: Generated<number>;
    payment_id: number;
    submission_id: number | null;
    reference: string;
    kind: 'payment' | 'refund';
    method: string;
    purpose: string;
    amount_cents: ColumnType<Count, number, number>;
    currency: string;
    at: Timestamp;
    /** The request's newest invoice when the money moved; null before any was issued. */
    invoice_number: number | null;
    /** A refund's credit note. */
    credit_note_number: number | null;
    note: string;
    purged_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
    /** Stripe's fee on the money, copied from its payment row once known (migration 0033). */
    fee_cents: ColumnType<Count | null, number | null | undefined, number | null>;
    /** A check's number, copied from its payment row (migration 0036); empty otherwise. */
    check_number: ColumnType<string, string | undefined, string>;
  };
  /** Goodwill discounts (migration 0028): what is owed is lowered, no money moves; each a credit note. */
  discounts: {
    id: Generated<number>;
    submission_id: number | null;
    reference: string;
    amount_cents: ColumnType<Count, number, number>;
    currency: string;
    reason: string;
    invoice_number: number;
    credit_note_number: number;
    recorded_by: string;
    at: Timestamp;
    purged_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  };
  /** The last reference number given per kind and year: the next one is allocated by bumping it. */
  reference_counters: {
    kind: SubmissionKind;
    year: number;
    last_number: number;
  };
}

/** A timestamp as either driver returns it: ISO text from SQLite, a Date from pg's timestamptz. */
export function readDate(value: string | Date): Date {
  return new Date(value);
}

/** A payload as either driver returns it: JSON text from SQLite, an object already parsed from pg's jsonb. */
export function readJson(value: string | Record<string, unknown>): Record<string, unknown> {
  return typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;
}

class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema up to date, or throws: the server must not take submissions into a database
 * whose tables are not the ones its queries expect. On PostgreSQL, Kysely's migrator holds an advisory
 * lock for the run, so instances starting together migrate one after another (the later ones find
 * nothing left to do).
 */
export async function migrateToLatest(
  db: Kysely<StorageDatabase>,
  migrations: Record<string, Migration>,
): Promise<void> {
  // Each dialect's list imports its migration files by name rather than Kysely's FileMigrationProvider reading
  // the folder: no readdir and dynamic import on every start, the same list from the sources, the image and the
  // tests, each migration type-checked where it is listed, and what the server loads stays visible to the
  // Docker test that traces imports. A file left out of its list fails migration-parity.test.ts.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results.find((result) => result.status === 'Error')?.migrationName;
  const cause = error instanceof Error ? error.message : String(error);
  throw new MigrationError(
    failed
      ? `Cannot update the submissions database: migration "${failed}" failed: ${cause}`
      : `Cannot update the submissions database: ${cause}`,
    { cause: error },
  );
}
