import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardOrdersQuery } from '#server/production/production-queries.ts';
import { proofsWaitingQuery } from '#server/requests/proof-pin-queries.ts';
import type { SqlDialect } from '#server/storage/database-clock.ts';
import type { StorageLocation } from '#server/storage/open-database.ts';
import type { StorageDatabase } from '#server/storage/schema.ts';
import { backends, openTestStorage, runSql, type TestStorage } from '#tests/support/test-storage.ts';
import { companyMatchesUpTo, inboxFound, inboxMatching, inboxRecentMatching } from './inbox-query.ts';

/** Kysely compiling only, to read the SQL the desk sends without a connection of its own. */
function compilerFor(dialect: SqlDialect): Kysely<StorageDatabase> {
  const postgres = dialect === 'postgres';
  return new Kysely<StorageDatabase>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
}

/** The plan of the inbox's first page for a filter, as the database would run it, in one text. */
function planOf(
  location: StorageLocation,
  dialect: SqlDialect,
  filter: { search?: string; status?: 'quoted'; walk?: boolean },
): Promise<string> {
  const query = inboxMatching(compilerFor(dialect), dialect, { search: filter.search }, { walk: filter.walk === true })
    .$if(filter.status !== undefined, (q) => q.where('submissions.status', '=', 'quoted'))
    .select(['reference', 'name'])
    .orderBy('submissions.activity_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .limit(50)
    .compile();
  return planOfQuery(location, dialect, query);
}

/** The plan of a compiled query, as the database would run it, in one text. */
async function planOfQuery(
  location: StorageLocation,
  dialect: SqlDialect,
  query: { sql: string; parameters: readonly unknown[] },
): Promise<string> {
  if (dialect === 'postgres') {
    const rows = (await runSql(location, `explain ${query.sql}`, [...query.parameters])) as {
      'QUERY PLAN': string;
    }[];
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }
  let n = 0;
  const text = query.sql.replace(/\?/g, () => `$${++n}`);
  const rows = (await runSql(location, `explain query plan ${text}`, [...query.parameters])) as { detail: string }[];
  return rows.map((row) => row.detail).join('\n');
}

// With years of requests a full scan of the submissions is what makes the inbox slow: the
// plans must read the indexes of migration 0019. PostgreSQL is told to avoid sequential scans wherever
// it can, since on a test table this small it would rightly prefer one: a plan that still scans has no
// index it could use.
describe.each(backends)('the inbox query plans on %s', (backend) => {
  const dialect: SqlDialect = backend === 'postgres' ? 'postgres' : 'sqlite';
  let storage: TestStorage;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    if (backend === 'postgres') {
      const [row] = (await runSql(storage.location, 'select current_database() as name')) as { name: string }[];
      await runSql(storage.location, `alter database "${row?.name}" set enable_seqscan = off`);
    }
  });

  afterAll(async () => {
    await storage.close();
  });

  const fullScan = dialect === 'postgres' ? /Seq Scan on submissions/ : /^SCAN submissions$/m;

  it('searches through the trigram index, not by reading every request', async () => {
    const plan = await planOf(storage.location, dialect, { search: 'Castañeda' });
    expect(plan).not.toMatch(fullScan);
    expect(plan).toMatch(
      dialect === 'postgres' ? /submissions_search_text/ : /submissions_search VIRTUAL TABLE INDEX \d+:M/,
    );
  });

  it('pages a search matching hundreds through the inbox order’s index, still narrowed by the trigrams', async () => {
    const plan = await planOf(storage.location, dialect, { search: 'Castañeda', walk: true });
    expect(plan).not.toMatch(fullScan);
    expect(plan).toMatch(
      dialect === 'postgres'
        ? /submissions_search_text/
        : /SCAN submissions USING INDEX submissions_activity_at[\s\S]*submissions_search VIRTUAL TABLE INDEX \d+:M/,
    );
    const filtered = await planOf(storage.location, dialect, { search: 'Castañeda', status: 'quoted', walk: true });
    expect(filtered).not.toMatch(fullScan);
    if (dialect === 'sqlite') expect(filtered).toMatch(/submissions_status_activity_at/);
  });

  it('counts a search’s matches from the trigram index, each match found by its key', async () => {
    const db = compilerFor(dialect);
    const plan = await planOfQuery(
      storage.location,
      dialect,
      inboxFound(db, dialect, { search: 'Castañeda' }, 501).compile(db),
    );
    expect(plan).not.toMatch(fullScan);
    expect(plan).toMatch(
      dialect === 'postgres'
        ? /submissions_search_text/
        : /SCAN submissions_search VIRTUAL TABLE INDEX \d+:M[\s\S]*SEARCH submissions USING INTEGER PRIMARY KEY/,
    );
  });

  it('tells that a company’s requests are past the count off the company key’s index (migration 0022)', async () => {
    const db = compilerFor(dialect);
    const plan = await planOfQuery(
      storage.location,
      dialect,
      companyMatchesUpTo(dialect, { search: 'Café Nandú' }, 201).compile(db),
    );
    expect(plan).not.toMatch(fullScan);
    expect(plan).toMatch(/submissions_company_key/);
  });

  it('looks for a busy search’s page among the newest requests, off the inbox order’s indexes', async () => {
    const db = compilerFor(dialect);
    const recent = (status?: 'quoted') =>
      planOfQuery(
        storage.location,
        dialect,
        inboxRecentMatching(db, { search: 'Café Nandú', ...(status ? { status } : {}) }, 1560)
          .select('recent.id')
          .limit(26)
          .compile(),
      );
    const plan = await recent();
    expect(plan).not.toMatch(fullScan);
    expect(plan).toMatch(/submissions_activity_at/);
    const filtered = await recent('quoted');
    expect(filtered).not.toMatch(fullScan);
    expect(filtered).toMatch(/submissions_status_activity_at/);
  });

  it('reads a status filter in the inbox order off its index', async () => {
    const plan = await planOf(storage.location, dialect, { status: 'quoted' });
    expect(plan).not.toMatch(fullScan);
    expect(plan).toMatch(/submissions_status_activity_at/);
  });

  it('reads the first page in the inbox order off the activity index', async () => {
    const plan = await planOf(storage.location, dialect, {});
    expect(plan).not.toMatch(fullScan);
    expect(plan).toMatch(/submissions_activity_at/);
  });

  it('reads the board’s orders (and the inbox’s flags of those at risk) off the board index', async () => {
    const plan = await planOfQuery(storage.location, dialect, boardOrdersQuery(compilerFor(dialect)).compile());
    expect(plan).not.toMatch(fullScan);
    expect(plan).toMatch(/submissions_board/);
  });

  it('finds the proofs waiting for approval off their index (migration 0034), already in order', async () => {
    const plan = await planOfQuery(storage.location, dialect, proofsWaitingQuery(compilerFor(dialect)).compile());
    expect(plan).not.toMatch(fullScan);
    expect(plan).toMatch(/submissions_proof_waiting/);
    // Read in the index's order: the hundred come first, with no sort of every request waiting.
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY|\bSort\b/);
  });
});
