import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
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
}
