/**
 * The operators' database tool: `npm run db -- backup FILE | restore FILE | status | seed --requests N`. Works on the
 * database the server uses (DATABASE_URL, else DATABASE_DIR, default ./var), safely while it runs
 * (backup and status; a restore goes into an empty database only). The submissions themselves are
 * read with `npm run submissions`. Exit codes: 0 done, 1 failed (the message says why), 2 bad usage.
 */

import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readDatabaseDir, readStorageLocation } from '#server/config.ts';
import { loadSiteDataFiles } from '#server/pages/site-data-files.ts';
import { createPaymentStore } from '#server/payments/payment-queries.ts';
import { backupDatabase, restoreDatabase } from '#server/storage/backup.ts';
import { BackupError } from '#server/storage/backup-error.ts';
import { backupDirectory, lastBackup } from '#server/storage/daily-backup.ts';
import type { StorageLocation } from '#server/storage/open-database.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { databasePath } from '#server/storage/sqlite/sqlite-database.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { SUBMISSION_RETENTION_MONTHS } from '#shared/submissions/retention.ts';
import { createSeedStore } from './seed-queries.ts';
import { seedBatches } from './seed-requests.ts';

const usage = `Usage: npm run db -- <command>

Commands:
  backup FILE    A consistent copy of the database into FILE (a new file), while the server runs:
                 SQLite's online backup, or pg_dump --format=custom on PostgreSQL
  restore FILE   Brings a backup back into an EMPTY database (a new DATABASE_DIR, or a database made
                 with createdb), after checking it; runs the migrations a backup from an older
                 version lacks. Refuses a database that holds anything.
  status         Schema version, submissions, files, the outbox (pending, failed, the oldest's age)
                 and the last daily backup in $DATABASE_DIR/backups
  seed --requests N
                 Fills a database holding no request with N made-up ones over the last five years
                 (statuses, quotes, proofs, decisions, messages, a few artwork files), to measure the
                 desk with years of data (docs/performance.md). Refused when NODE_ENV=production.

The database is the server's: PostgreSQL at $DATABASE_URL when set, otherwise
$DATABASE_DIR/submissions.sqlite (DATABASE_DIR defaults to ./var). pg_dump and pg_restore are taken
from $PG_BIN, /usr/lib/postgresql/*/bin or PATH. See docs/backups.md.
Exit codes: 0 done, 1 failed, 2 bad usage.
`;

/** The most made-up requests one seed writes, and how many go into each transaction. */
const MAX_SEED = 1_000_000;
const SEED_BATCH = 1000;

/** A daily backup older than this is late: the server takes one every 24 hours. */
const LATE_BACKUP_MS = 26 * 60 * 60_000;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  let parsed: { positionals: string[]; values: { requests?: string } };
  try {
    parsed = parseArgs({ args: argv, options: { requests: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [name, ...rest] = parsed.positionals;
  if (name === 'help' || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage);
    return;
  }
  const needsFile = name === 'backup' || name === 'restore';
  if (name === undefined) throw new UsageError('no command given');
  if (name === 'seed') {
    if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
    const requests = Number(parsed.values.requests);
    if (!Number.isInteger(requests) || requests < 1 || requests > MAX_SEED) {
      throw new UsageError(`seed needs --requests N, a whole number from 1 to ${MAX_SEED.toLocaleString('en-US')}`);
    }
    await seed(readStorageLocation(), requests);
    return;
  }
  if (parsed.values.requests !== undefined) throw new UsageError('--requests goes with seed only');
  if (!needsFile && name !== 'status') throw new UsageError(`unknown command "${name}"`);
  if (needsFile && rest.length !== 1) {
    throw new UsageError(
      rest.length === 0 ? `missing the file, as in: ${name} /backups/seenwear.bak` : 'too many arguments',
    );
  }
  if (!needsFile && rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const location = readStorageLocation();
  const file = rest[0] ?? '';
  if (name === 'backup') await backup(location, file);
  else if (name === 'restore') await restore(location, file);
  else await status(location);
}

async function seed(location: StorageLocation, count: number) {
  // Made-up customers in a live shop's database would be mailed, listed and counted as real ones.
  if (process.env.NODE_ENV === 'production') {
    throw new Error('seed is refused with NODE_ENV=production: it is for a development or measuring database');
  }
  const { data: site } = await loadSiteDataFiles(new URL('../../data/', import.meta.url).pathname);
  const database = await openDatabase(location);
  const store = createSeedStore(database);
  try {
    if (!(await store.holdsNoRequests())) {
      throw new Error(`${describeLocation(location)} already holds requests: seed fills only a database without any`);
    }
    const started = Date.now();
    let stored = 0;
    for (const batch of seedBatches({ count, batchSize: SEED_BATCH, site, now: new Date() })) {
      await store.insertSeedBatch(batch);
      stored += batch.length;
      if (stored % 10_000 < SEED_BATCH || stored === count) {
        process.stdout.write(`  ${stored.toLocaleString('en-US')} of ${count.toLocaleString('en-US')}\n`);
      }
    }
    await store.analyze();
    process.stdout.write(
      `Seeded ${describeLocation(location)} with ${count.toLocaleString('en-US')} made-up requests over five years in ${seconds(Date.now() - started)}, its statistics gathered.\n` +
        `A server started on it deletes those older than ${SUBMISSION_RETENTION_MONTHS} months at its first daily privacy purge (npm run bench:desk records the purge as run first).\n`,
    );
  } finally {
    await database.close();
  }
}

async function backup(location: StorageLocation, file: string) {
  const result = await backupDatabase(location, file);
  process.stdout.write(
    `Backed up ${describeLocation(location)} to ${result.file} (${formatBytes(result.bytes, 'staff')} in ${seconds(result.durationMs)}).\n` +
      "It holds the visitors' contact data and artwork: keep it private, and copy it off this machine.\n",
  );
}

async function restore(location: StorageLocation, file: string) {
  const result = await restoreDatabase(location, file, {
    // The restored database hands out again the references issued after the backup, and its old
    // database may still be on the same Stripe account: Stripe would refuse its idempotency keys.
    afterRestore: (database) => createPaymentStore(database).renewCheckoutKeySalt(),
  });
  const migrated =
    result.migrationsRun === 0
      ? `schema ${result.schema ?? 'unknown'}`
      : `schema ${result.backupSchema ?? 'none'} brought up to ${result.schema ?? 'unknown'} (${result.migrationsRun} migration${result.migrationsRun === 1 ? '' : 's'} run)`;
  process.stdout.write(
    `Restored ${file} into ${describeLocation(location)}: ${migrated}.\n` +
      'Check it with: npm run db -- status   and   npm run --silent submissions -- list; then start the server.\n',
  );
}

async function status(location: StorageLocation) {
  if ('databaseDir' in location && !existsSync(databasePath(location.databaseDir))) {
    throw new BackupError(`no submissions database at ${databasePath(location.databaseDir)} (is DATABASE_DIR right?)`);
  }
  const storage = await openDatabase(location);
  let state: Awaited<ReturnType<typeof storage.status>>;
  try {
    state = await storage.status();
  } finally {
    await storage.close();
  }
  const now = Date.now();
  const backupDir = backupDirectory(readDatabaseDir());
  const last = await lastBackup(backupDir);
  const { outbox } = state;
  const lines = [
    ['Database', describeLocation(location)],
    ['Schema', state.schemaVersion ?? '(no migrations)'],
    [
      'Submissions',
      `${state.submissions.quote} quote request${plural(state.submissions.quote)}, ${state.submissions.contact} contact message${plural(state.submissions.contact)}; ${state.files.count} file${plural(state.files.count)}, ${formatBytes(state.files.bytes, 'staff')}`,
    ],
    [
      'Outbox',
      `${outbox.pending} pending${outbox.oldestPendingAt ? ` (oldest waiting ${ago(now - outbox.oldestPendingAt.getTime())})` : ''}, ${outbox.failed} failed, ${outbox.sent} sent`,
    ],
    [
      'Last backup',
      last
        ? `${formatDate(last.at)}, ${ago(now - last.at.getTime())} ago: ${last.file} (${formatBytes(last.bytes, 'staff')})`
        : `none in ${backupDir}`,
    ],
  ];
  const width = Math.max(...lines.map(([label]) => label?.length ?? 0));
  for (const [label = '', value = ''] of lines) process.stdout.write(`${label.padEnd(width)}  ${value}\n`);
  const warnings: string[] = [];
  if (outbox.failed > 0) warnings.push('Failed mail: npm run submissions -- failed, then resend REF once fixed.');
  if (!last || now - last.at.getTime() > LATE_BACKUP_MS) {
    warnings.push(`No daily backup in the last 26 hours: take one now with npm run db -- backup FILE.`);
  }
  for (const warning of warnings) process.stdout.write(`\nWarning: ${warning}`);
  if (warnings.length > 0) process.stdout.write('\n');
}

/** Where the data is, never with the password the address may carry. */
function describeLocation(location: StorageLocation): string {
  if ('databaseDir' in location) return `SQLite ${databasePath(location.databaseDir)}`;
  const url = new URL(location.databaseUrl);
  url.password = '';
  return `PostgreSQL ${url.href}`;
}

function plural(count: number): string {
  return count === 1 ? '' : 's';
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function ago(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

function formatDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

main(process.argv.slice(2)).then(
  () => {
    process.exitCode = 0;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`db: ${error.message}\n\n${usage}`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`db: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
