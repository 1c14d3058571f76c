import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { SqlDialect } from '#server/storage/database-clock.ts';
import type { StorageDatabase } from '#server/storage/schema.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import { foldForSearch } from '#shared/search-text.ts';
import type { RequestFilter } from './desk-store.ts';

/** `%` and `_` are LIKE's wildcards: a search for "50%" means the characters, not a pattern. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The trigram index cannot narrow a search shorter than a trigram: those read every row (rare, and short). */
const TRIGRAM = 3;

/**
 * The requests the inbox's kind and search select, on either database (migration 0019's indexes). The
 * folded search column is matched with LIKE, so case and accents never matter; on PostgreSQL a pg_trgm
 * index answers that LIKE itself, on SQLite the FTS5 trigram table first narrows the rows to those
 * holding the words (a phrase, so LIKE's and FTS5's special characters are only characters), then the
 * LIKE checks the few it found. With `walk` (a search known to match hundreds), SQLite reads the inbox's
 * index in its order and keeps the matches, so a page stops after its rows instead of sorting them all.
 */
/** The search as the index and the LIKE take it; `narrowed` when SQLite's trigram table can narrow it. */
function searchTerms(dialect: SqlDialect, search: string | undefined) {
  const folded = search?.trim() ? foldForSearch(search.trim()) : undefined;
  return {
    pattern: folded === undefined ? undefined : likePattern(folded),
    phrase: `"${(folded ?? '').replaceAll('"', '""')}"`,
    narrowed: dialect === 'sqlite' && folded !== undefined && [...folded].length >= TRIGRAM,
  };
}

export function inboxMatching(
  db: Kysely<StorageDatabase>,
  dialect: SqlDialect,
  filter: Pick<RequestFilter, 'kind' | 'search'>,
  { walk = false }: { walk?: boolean } = {},
) {
  const { pattern, phrase, narrowed } = searchTerms(dialect, filter.search);
  return db
    .selectFrom('submissions')
    .$if(filter.kind !== undefined, (query) => query.where('submissions.kind', '=', filter.kind as 'quote'))
    .$if(narrowed, (query) =>
      query.where(
        sql<boolean>`${sql.raw(walk ? '+' : '')}submissions.id in (select rowid from submissions_search where submissions_search match ${phrase})`,
      ),
    )
    .$if(pattern !== undefined, (query) =>
      query.where(sql<boolean>`submissions.search_text like ${pattern} escape '\\'`),
    );
}

/** A match as the search's count and order need it. */
export interface FoundRequest {
  id: number;
  status: RequestStatus;
  read_at: unknown;
  activity_at: unknown;
}

/**
 * A search's first `upTo` matches (in no order), with what their count by status and their order need:
 * a common word among years of requests matches thousands, and reading them all costs more than the
 * page. On SQLite the trigram table leads (a join, not a list of every match made first), so the read
 * stops after `upTo` rows.
 */
export function inboxFound(
  db: Kysely<StorageDatabase>,
  dialect: SqlDialect,
  filter: Pick<RequestFilter, 'kind' | 'search'>,
  upTo: number,
): RawBuilder<FoundRequest> {
  const { pattern, phrase, narrowed } = searchTerms(dialect, filter.search);
  if (!narrowed)
    return sql<FoundRequest>`select * from ${inboxMatching(db, dialect, filter)
      .select(['submissions.id', 'submissions.status', 'submissions.read_at', 'submissions.activity_at'])
      .limit(upTo)} as found`;
  const kind = filter.kind === undefined ? sql`` : sql`and submissions.kind = ${filter.kind}`;
  return sql<FoundRequest>`select submissions.id, submissions.status, submissions.read_at, submissions.activity_at
    from submissions_search join submissions on submissions.id = submissions_search.rowid
    where submissions_search match ${phrase} ${kind} and submissions.search_text like ${pattern} escape '\\'
    limit ${upTo}`;
}

/**
 * The newest `window` requests of the kind and status (read off the inbox order's indexes), kept where
 * the search matches, as ids: a search matching thousands (a company's name, a common surname) fills a
 * page within the newest few hundred requests, and checking those costs less than listing every match
 * through the trigram index first (a long phrase reads the doclists of many common trigrams). The caller
 * orders and pages these, and when they do not fill the page falls back on `inboxMatching`: the page is
 * the same either way, only its cost differs.
 */
export function inboxRecentMatching(
  db: Kysely<StorageDatabase>,
  filter: Pick<RequestFilter, 'kind' | 'search' | 'status'>,
  window: number,
) {
  const folded = foldForSearch(filter.search?.trim() ?? '');
  const recent = db
    .selectFrom('submissions')
    .$if(filter.kind !== undefined, (query) => query.where('submissions.kind', '=', filter.kind as 'quote'))
    .$if(filter.status !== undefined, (query) => query.where('submissions.status', '=', filter.status as RequestStatus))
    .select(['submissions.id', 'submissions.activity_at', 'submissions.search_text'])
    .orderBy('submissions.activity_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .limit(window)
    .as('recent');
  return db
    .selectFrom(recent)
    .where(sql<boolean>`recent.search_text like ${likePattern(folded)} escape '\\'`)
    .orderBy('recent.activity_at', 'desc')
    .orderBy('recent.id', 'desc');
}

/**
 * Whether a search may be a company's name, worth asking the company key's index about: not an e-mail
 * address nor a reference (Q-2026-000123), which the trigram index finds among few requests anyway. The
 * matches are the same either way; on PostgreSQL this spares those searches a round trip.
 */
function mayBeCompany(search: string | undefined): boolean {
  const text = search?.trim() ?? '';
  return text !== '' && !text.includes('@') && !/^[a-z]-\d{4}-\d+$/i.test(text);
}

/** Above every character: a key beginning with the text sorts between the text and the text with this. */
const LAST_CHARACTER = '\u{10FFFF}';

/**
 * How many requests (up to `upTo`) have a company beginning with the search's text, off the company
 * key's index (migration 0022): each is a match of the search, so `upTo` of them prove that it matches
 * more than the desk counts, without the trigram index reading the doclists of a long phrase's common
 * trigrams. Keys compare byte by byte on both databases (PostgreSQL's index uses the C collation).
 */
export function companyMatchesUpTo(
  dialect: SqlDialect,
  filter: Pick<RequestFilter, 'kind' | 'search'>,
  upTo: number,
): RawBuilder<{ matches: number | string | bigint }> {
  const folded = foldForSearch(filter.search?.trim() ?? '');
  const key = dialect === 'postgres' ? sql`submissions.company_key collate "C"` : sql`submissions.company_key`;
  const kind = filter.kind === undefined ? sql`` : sql`and submissions.kind = ${filter.kind}`;
  return sql<{ matches: number | string | bigint }>`select count(*) as matches from (select 1 from submissions
    where ${key} >= ${folded} and ${key} < ${folded + LAST_CHARACTER} ${kind} limit ${upTo}) as companies`;
}

/**
 * A search's first `upTo` matches for its count (`inboxFound`), or none with `past` when a company's
 * requests already number `upTo` (`companyMatchesUpTo`). On PostgreSQL both go in one statement, the
 * trigram read gated on the company count (each statement is a round trip there: a search for a surname
 * would pay one more for nothing); SQLite, in process, asks the company index first.
 */
export async function searchMatchesUpTo(
  db: Kysely<StorageDatabase>,
  dialect: SqlDialect,
  filter: Pick<RequestFilter, 'kind' | 'search'>,
  upTo: number,
): Promise<{ found: FoundRequest[]; past: boolean }> {
  if (!mayBeCompany(filter.search))
    return { found: (await inboxFound(db, dialect, filter, upTo).execute(db)).rows, past: false };
  const probe = companyMatchesUpTo(dialect, filter, upTo);
  if (dialect === 'sqlite') {
    const [companies] = (await probe.execute(db)).rows;
    if (Number(companies?.matches ?? 0) >= upTo) return { found: [], past: true };
    return { found: (await inboxFound(db, dialect, filter, upTo).execute(db)).rows, past: false };
  }
  // The lateral read's condition names only the company count: PostgreSQL checks it once, before the read.
  const found = inboxMatching(db, dialect, filter)
    .where(sql<boolean>`companies.matches < ${upTo}`)
    .select(['submissions.id', 'submissions.status', 'submissions.read_at', 'submissions.activity_at'])
    .limit(upTo);
  const rows = (
    await sql<{ [K in keyof FoundRequest]: FoundRequest[K] | null } & { matches: number | string | bigint }>`
      select found.id, found.status, found.read_at, found.activity_at, companies.matches
      from (${probe}) as companies left join lateral (${found}) as found on true`.execute(db)
  ).rows;
  if (Number(rows[0]?.matches ?? 0) >= upTo) return { found: [], past: true };
  return {
    found: rows.flatMap((row) =>
      row.id === null || row.status === null
        ? []
        : [{ id: row.id, status: row.status, read_at: row.read_at, activity_at: row.activity_at }],
    ),
    past: false,
  };
}
