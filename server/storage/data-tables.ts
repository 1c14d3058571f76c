/**
 * SQLite's search index (migration 0019): an FTS5 table and its shadow tables, derived from the
 * submissions (an empty database already holds its settings rows).
 */
const SQLITE_SEARCH_INDEX = /^submissions_search(_(data|idx|docsize|config))?$/;

/**
 * Whether a table holds the shop's data, which a restore must never overwrite. The migrator's bookkeeping,
 * the rate-limit windows (minutes of state), the search index (made from the submissions) and the
 * installation's row (its Stripe key salt, made by the migrations and renewed by a restore) and the books'
 * number counters (seeded at zero by their migration; what they count is in the invoices and book entries,
 * which are data) do not: a database with rows in none of the others is still empty.
 */
export function isDataTable(name: string): boolean {
  return (
    !name.startsWith('kysely_migration') &&
    name !== 'rate_limits' &&
    name !== 'installation' &&
    name !== 'book_numbers' &&
    !SQLITE_SEARCH_INDEX.test(name)
  );
}
