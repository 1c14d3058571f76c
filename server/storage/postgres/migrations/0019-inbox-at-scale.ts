import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Years of requests: each inbox filter reads its page off an index in the inbox's
  // order, and the unread count reads only the unread rows.
  await sql`create index submissions_status_activity_at on submissions (status, activity_at, id)`.execute(db);
  await sql`create index submissions_unread on submissions (activity_at) where read_at is null`.execute(db);
  // The desk's search finds a piece of a name, e-mail, company or reference anywhere in it: a
  // trigram index (pg_trgm, a trusted extension the database's owner may create) answers
  // "search_text like '%…%'" without reading every row.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index submissions_search_text on submissions using gin (search_text gin_trgm_ops)`.execute(db);
  // The inbox's counts (each status, and the unread) without counting the requests on every page:
  // kept per kind and status by a trigger, so they are exact whoever writes (every instance, the CLI).
  await sql`create table request_counts (
        kind text not null, status text not null, total integer not null, unread integer not null,
        primary key (kind, status))`.execute(db);
  await sql`insert into request_counts (kind, status, total, unread)
        select kind, status, count(*), count(*) filter (where read_at is null) from submissions group by kind, status`.execute(
    db,
  );
  // A status change moves one from its old row to its new one. The two rows are written in key order,
  // so two changes in opposite directions (ready to completed, completed back to ready) at once wait
  // for each other instead of deadlocking.
  await sql`create function request_counts_change() returns trigger language plpgsql as $$
        declare
          changes jsonb := '[]'::jsonb;
          change jsonb;
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            changes := changes || jsonb_build_object('kind', old.kind, 'status', old.status, 'total', -1,
              'unread', case when old.read_at is null then -1 else 0 end);
          end if;
          if tg_op in ('UPDATE', 'INSERT') then
            changes := changes || jsonb_build_object('kind', new.kind, 'status', new.status, 'total', 1,
              'unread', case when new.read_at is null then 1 else 0 end);
          end if;
          for change in select value from jsonb_array_elements(changes) order by value->>'kind', value->>'status' loop
            insert into request_counts (kind, status, total, unread)
              values (change->>'kind', change->>'status', (change->>'total')::integer, (change->>'unread')::integer)
              on conflict (kind, status) do update
                set total = request_counts.total + excluded.total, unread = request_counts.unread + excluded.unread;
          end loop;
          return null;
        end $$`.execute(db);
  await sql`create trigger request_counts_change after insert or delete or update of kind, status, read_at
        on submissions for each row execute function request_counts_change()`.execute(db);
}
