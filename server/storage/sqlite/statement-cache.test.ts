import Database from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

describe('SQLite statements prepared once', () => {
  it('prepares each SQL text once, and answers every query, streams and transactions included, as before', async () => {
    const database = new Database(':memory:');
    const prepare = vi.spyOn(database, 'prepare');
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (const name of ['a', 'b', 'c']) await db.insertInto('t').values({ name }).execute();
    const names = async () => (await db.selectFrom('t').select('name').orderBy('id').execute()).map((row) => row.name);
    expect(await names()).toEqual(['a', 'b', 'c']);
    expect(await names()).toEqual(['a', 'b', 'c']);
    // A stream read to its end, then the same query again: the statement is free once the stream is done.
    const streamed: string[] = [];
    for await (const row of db.selectFrom('t').select('name').orderBy('id').stream()) streamed.push(row.name);
    expect(streamed).toEqual(['a', 'b', 'c']);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('t').set({ name: 'z' }).where('id', '=', 1).execute();
    });
    expect(await names()).toEqual(['z', 'b', 'c']);
    const texts = prepare.mock.calls.map(([text]) => text);
    // The inserts, the selects, the stream, the transaction's begin, update and commit: each text prepared once.
    expect(texts.length).toBe(new Set(texts).size);
    await db.destroy();
  });
});
