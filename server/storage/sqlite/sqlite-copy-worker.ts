/**
 * The SQLite backup's copy, run in a worker thread by sqlite-backup.ts: the copy is one synchronous step
 * (about 170 MB a second measured here), which on the server's own thread would stall every request for
 * that long during the daily backup. Receives { path, target }; answers { ok } or { ok: false, message }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { boundSqliteMemory } from './sqlite-memory.ts';

/** How long the backup's reads wait for the server's writer (a checkpoint, a purge batch) before failing. */
const BUSY_TIMEOUT_MS = 10_000;

async function copy({ path, target }: { path: string; target: string }): Promise<void> {
  const source = new Database(path, { fileMustExist: true });
  try {
    source.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // The copy reads every page through this connection's cache, in a thread of the server's process.
    boundSqliteMemory(source);
    // After a first step that only sizes it, every page in a single step inside one read transaction:
    // one snapshot. Copied 100 pages a step (better-sqlite3's default), any save between two steps
    // restarts the copy, and under steady traffic it could restart for ever.
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const written = new Database(target);
  try {
    // quick_check reads the whole copy through this cache.
    boundSqliteMemory(written);
    // One self-contained file: the copy keeps no -wal beside it, wherever it is moved.
    written.pragma('journal_mode = DELETE');
    const check = written.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy in ${target} fails SQLite's quick_check: ${String(check)}`);
  } finally {
    written.close();
  }
}

copy(workerData as { path: string; target: string }).then(
  () => parentPort?.postMessage({ ok: true }),
  (error: unknown) =>
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
