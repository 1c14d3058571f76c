import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The outbox also carries mail that is not a submission's two notifications: staff sign-in links
  // (no submission) and the shop's messages to a customer (several per submission). Such a row holds
  // its whole message in `mail`; the one-per-recipient rule stays for the notifications.
  await sql`alter table outbox alter column submission_id drop not null`.execute(db);
  await sql`alter table outbox drop constraint outbox_recipient_check`.execute(db);
  await sql`alter table outbox add constraint outbox_recipient_check check (recipient in ('shop', 'customer', 'staff'))`.execute(
    db,
  );
  await sql`alter table outbox drop constraint outbox_submission_recipient`.execute(db);
  await sql`alter table outbox add column mail jsonb`.execute(db);
  await sql`alter table outbox add column created_at timestamptz`.execute(db);
  await sql`alter table outbox add constraint outbox_mail_or_submission check (submission_id is not null or mail is not null)`.execute(
    db,
  );
  await sql`create unique index outbox_submission_recipient on outbox (submission_id, recipient) where mail is null`.execute(
    db,
  );
}
