import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
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
}
