import { type Kysely, sql } from 'kysely';
import { foldForSearch } from '#shared/search-text.ts';
import type { SqlDialect } from './database-clock.ts';
import type { StorageDatabase } from './schema.ts';
import type { RequestFilter } from './types.ts';

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
export function inboxMatching(
  db: Kysely<StorageDatabase>,
  dialect: SqlDialect,
  filter: Pick<RequestFilter, 'kind' | 'search'>,
  { walk = false }: { walk?: boolean } = {},
) {
  const folded = filter.search?.trim() ? foldForSearch(filter.search.trim()) : undefined;
  const pattern = folded === undefined ? undefined : likePattern(folded);
  const narrowed = dialect === 'sqlite' && folded !== undefined && [...folded].length >= TRIGRAM;
  return db
    .selectFrom('submissions')
    .$if(filter.kind !== undefined, (query) => query.where('submissions.kind', '=', filter.kind as 'quote'))
    .$if(narrowed, (query) =>
      query.where(
        sql<boolean>`${sql.raw(walk ? '+' : '')}submissions.id in (select rowid from submissions_search where submissions_search match ${`"${(folded ?? '').replaceAll('"', '""')}"`})`,
      ),
    )
    .$if(pattern !== undefined, (query) =>
      query.where(sql<boolean>`submissions.search_text like ${pattern} escape '\\'`),
    );
}
