import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { fillCompanyKeys } from '#server/storage/company-key.ts';
import { requestSearchText } from '#shared/search-text.ts';

/**
 * SQLite's migrations, run in name order; released ones are never edited, a change is a new entry.
 * PostgreSQL has its own list (postgres/migrations.ts) with the same names and that database's types.
 */
export const sqliteMigrations: Record<string, Migration> = {
  '0001-submissions-files-outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('submissions')
        // AUTOINCREMENT so an id is never reused, even after rows are deleted by hand.
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('reference', 'text', (column) => column.notNull().unique())
        .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('quote', 'contact')`))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('payload', 'text', (column) => column.notNull().check(sql`json_valid(payload)`))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      // The CLI lists newest first, all kinds or one.
      await db.schema.createIndex('submissions_created_at').on('submissions').columns(['created_at', 'id']).execute();
      await db.schema
        .createIndex('submissions_kind_created_at')
        .on('submissions')
        .columns(['kind', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('files')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('media_type', 'text', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('data', 'blob', (column) => column.notNull())
        // A size that disagrees with the bytes means the caller lost or mangled part of the upload.
        .addCheckConstraint('files_size_is_data_length', sql`size = length(data)`)
        // Also the index for "the files of a submission".
        .addUniqueConstraint('files_submission_position', ['submission_id', 'position'])
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('recipient', 'text', (column) => column.notNull().check(sql`recipient in ('shop', 'customer')`))
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (column) => column.notNull())
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        // Also the index for "the notifications of a submission".
        .addUniqueConstraint('outbox_submission_recipient', ['submission_id', 'recipient'])
        .execute();
      // Only unsent rows are indexed: the worker's query stays small however long the history grows.
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['next_attempt_at', 'id'])
        .where(sql.ref('sent_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('reference_counters')
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('year', 'integer', (column) => column.notNull())
        .addColumn('last_number', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('reference_counters_kind_year', ['kind', 'year'])
        .execute();
    },
  },
  '0002-outbox-claims-and-failures': {
    async up(db: Kysely<unknown>) {
      // The worker holding a notification (its next_attempt_at is then the end of the lease), and the
      // final state of a notification given up on. One column per statement: SQLite adds no more.
      await db.schema.alterTable('outbox').addColumn('claim', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('failed_at', 'text').execute();
    },
  },
  '0003-submission-keys': {
    async up(db: Kysely<unknown>) {
      // The form's one-time key: unique, so a repeat can never store a second submission. Null for
      // submissions from before, and for clients that send none (several nulls are allowed).
      await db.schema.alterTable('submissions').addColumn('idempotency_key', 'text').execute();
      await db.schema
        .createIndex('submissions_idempotency_key')
        .on('submissions')
        .column('idempotency_key')
        .unique()
        .execute();
    },
  },
  '0004-rate-limits': {
    async up(db: Kysely<unknown>) {
      // The form endpoints' rate limit, in the database so every instance counts the same hits.
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('hits', 'integer', (column) => column.notNull())
        .addColumn('reset_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
    },
  },
  '0005-submissions-by-address': {
    async up(db: Kysely<unknown>) {
      // The daily cap on customer confirmations counts an address's recent submissions (case-insensitive).
      await sql`create index submissions_email_created_at on submissions (lower(email), created_at)`.execute(db);
    },
  },
  '0006-upload-budgets': {
    async up(db: Kysely<unknown>) {
      // Artwork bytes stored per client address in the current 24-hour window, shared by every instance
      // so the daily budget holds however the uploads are spread.
      await db.schema
        .createTable('upload_budgets')
        .addColumn('key', 'text', (column) => column.primaryKey())
        // SQLite's integer holds 64 bits: no overflow however high UPLOAD_MB_PER_DAY is set.
        .addColumn('bytes', 'integer', (column) => column.notNull())
        .addColumn('reset_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('upload_budgets_reset_at').on('upload_budgets').column('reset_at').execute();
    },
  },
  '0007-scheduled-jobs': {
    async up(db: Kysely<unknown>) {
      // One row per daily job (the privacy purge, later the backup): its last success survives restarts,
      // so a restart does not run it again, and its lease lets one instance of several run it at a time.
      await db.schema
        .createTable('scheduled_jobs')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('claim', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_started_at', 'text')
        .addColumn('last_success_at', 'text')
        .addColumn('last_error', 'text')
        .execute();
    },
  },
  '0009-staff-desk': {
    async up(db: Kysely<unknown>) {
      // Where each request stands (shared/requests/request-status.ts), when it got there, and when the
      // shop first opened it (the inbox shows unread ones apart). Existing requests start as new.
      await db.schema
        .alterTable('submissions')
        .addColumn('status', 'text', (column) => column.notNull().defaultTo('new'))
        .execute();
      await db.schema.alterTable('submissions').addColumn('status_changed_at', 'text').execute();
      await db.schema.alterTable('submissions').addColumn('read_at', 'text').execute();
      await db.schema
        .createIndex('submissions_status_created_at')
        .on('submissions')
        .columns(['status', 'created_at', 'id'])
        .execute();
      // The activity log: appended to, never changed (the storage has no update or delete for it).
      await db.schema
        .createTable('request_events')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('at', 'text', (column) => column.notNull())
        // "staff:<address>", "customer" or "system".
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('type', 'text', (column) => column.notNull())
        .addColumn('data', 'text', (column) => column.notNull().check(sql`json_valid(data)`))
        .execute();
      await db.schema
        .createIndex('request_events_submission')
        .on('request_events')
        .columns(['submission_id', 'id'])
        .execute();
      // One-time sign-in links: only the SHA-256 of the secret is kept, so a copy of the database signs nobody in.
      await db.schema
        .createTable('staff_sign_in_links')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .addColumn('used_at', 'text')
        .execute();
      // Sessions in the database, so any instance serves them; the cookie holds the secret, the row its hash.
      await db.schema
        .createTable('staff_sessions')
        .addColumn('id_hash', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_seen_at', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('staff_sessions_email').on('staff_sessions').column('email').execute();
    },
  },
  '0010-outbox-ready-mail': {
    async up(db: Kysely<unknown>) {
      // The outbox also carries mail that is not a submission's two notifications: staff sign-in links
      // (no submission) and the shop's messages to a customer (several per submission). Such a row holds
      // its whole message in `mail`; the one-per-recipient rule stays for the notifications. SQLite cannot
      // drop a NOT NULL or a table constraint, so the table is rebuilt, rows and ids kept.
      await sql`create table outbox_new (
        id integer primary key autoincrement,
        submission_id integer references submissions (id) on delete cascade,
        recipient text not null check (recipient in ('shop', 'customer', 'staff')),
        attempts integer not null default 0,
        next_attempt_at text not null,
        last_error text,
        sent_at text,
        claim text,
        failed_at text,
        mail text check (mail is null or json_valid(mail)),
        created_at text,
        check (submission_id is not null or mail is not null)
      )`.execute(db);
      await sql`insert into outbox_new (id, submission_id, recipient, attempts, next_attempt_at, last_error, sent_at, claim, failed_at)
        select id, submission_id, recipient, attempts, next_attempt_at, last_error, sent_at, claim, failed_at from outbox`.execute(
        db,
      );
      await sql`drop table outbox`.execute(db);
      await sql`alter table outbox_new rename to outbox`.execute(db);
      await sql`create unique index outbox_submission_recipient on outbox (submission_id, recipient) where mail is null`.execute(
        db,
      );
      await sql`create index outbox_due on outbox (next_attempt_at, id) where sent_at is null`.execute(db);
    },
  },
  '0011-quotes-proofs': {
    async up(db: Kysely<unknown>) {
      // The form's own fields as posted (validated), beside the payload written for people: the quote
      // editor prices them again with the pricing engine, and "order again" fills the form with them.
      await db.schema
        .alterTable('submissions')
        .addColumn('form_values', 'text', (column) => column.check(sql`form_values is null or json_valid(form_values)`))
        .execute();
      // Each quote sent is a version frozen as it was sent: never updated, a revision is a new row.
      await db.schema
        .createTable('quotes')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('lines', 'text', (column) => column.notNull().check(sql`json_valid(lines)`))
        .addColumn('notes', 'text', (column) => column.notNull())
        .addColumn('valid_until', 'text', (column) => column.notNull())
        .addColumn('deposit_percent', 'integer', (column) => column.notNull())
        .addColumn('total_cents', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('created_by', 'text', (column) => column.notNull())
        .addUniqueConstraint('quotes_submission_version', ['submission_id', 'version'])
        .execute();
      // Proofs the shop uploads for the customer to approve, numbered like the quotes; the file is kept
      // in the database like the artwork, so any instance serves it.
      await db.schema
        .createTable('proofs')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('media_type', 'text', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('data', 'blob', (column) => column.notNull())
        // The print's real size in inches, when the shop gives it: the customer's page shows it to scale.
        .addColumn('width_inches', 'real')
        .addColumn('height_inches', 'real')
        .addColumn('notes', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('created_by', 'text', (column) => column.notNull())
        .addCheckConstraint('proofs_size_is_data_length', sql`size = length(data)`)
        .addUniqueConstraint('proofs_submission_version', ['submission_id', 'version'])
        .execute();
    },
  },
  '0012-customer-links': {
    async up(db: Kysely<unknown>) {
      // The customer's private page (/requests/<reference>/<secret>): the secret is derived from the
      // reference and this version (server/requests/customer-links.ts), so mails can carry it again, and
      // only its SHA-256 is kept. Replacing a leaked link bumps the version. Rows stored before this
      // migration get their hash when the link is first needed (a mail, the desk, the page): the key is
      // the server's, not the migration's.
      await db.schema.alterTable('submissions').addColumn('link_hash', 'text').execute();
      await db.schema
        .alterTable('submissions')
        .addColumn('link_version', 'integer', (column) => column.notNull().defaultTo(1))
        .execute();
    },
  },
  '0013-approvals': {
    async up(db: Kysely<unknown>) {
      // The customer's word on a quote or a proof version: approved (with the name they typed) or
      // changes asked for. A record of consent, so it is only ever inserted: who, when, from where,
      // and exactly which version.
      await db.schema
        .createTable('approvals')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('subject', 'text', (column) => column.notNull().check(sql`subject in ('quote', 'proof')`))
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('decision', 'text', (column) => column.notNull().check(sql`decision in ('approved', 'changes')`))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('comment', 'text', (column) => column.notNull())
        .addColumn('ip', 'text', (column) => column.notNull())
        .addColumn('user_agent', 'text', (column) => column.notNull())
        .addColumn('at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('approvals_submission').on('approvals').columns(['submission_id', 'id']).execute();
    },
  },
  '0014-inbox-search-promised-date': {
    async up(db: Kysely<unknown>) {
      // The inbox lists first what the customer last touched (a message, an approval, a cancel), not
      // only what arrived last: activity_at is the time of the customer's latest act, the request's own
      // time until then.
      await db.schema.alterTable('submissions').addColumn('activity_at', 'text').execute();
      await sql`update submissions set activity_at = created_at`.execute(db);
      await db.schema.createIndex('submissions_activity_at').on('submissions').columns(['activity_at', 'id']).execute();
      // The desk's search ignores case and accents ("castaneda" finds Castañeda): the searched fields
      // are kept folded (shared/search-text.ts), filled here for the rows stored before.
      await db.schema.alterTable('submissions').addColumn('search_text', 'text').execute();
      // The day the order is promised for (YYYY-MM-DD, the shop's calendar), set when the proof is
      // approved and changed by the shop; null before.
      await db.schema.alterTable('submissions').addColumn('promised_date', 'text').execute();
      await db.schema.alterTable('submissions').addColumn('promised_handover', 'text').execute();
      const rows = await sql<{ id: number; reference: string; name: string; email: string; payload: unknown }>`
        select id, reference, name, email, payload from submissions`.execute(db);
      for (const row of rows.rows) {
        const payload = JSON.parse(row.payload as string) as Record<string, unknown>;
        await sql`update submissions set search_text = ${requestSearchText({ ...row, company: payload.company })} where id = ${row.id}`.execute(
          db,
        );
      }
    },
  },
  '0015-mail-facts-link-salts': {
    async up(db: Kysely<unknown>) {
      // Mail is written when it is sent, from facts (a kind and a few ids and values: server/mail/
      // mail-facts.ts), so stored mail holds no working link: the outbox's `mail` becomes `facts`.
      // A message queued whole before keeps only its subject (the desk lists it): its text could hold a
      // staff sign-in link or a customer's link. One not yet sent is given up on, with the reason as its
      // error, for the shop to see on the desk (a sign-in is simply asked for again).
      const unsent =
        'Queued before the mail upgrade (migration 0015), which keeps no mail text: not sent. Write to the customer again.';
      await sql`alter table outbox rename column mail to facts`.execute(db);
      const queued = await sql<{ id: number; facts: string; pending: number }>`
        select id, facts, (sent_at is null and failed_at is null) as pending from outbox where facts is not null`.execute(
        db,
      );
      for (const row of queued.rows) {
        const { subject } = JSON.parse(row.facts) as { subject?: unknown };
        const kept = JSON.stringify({ kind: 'legacy', subject: typeof subject === 'string' ? subject : '' });
        await (row.pending
          ? sql`update outbox set facts = ${kept}, claim = null, last_error = ${unsent},
              failed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              where id = ${row.id}`
          : sql`update outbox set facts = ${kept} where id = ${row.id}`
        ).execute(db);
      }
      // Each quote request's page link is made from a random salt kept here and a key from the
      // environment (server/http/link-secrets.ts): the database alone, or CSRF_SECRET alone, makes none,
      // and another database with the same reference numbers has other salts. A link mailed before
      // keeps opening by its hash (now legacy_link_hash) until the shop replaces the link; new mail
      // carries the new link. The salts come from Node's CSPRNG, one per request.
      await sql`alter table submissions rename column link_hash to legacy_link_hash`.execute(db);
      await sql`alter table submissions add column link_salt text`.execute(db);
      const quotes = await sql<{ id: number }>`select id from submissions where kind = 'quote'`.execute(db);
      for (const { id } of quotes.rows) {
        await sql`update submissions set link_salt = ${randomBytes(32).toString('base64url')} where id = ${id}`.execute(
          db,
        );
      }
    },
  },
  '0016-payments': {
    async up(db: Kysely<unknown>) {
      // Money taken and given back for an order, one row each, in whole cents: a card payment
      // confirmed by Stripe's webhook, a payment the desk records by hand, a refund. A row is written
      // once; only its state moves (a refund from pending to succeeded when Stripe confirms it). `held`
      // is money Stripe took that does not match what was asked: kept, shown to the desk, not counted.
      await db.schema
        .createTable('payments')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('payment', 'refund')`))
        .addColumn('state', 'text', (column) =>
          column.notNull().check(sql`state in ('succeeded', 'pending', 'failed', 'held')`),
        )
        .addColumn('method', 'text', (column) => column.notNull())
        .addColumn('purpose', 'text', (column) => column.notNull())
        .addColumn('amount_cents', 'integer', (column) => column.notNull().check(sql`amount_cents > 0`))
        .addColumn('currency', 'text', (column) => column.notNull())
        .addColumn('note', 'text', (column) => column.notNull())
        .addColumn('flag', 'text')
        .addColumn('refund_of', 'integer', (column) => column.references('payments.id'))
        .addColumn('stripe_session_id', 'text')
        .addColumn('stripe_payment_intent', 'text')
        .addColumn('stripe_refund_id', 'text', (column) => column.unique())
        .addColumn('recorded_by', 'text', (column) => column.notNull())
        .addColumn('at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('payments_submission').on('payments').columns(['submission_id', 'id']).execute();
      // One payment per Checkout Session and purpose: a webhook delivered twice under two event ids
      // (Stripe may) still records it once.
      await db.schema
        .createIndex('payments_checkout_session')
        .on('payments')
        .columns(['stripe_session_id', 'kind'])
        .unique()
        .execute();
      // The Checkout Sessions made for a request: what each asked (the webhook compares), its page's
      // address (a second click goes back to it) and whether it is still open.
      await db.schema
        .createTable('checkout_sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (column) => column.notNull())
        .addColumn('quote_version', 'integer', (column) => column.notNull())
        .addColumn('amount_cents', 'integer', (column) => column.notNull())
        .addColumn('currency', 'text', (column) => column.notNull())
        .addColumn('url', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('idempotency_key', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('checkout_sessions_submission')
        .on('checkout_sessions')
        .columns(['submission_id', 'purpose'])
        .execute();
      // Stripe's event ids already handled: an event delivered again is answered 200 and ignored.
      await db.schema
        .createTable('stripe_events')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('type', 'text', (column) => column.notNull())
        .addColumn('received_at', 'text', (column) => column.notNull())
        .execute();
      // A deposit the shop waived (a school paying on a purchase order): who, when, why.
      await db.schema.alterTable('submissions').addColumn('deposit_waived_at', 'text').execute();
      await db.schema.alterTable('submissions').addColumn('deposit_waived_by', 'text').execute();
      await db.schema.alterTable('submissions').addColumn('deposit_waiver_reason', 'text').execute();
    },
  },
  '0017-mockups': {
    async up(db: Kysely<unknown>) {
      // The mockups of a quote request: the garment picture in its colour with the artwork at
      // the customer's placement, one per view (front, back), rendered from the stored artwork when the
      // request is saved and again when the shop adjusts it. `details` says what it shows (garment,
      // colour, placements in inches, and what was changed on the way: a first frame, a converted colour
      // space).
      await db.schema
        .createTable('mockups')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('view', 'text', (column) => column.notNull().check(sql`view in ('front', 'back')`))
        .addColumn('details', 'text', (column) => column.notNull())
        .addColumn('media_type', 'text', (column) => column.notNull())
        .addColumn('data', 'blob', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addUniqueConstraint('mockups_submission_view', ['submission_id', 'view'])
        .execute();
    },
  },
  '0018-production-board': {
    async up(db: Kysely<unknown>) {
      // An approved order's place on the production board: the day it must be off the press
      // by, and the work it puts on it (its service and pieces), set at approval and moved by the shop.
      await db.schema.alterTable('submissions').addColumn('press_date', 'text').execute();
      await db.schema.alterTable('submissions').addColumn('production_service', 'text').execute();
      await db.schema.alterTable('submissions').addColumn('production_pieces', 'integer').execute();
      await db.schema.createIndex('submissions_press_date').on('submissions').columns(['press_date']).execute();
      // The shop's capacity as changed on the desk: every change a row (the latest is in force), so who
      // changed what and when stays readable; none until the first change (the data file's defaults).
      await db.schema
        .createTable('capacity_settings')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('settings', 'text', (column) => column.notNull())
        .addColumn('changed_by', 'text', (column) => column.notNull())
        .addColumn('changed_at', 'text', (column) => column.notNull())
        .execute();
    },
  },
  '0019-inbox-at-scale': {
    async up(db: Kysely<unknown>) {
      // Years of requests: each inbox filter reads its page off an index in the inbox's
      // order, and the unread count reads only the unread rows.
      await sql`create index submissions_status_activity_at on submissions (status, activity_at, id)`.execute(db);
      await sql`create index submissions_unread on submissions (activity_at) where read_at is null`.execute(db);
      // The desk's search finds a piece of a name, e-mail, company or reference anywhere in it: a
      // trigram index (FTS5's trigram tokenizer) over the folded search column answers that without
      // reading every row. Kept by triggers; external content, so the text is not stored twice.
      await sql`create virtual table submissions_search using fts5(
        search_text, content='submissions', content_rowid='id', tokenize='trigram')`.execute(db);
      await sql`create trigger submissions_search_insert after insert on submissions begin
        insert into submissions_search(rowid, search_text) values (new.id, new.search_text);
      end`.execute(db);
      await sql`create trigger submissions_search_delete after delete on submissions begin
        insert into submissions_search(submissions_search, rowid, search_text) values ('delete', old.id, old.search_text);
      end`.execute(db);
      await sql`create trigger submissions_search_update after update of search_text on submissions begin
        insert into submissions_search(submissions_search, rowid, search_text) values ('delete', old.id, old.search_text);
        insert into submissions_search(rowid, search_text) values (new.id, new.search_text);
      end`.execute(db);
      await sql`insert into submissions_search(submissions_search) values ('rebuild')`.execute(db);
      // The inbox's counts (each status, and the unread) without counting the requests on every page:
      // kept per kind and status by triggers, so they are exact whoever writes (every instance, the CLI).
      await sql`create table request_counts (
        kind text not null, status text not null, total integer not null, unread integer not null,
        primary key (kind, status))`.execute(db);
      await sql`insert into request_counts (kind, status, total, unread)
        select kind, status, count(*), sum(read_at is null) from submissions group by kind, status`.execute(db);
      await sql`create trigger request_counts_insert after insert on submissions begin
        insert into request_counts (kind, status, total, unread) values (new.kind, new.status, 1, new.read_at is null)
          on conflict (kind, status) do update set total = total + 1, unread = unread + excluded.unread;
      end`.execute(db);
      await sql`create trigger request_counts_delete after delete on submissions begin
        update request_counts set total = total - 1, unread = unread - (old.read_at is null)
          where kind = old.kind and status = old.status;
      end`.execute(db);
      await sql`create trigger request_counts_update after update of kind, status, read_at on submissions begin
        update request_counts set total = total - 1, unread = unread - (old.read_at is null)
          where kind = old.kind and status = old.status;
        insert into request_counts (kind, status, total, unread) values (new.kind, new.status, 1, new.read_at is null)
          on conflict (kind, status) do update set total = total + 1, unread = unread + excluded.unread;
      end`.execute(db);
    },
  },
  '0020-group-orders': {
    async up(db: Kysely<unknown>) {
      // A request's group order: the organiser's share link collects each person's size,
      // name and number. One group per request. The share link is made from the salt kept here with the
      // environment's key (server/groups/group-links.ts), like the private page's: a copy of the
      // database opens nothing; a null salt is a revoked link. Flags are 0/1 integers on both databases.
      await db.schema
        .createTable('groups')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().unique().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('deadline', 'text', (column) => column.notNull())
        .addColumn('asks_names', 'integer', (column) => column.notNull())
        .addColumn('asks_numbers', 'integer', (column) => column.notNull())
        .addColumn('note', 'text', (column) => column.notNull())
        .addColumn('payer', 'text', (column) => column.notNull().check(sql`payer in ('organiser', 'members')`))
        .addColumn('price_cents', 'integer')
        .addColumn('allow_repeat', 'integer', (column) => column.notNull())
        .addColumn('share_salt', 'text')
        .addColumn('state', 'text', (column) => column.notNull().check(sql`state in ('open', 'closed', 'cancelled')`))
        .addColumn('closed_at', 'text')
        .addColumn('closed_by', 'text')
        .addColumn('organiser_seen_at', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      // One row per person who joined (or the organiser added); a removed entry keeps its row with
      // removed_at set, so the organiser's "changed since" and the desk's log stay truthful.
      await db.schema
        .createTable('group_entries')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('group_id', 'integer', (column) => column.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('size', 'text', (column) => column.notNull())
        .addColumn('quantity', 'integer', (column) => column.notNull().check(sql`quantity > 0`))
        .addColumn('back_name', 'text', (column) => column.notNull())
        .addColumn('back_number', 'text', (column) => column.notNull())
        .addColumn('edit_salt', 'text', (column) => column.notNull())
        .addColumn('added_by', 'text', (column) => column.notNull())
        .addColumn('visitor', 'text', (column) => column.notNull())
        .addColumn('payment', 'text', (column) => column.notNull().check(sql`payment in ('none', 'pending', 'paid')`))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('changed_at', 'text', (column) => column.notNull())
        .addColumn('removed_at', 'text')
        .execute();
      await db.schema.createIndex('group_entries_group').on('group_entries').columns(['group_id', 'id']).execute();
      // A member's own share paid through Checkout: the session names the entry it pays for.
      await db.schema
        .alterTable('checkout_sessions')
        .addColumn('group_entry_id', 'integer', (column) => column.references('group_entries.id'))
        .execute();
    },
  },
  '0021-board-at-scale': {
    async up(db: Kysely<unknown>) {
      // Years of requests: the board's orders (and the inbox's flags of those at risk) are the
      // few quotes between approval and pickup, read off an index by kind and status in press-day order
      // rather than by checking every quote's status.
      await sql`create index submissions_board on submissions (kind, status, press_date, id)`.execute(db);
    },
  },
  '0022-company-key': {
    async up(db: Kysely<unknown>) {
      // A search for a company matches thousands of requests among years of them: their
      // company, folded as the search folds it, is kept with an index of its own, which tells in a few
      // reads that a search matches more than the desk counts (server/storage/company-key.ts).
      await db.schema.alterTable('submissions').addColumn('company_key', 'text').execute();
      await fillCompanyKeys(db, 'sqlite');
      await sql`create index submissions_company_key on submissions (company_key)`.execute(db);
    },
  },
  '0023-checkout-key-salt-waiting-refunds': {
    async up(db: Kysely<unknown>) {
      // The installation's own part of every idempotency key sent to Stripe (server/payments/checkout.ts):
      // without it two databases on one Stripe account (a staging copy, a restore handing out the same
      // references again) would send the same key and Stripe would refuse the second for a day. One row,
      // from Node's CSPRNG; a restore gives the restored database a new one (server/storage/backup.ts).
      // `if not exists` throughout: a PostgreSQL restore of an older dump over a migrated database keeps
      // the tables the dump does not hold, and this migration then runs again.
      await db.schema
        .createTable('installation')
        .ifNotExists()
        .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
        .addColumn('checkout_key_salt', 'text', (column) => column.notNull())
        .execute();
      await sql`insert into installation (id, checkout_key_salt) values (1, ${randomBytes(18).toString('base64url')})
        on conflict (id) do nothing`.execute(db);
      // A refund Stripe reports for a payment whose own event has not come yet (events arrive in any
      // order): kept here and recorded when the payment is (server/payments/payment-queries.ts).
      await db.schema
        .createTable('waiting_refunds')
        .ifNotExists()
        .addColumn('stripe_refund_id', 'text', (column) => column.primaryKey())
        .addColumn('payment_intent', 'text', (column) => column.notNull())
        .addColumn('amount_cents', 'integer', (column) => column.notNull().check(sql`amount_cents > 0`))
        .addColumn('currency', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('received_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('waiting_refunds_payment_intent')
        .ifNotExists()
        .on('waiting_refunds')
        .column('payment_intent')
        .execute();
    },
  },
  '0024-mail-once-fresh-quote': {
    async up(db: Kysely<unknown>) {
      // A mail the site sends once only (a reminder of a deposit, a balance, a quote about to expire:
      // server/jobs/reminder-job.ts) carries a key, unique per request: however many instances queue it,
      // one row is stored. Null for every other mail (nulls are distinct in a unique index).
      await db.schema.alterTable('outbox').addColumn('once_key', 'text').execute();
      await db.schema.createIndex('outbox_once').unique().on('outbox').columns(['submission_id', 'once_key']).execute();
      // When the customer asked for a fresh quote for an expired one, until the shop sends it: the inbox
      // marks the request as needing a new quote.
      await db.schema.alterTable('submissions').addColumn('fresh_quote_asked_at', 'text').execute();
    },
  },
};
