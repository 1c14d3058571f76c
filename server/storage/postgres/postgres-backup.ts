import pg from 'pg';
import { BackupError } from '#server/storage/backup-error.ts';
import { isDataTable } from '#server/storage/data-tables.ts';
import { connectionFor, runPgTool } from './pg-tools.ts';

/**
 * `pg_dump --format=custom` into `target`: one snapshot (pg_dump reads everything in one repeatable-read
 * transaction), taken while the server goes on writing, compressed, restorable with pg_restore. An
 * aborted `signal` (shutdown) ends pg_dump.
 */
export async function backupPostgres(databaseUrl: string, target: string, signal?: AbortSignal): Promise<void> {
  const { url, env } = connectionFor(databaseUrl);
  await runPgTool('pg_dump', ['--format=custom', `--file=${target}`, `--dbname=${url}`], env, signal);
}

/** What a dump holds, read before anything is restored. */
export interface PostgresBackupContents {
  migrations: string[];
}

/**
 * Checks that `file` is a custom-format dump pg_restore can read (`pg_restore --list`) with our tables,
 * and reads the names of its migrations from the dump's data; throws a BackupError otherwise.
 */
export async function inspectPostgresBackup(file: string): Promise<PostgresBackupContents> {
  let list: string;
  try {
    list = await runPgTool('pg_restore', ['--list', file]);
  } catch (error) {
    throw new BackupError(
      `${file} is not a PostgreSQL backup pg_restore can read: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!/ TABLE \S+ submissions /.test(list) || !/ TABLE DATA \S+ kysely_migration /.test(list)) {
    throw new BackupError(`${file} is a PostgreSQL dump, but not one of the submissions database`);
  }
  // The migrator's table as COPY text: one row a line, tab-separated, the name first, up to "\.".
  const copy = await runPgTool('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file]);
  const lines = copy.split('\n');
  const start = lines.findIndex((line) => /^COPY \S*kysely_migration .* FROM stdin;$/.test(line));
  const migrations: string[] = [];
  for (const line of start < 0 ? [] : lines.slice(start + 1)) {
    if (line === '\\.') break;
    migrations.push(line.split('\t')[0] ?? '');
  }
  return { migrations: migrations.sort() };
}

/** Rows per table that holds the shop's data (see isDataTable), counting only tables that have some. */
export async function postgresRowCounts(
  databaseUrl: string,
): Promise<{ tables: number; rows: Record<string, number> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables) {
      if (!isDataTable(name)) continue;
      const { rows: counted } = await client.query<{ count: string }>(
        `select count(*) as count from ${client.escapeIdentifier(name)}`,
      );
      const count = Number(counted[0]?.count ?? 0);
      if (count > 0) rows[name] = count;
    }
    return { tables: tables.length, rows };
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into the database, all in one transaction (a failure leaves it as it was). Objects are
 * owned by the role restoring and no grants are replayed, so a dump restores on a new server whose
 * roles differ. `replace` first drops the tables the dump holds: for a database the server already
 * migrated, which the caller has checked holds no rows.
 */
export async function restorePostgres(file: string, databaseUrl: string, { replace }: { replace: boolean }) {
  const { url, env } = connectionFor(databaseUrl);
  await runPgTool(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-acl',
      ...(replace ? ['--clean', '--if-exists'] : []),
      `--dbname=${url}`,
      file,
    ],
    env,
  );
}
