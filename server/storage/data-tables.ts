/**
 * Whether a table holds the shop's data, which a restore must never overwrite. The migrator's bookkeeping
 * and the rate-limit windows (minutes of state) do not: a database with rows in neither is still empty.
 */
export function isDataTable(name: string): boolean {
  return !name.startsWith('kysely_migration') && name !== 'rate_limits';
}
