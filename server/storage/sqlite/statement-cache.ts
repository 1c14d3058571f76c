import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * How many prepared statements are kept. The app sends a few hundred distinct texts (a list of ids makes
 * one per length); the least recently used is dropped first, for the garbage collector to finalize.
 */
const STATEMENTS_KEPT = 500;

/**
 * The database as Kysely's SQLite driver sees it, preparing each distinct SQL text once. Kysely prepares
 * every query anew: SQLite then parses and plans it each time, and each statement's compiled program
 * stays allocated outside the JavaScript heap until the garbage collector happens to finalize its small
 * wrapper. Kept here, the statements are reused and their memory has a bound. Reuse is safe because the
 * driver lends its one connection to one query at a time (a stream holds it until it is done).
 */
export function withStatementCache(database: Database.Database): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max: STATEMENTS_KEPT });
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
