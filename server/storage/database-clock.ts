import { type RawBuilder, sql } from 'kysely';

/** The two databases the one Kysely implementation speaks to; queries branch on it only where SQL differs (row locks, clock). */
export type SqlDialect = 'sqlite' | 'postgres';

/**
 * The database's clock, for everything several instances compare (due times, leases): instances'
 * clocks may disagree, the database has one. SQLite's is written in the ISO form the column holds.
 */
export function databaseClock(dialect: SqlDialect) {
  return dialect === 'postgres'
    ? {
        now: (): RawBuilder<string> => sql<string>`now()`,
        after: (ms: number): RawBuilder<string> => sql<string>`now() + make_interval(secs => ${ms / 1000})`,
      }
    : {
        now: (): RawBuilder<string> => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        // The sign written out: SQLite's modifier is "+N seconds" or "-N seconds".
        after: (ms: number): RawBuilder<string> =>
          sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${ms < 0 ? '-' : '+'}${Math.abs(ms) / 1000} seconds`})`,
      };
}

/** The clock's two expressions: now, and `ms` from now. */
export type DatabaseClock = ReturnType<typeof databaseClock>;
