import { type Kysely, sql } from 'kysely';
import { foldForSearch } from '#shared/search-text.ts';
import type { SqlDialect } from './database-clock.ts';

/**
 * A request's company as the search folds it (migration 0022), or null without one. Folded exactly as
 * the company's part of the search column (shared/search-text.ts), so a request whose company begins
 * with a search's text is always one of its matches: the index on this column counts a company's
 * thousands of requests without the trigram index (see inbox-query.ts, `companyMatchesUpTo`).
 */
export function companyKey(company: unknown): string | null {
  return typeof company === 'string' && company !== '' ? foldForSearch(company) : null;
}

/** Migration 0022: the company key of every request stored before, in batches of 500. */
export async function fillCompanyKeys(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  const company = dialect === 'postgres' ? sql`payload->>'company'` : sql`json_extract(payload, '$.company')`;
  const rows = await sql<{ id: number; company: unknown }>`
    select id, ${company} as company from submissions where ${company} is not null`.execute(db);
  const keyed = rows.rows.flatMap((row) => {
    const key = companyKey(row.company);
    return key === null ? [] : [{ id: row.id, key }];
  });
  for (let start = 0; start < keyed.length; start += 500) {
    const part = keyed.slice(start, start + 500);
    // PostgreSQL types a VALUES list's parameters as text unless told.
    const values = sql.join(
      part.map((row) =>
        dialect === 'postgres' ? sql`(${row.id}::integer, ${row.key}::text)` : sql`(${row.id}, ${row.key})`,
      ),
    );
    await (dialect === 'postgres'
      ? sql`update submissions set company_key = keyed.key from (values ${values}) as keyed (id, key)
          where submissions.id = keyed.id`
      : sql`with keyed (id, key) as (values ${values})
          update submissions set company_key = (select key from keyed where keyed.id = submissions.id)
          where id in (select id from keyed)`
    ).execute(db);
  }
}
