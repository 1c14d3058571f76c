/**
 * The desk and the customer's page with years of orders: `npm run bench:desk`. For each database (SQLite,
 * then PostgreSQL) it seeds BENCH_REQUESTS made-up requests (default 100,000) with `npm run db -- seed`,
 * starts the production server on them, signs a member of staff in, and measures the inbox's first page, each
 * status filter, a search by name, e-mail, company and reference, a request on the desk and a customer's
 * page: first one user (BENCH_SAMPLES requests one after another: p50 and p95), then 20 connections with
 * autocannon (BENCH_SECONDS each: requests per second and p99). The server's memory is sampled all along
 * and, after the last target, through BENCH_TAIL_SECONDS of idleness (default 60): its resident memory
 * (RSS), the JavaScript heap (used of reserved) and the rest (RSS minus the reserved heap: native caches,
 * buffers, code, the allocator's free lists), at the peak under load, at the peak of the idle tail and at
 * its end. The heap figures
 * are the server's own /metrics (Node's default metrics), read with a METRICS_TOKEN made for the run.
 * PostgreSQL is BENCH_DATABASE_URL (an empty database) when set, otherwise a
 * throwaway cluster like the tests'. Writes reports/bench-desk.json; exits 1 when a request failed or
 * answered another status. To compare two builds on the same data: BENCH_TARGETS (a comma-separated list of
 * words) measures only the targets whose names hold one of them, and BENCH_SEEDED=1 measures a database
 * seeded before (BENCH_DATABASE_URL, or the SQLite folder BENCH_SQLITE_DIR) instead of seeding one. Targets:
 * p95 ≤ 50 ms for one user, ≥ 200 requests/s at 20 connections, RSS < 250 MB under load and through the
 * tail. A busy machine is refused as `npm run bench` refuses it (scripts/quiet-machine.ts): exit 2,
 * "machine busy". BENCH_BUSY_OK=1 measures anyway, for the memory figures: other processes' load slows
 * the pages and squeezes their timings, but changes little of what the server holds; the timings of
 * such a run are marked as taken on a busy machine.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { describe, MachineBusyError, waitForQuietMachine } from '#scripts/quiet-machine.ts';
import { serveSettings } from '#scripts/serve-settings.ts';
import { createFeatureStores } from '#server/feature-stores.ts';
import { hashOfSecret, linkKeys, newLinkSecret } from '#server/http/link-secrets.ts';
import { DAILY_BACKUP_JOB } from '#server/jobs/daily-backup-job.ts';
import { customerPagePath } from '#server/requests/request-links.ts';
import { openDatabase, type StorageLocation } from '#server/storage/open-database.ts';
import { quoteStatuses } from '#shared/requests/request-status.ts';
import { foldForSearch } from '#shared/search-text.ts';
import { createDatabase, startPostgres } from '#tests/support/postgres-server.ts';
import { startServer, TEST_SERVER_CSRF_SECRET } from '#tests/support/server-process.ts';

const STAFF = 'bench@seenwear.example';
const CONNECTIONS = 20;
const TARGET_P95_MS = 50;
const TARGET_RPS = 200;
const TARGET_RSS_MB = 250;
const serving = serveSettings();

function numberFrom(name: string, fallback: number, least: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < least) throw new Error(`${name} must be a number ≥ ${least}`);
  return Math.floor(value);
}
const requests = numberFrom('BENCH_REQUESTS', 100_000, 100);
const samples = numberFrom('BENCH_SAMPLES', 200, 20);
const seconds = numberFrom('BENCH_SECONDS', 10, 1);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
const only = (process.env.BENCH_TARGETS ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter((word) => word !== '');
const seeded = process.env.BENCH_SEEDED === '1';
const tailSeconds = numberFrom('BENCH_TAIL_SECONDS', 60, 0);
const busyOk = process.env.BENCH_BUSY_OK === '1';
/** The run's own token for the server's /metrics: the heap figures come from there. */
const METRICS_TOKEN = randomBytes(24).toString('hex');
const MB = 1024 * 1024;
for (const name of databases) {
  if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_DATABASES lists "${name}": sqlite, postgres`);
}

interface Target {
  name: string;
  path: string;
}

interface Row {
  database: string;
  target: string;
  path: string;
  p50Ms: number;
  p95Ms: number;
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
  /** The server process's CPU time (all its threads) per request at 20 connections: what other load on the machine changes least. */
  serverCpuMs: number;
}

/** `npm run db -- seed` on that database, as an operator runs it; resolves with its time in ms. */
function seed(location: StorageLocation, count: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['server/cli/db.ts', 'seed', '--requests', String(count)], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: 'databaseUrl' in location ? location.databaseUrl : '',
        DATABASE_DIR: 'databaseDir' in location ? location.databaseDir : os.tmpdir(),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Date.now() - started) : reject(new Error(`seed exited ${code}`)),
    );
  });
}

/** One GET, timed from the request to the answer's last byte; rejects on a status other than 200. */
function timedGet(url: string, cookie: string): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, br' } }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A process's CPU time so far (user and system, all threads) in ms; 0 where there is no /proc. */
async function cpuMsOf(pid: number | undefined): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ');
    // utime and stime, the 14th and 15th fields, in clock ticks (USER_HZ, 100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** One reading of the server's memory, in MB: RSS, the JavaScript heap (used and reserved), and the rest. */
interface MemoryReading {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** Memory outside the JavaScript heap that V8 knows of: Buffers, typed arrays, zlib's and sharp's handles. */
  externalMb: number;
}

/** A gauge's value from Prometheus's text format; NaN when absent. */
function gauge(text: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
  return Number(match?.[1] ?? Number.NaN);
}

/** The server's memory as its /metrics reports it (prom-client's default process and heap metrics). */
async function readMemory(url: string): Promise<MemoryReading | null> {
  try {
    const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    if (!response.ok) return null;
    const text = await response.text();
    const rss = gauge(text, 'process_resident_memory_bytes');
    const heapTotal = gauge(text, 'nodejs_heap_size_total_bytes');
    return {
      rssMb: rss / MB,
      heapUsedMb: gauge(text, 'nodejs_heap_size_used_bytes') / MB,
      heapTotalMb: heapTotal / MB,
      externalMb: gauge(text, 'nodejs_external_memory_bytes') / MB,
    };
  } catch {
    return null;
  }
}

/**
 * The server's memory, sampled until stopped: RSS from /proc five times a second (the true peak), and its
 * /metrics once a second; the reading with the highest RSS is the breakdown printed for the peak.
 */
function memorySampler(pid: number | undefined, url: string) {
  let peakRssMb = 0;
  let peak: MemoryReading | null = null;
  const rssTimer = setInterval(async () => {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakRssMb = Math.max(peakRssMb, kb / 1024);
    } catch {
      // The process has ended, or there is no /proc.
    }
  }, 200);
  const metricsTimer = setInterval(async () => {
    const reading = await readMemory(url);
    if (reading && (!peak || reading.rssMb > peak.rssMb)) peak = reading;
  }, 1000);
  return {
    stop() {
      clearInterval(rssTimer);
      clearInterval(metricsTimer);
      return { peakRssMb: Math.max(peakRssMb, peak?.rssMb ?? 0), peak };
    },
  };
}

/** What to measure on a seeded database, found in it; and a staff session made in it. */
async function prepare(location: StorageLocation) {
  const database = await openDatabase(location);
  const { desk, jobs, customer } = createFeatureStores(database);
  try {
    const middle = await desk.listRequests({ kind: 'quote', status: 'completed', page: 20, pageSize: 10 });
    const sample = middle.items[0];
    if (!sample) throw new Error('The seeded database has no completed quote request');
    const company = typeof sample.payload.company === 'string' ? sample.payload.company : 'Café Nandú';
    const customerPath = await customerPagePath(customer, linkKeys(TEST_SERVER_CSRF_SECRET), sample.reference);
    if (!customerPath) throw new Error(`${sample.reference} has no customer page`);
    // The daily jobs are recorded as run today, so the server does not start them during the measurement:
    // the privacy purge would delete all but the last SUBMISSION_RETENTION_MONTHS of the five years
    // seeded (the live site keeps only those: the row count, not their age, is what is measured), and the
    // backup would copy the whole database while the pages are timed.
    for (const job of ['privacy-purge', DAILY_BACKUP_JOB]) {
      const claim = await jobs.claimScheduledJob(job, { intervalMs: 0, leaseMs: 60_000 });
      if (claim) await jobs.finishScheduledJob(claim, { ok: true });
    }
    const secret = newLinkSecret();
    await desk.createStaffSession(hashOfSecret(secret), STAFF, 24 * 60 * 60 * 1000);
    const query = (text: string) => `/staff?q=${encodeURIComponent(text)}`;
    const targets: Target[] = [
      { name: 'inbox, first page', path: '/staff' },
      ...[...quoteStatuses, 'handled' as const].map((status) => ({
        name: `status ${status}`,
        path: `/staff?status=${status}`,
      })),
      // The name as a person types it, without its accent; the e-mail's start; the company; a reference.
      { name: 'search: name', path: query(foldForSearch(sample.name.split(' ').at(-1) ?? sample.name).toUpperCase()) },
      { name: 'search: e-mail', path: query(sample.email.split('@')[0] ?? sample.email) },
      { name: 'search: company', path: query(foldForSearch(company)) },
      { name: 'search: reference', path: query(sample.reference) },
      { name: 'desk request', path: `/staff/requests/${sample.reference}` },
      { name: "customer's page", path: customerPath },
    ];
    return {
      targets: targets.filter((target) => only.length === 0 || only.some((word) => target.name.includes(word))),
      cookie: `__Host-staff=${secret}; staff=${secret}`,
    };
  } finally {
    await database.close();
  }
}

async function measureDatabase(database: 'sqlite' | 'postgres') {
  let location: StorageLocation;
  let cleanUp: () => Promise<void>;
  if (database === 'sqlite' && seeded) {
    const dir = process.env.BENCH_SQLITE_DIR;
    if (!dir) throw new Error('BENCH_SEEDED=1 measures SQLite in BENCH_SQLITE_DIR: set it');
    location = { databaseDir: dir };
    cleanUp = async () => {};
  } else if (database === 'sqlite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'seenwear-bench-desk-'));
    location = { databaseDir: dir };
    cleanUp = () => rm(dir, { recursive: true, force: true });
  } else if (process.env.BENCH_DATABASE_URL) {
    location = { databaseUrl: process.env.BENCH_DATABASE_URL };
    cleanUp = async () => {};
  } else {
    const cluster = await startPostgres();
    location = { databaseUrl: await createDatabase(cluster.url) };
    cleanUp = () => cluster.stop();
  }
  try {
    if (!seeded) console.error(`${database}: seeding ${requests.toLocaleString('en-US')} requests…`);
    if (seeded && !('databaseDir' in location) && !process.env.BENCH_DATABASE_URL)
      throw new Error('BENCH_SEEDED=1 measures PostgreSQL at BENCH_DATABASE_URL: set it');
    const seedMs = seeded ? 0 : await seed(location, requests);
    const { targets, cookie } = await prepare(location);
    const server = await startServer(
      {
        ...('databaseUrl' in location
          ? { DATABASE_URL: location.databaseUrl }
          : { DATABASE_DIR: location.databaseDir, DATABASE_URL: '' }),
        STAFF_EMAILS: STAFF,
        // As `npm run serve` starts it (docs/performance.md, "Memory").
        ...serving.env,
        NODE_OPTIONS: serving.nodeOptions,
        METRICS_TOKEN,
      },
      { captureStdout: false },
    );
    const memory = memorySampler(server.child.pid, server.url);
    const rows: Row[] = [];
    let peakMemory: ReturnType<typeof memory.stop> = { peakRssMb: 0, peak: null };
    let tailMemory: ReturnType<typeof memory.stop> = { peakRssMb: 0, peak: null };
    let afterTail: MemoryReading | null = null;
    let tail: ReturnType<typeof memorySampler> | undefined;
    try {
      for (const target of targets) {
        // Other processes' CPU only: the seed and this benchmark's own earlier targets are in the load average.
        const quiet = await quietOrBusy(false);
        console.error(`  ${database} ${target.name}: ${quiet} before it`);
        const url = `${server.url}${target.path}`;
        for (let i = 0; i < 10; i++) await timedGet(url, cookie);
        const times: number[] = [];
        for (let i = 0; i < samples; i++) times.push(await timedGet(url, cookie));
        times.sort((a, b) => a - b);
        const cpuBefore = await cpuMsOf(server.child.pid);
        const load = await autocannon({
          url,
          connections: CONNECTIONS,
          duration: seconds,
          headers: { cookie, 'accept-encoding': 'gzip, br' },
        });
        const serverCpuMs = ((await cpuMsOf(server.child.pid)) - cpuBefore) / Math.max(1, load.requests.total);
        const ok = load.statusCodeStats?.['200']?.count ?? 0;
        rows.push({
          database,
          target: target.name,
          path: target.path,
          p50Ms: percentile(times, 50),
          p95Ms: percentile(times, 95),
          requestsPerSecond: load.requests.average,
          p99Ms: load.latency.p99,
          failures: load.errors + load.timeouts + (load.requests.total - ok),
          serverCpuMs,
        });
        console.error(
          `  ${database} ${target.name}: p95 ${percentile(times, 95).toFixed(1)} ms, ${Math.round(load.requests.average)} req/s`,
        );
      }
      peakMemory = memory.stop();
      // What the server gives back once the load stops (the load's garbage collected, caches at rest),
      // sampled all through: the bound must hold for the whole minute, not only at its end.
      console.error(`  ${database}: ${tailSeconds} s idle…`);
      tail = memorySampler(server.child.pid, server.url);
      await new Promise((resolve) => setTimeout(resolve, tailSeconds * 1000));
      tailMemory = tail.stop();
      afterTail = await readMemory(server.url);
    } finally {
      memory.stop();
      tail?.stop();
      const code = await server.stop();
      if (code !== 0) console.error(`The server exited with ${code}:\n${server.output()}`);
    }
    return {
      rows,
      seedMs,
      peakRssMb: peakMemory.peakRssMb,
      peakMemory: peakMemory.peak,
      tailPeakRssMb: tailMemory.peakRssMb,
      tailPeakMemory: tailMemory.peak,
      afterTail,
    };
  } finally {
    await cleanUp();
  }
}

/** Waits for a quiet machine and says what it saw; with BENCH_BUSY_OK=1 only says how busy it is. */
async function quietOrBusy(first: boolean): Promise<string> {
  if (!busyOk) return describe(await waitForQuietMachine({ first }));
  return `load ${os.loadavg()[0]?.toFixed(2)}, not waited for (BENCH_BUSY_OK=1)`;
}

const results = [];
try {
  console.error(`Before the run: ${await quietOrBusy(true)}.`);
  for (const database of databases as ('sqlite' | 'postgres')[])
    results.push({ database, ...(await measureDatabase(database)) });
} catch (error) {
  if (!(error instanceof MachineBusyError)) throw error;
  console.error(`\n${error.message}: no figure printed, since one measured now would say nothing.`);
  process.exit(2);
}

function memoryRow(database: string, seedTime: string, when: string, rssMb: number, reading: MemoryReading | null) {
  const mb = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '?' : value.toFixed(0));
  const heap = reading ? `${mb(reading.heapUsedMb)} / ${mb(reading.heapTotalMb)}` : '?';
  // The rest: RSS minus the reserved heap (native caches, buffers, code and stacks, the allocator's free lists).
  const rest = reading ? mb(rssMb - reading.heapTotalMb) : '?';
  const verdict = Number.isNaN(rssMb) ? 'unknown' : rssMb < TARGET_RSS_MB ? 'meets' : 'OVER';
  return `| ${database} | ${seedTime} | ${when} | ${mb(rssMb)} | ${heap} | ${mb(reading?.externalMb)} | ${rest} | ${verdict} |`;
}

const meets = (row: Row) => row.p95Ms <= TARGET_P95_MS && row.requestsPerSecond >= TARGET_RPS && row.failures === 0;
console.log(
  [
    `Desk and customer's page with ${requests.toLocaleString('en-US')} requests: ${samples} requests one after another (one user), then ${CONNECTIONS} connections for ${seconds} s. Node ${process.version}, ${os.availableParallelism()} CPUs, load average at the end ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}.`,
    '',
    '| Database | Target | 1 user p50 ms | 1 user p95 ms | 20 conn. req/s | 20 conn. p99 ms | Server CPU ms/request | Failures | Verdict |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results.flatMap(({ rows }) =>
      rows.map(
        (row) =>
          `| ${row.database} | ${row.target} | ${row.p50Ms.toFixed(1)} | ${row.p95Ms.toFixed(1)} | ${Math.round(row.requestsPerSecond)} | ${row.p99Ms} | ${row.serverCpuMs.toFixed(2)} | ${row.failures} | ${meets(row) ? 'meets' : 'BELOW TARGET'} |`,
      ),
    ),
    '',
    '| Database | Seed time | When | RSS MB | JS heap used / reserved MB | External MB | Rest MB | Verdict |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |',
    ...results.flatMap((result) => [
      memoryRow(
        result.database,
        seeded ? 'seeded before' : `${(result.seedMs / 1000).toFixed(1)} s`,
        'peak under load',
        result.peakRssMb,
        result.peakMemory,
      ),
      memoryRow(result.database, '', `peak in the ${tailSeconds} s idle`, result.tailPeakRssMb, result.tailPeakMemory),
      memoryRow(result.database, '', `${tailSeconds} s after`, result.afterTail?.rssMb ?? Number.NaN, result.afterTail),
    ]),
    '',
    `Targets: p95 ≤ ${TARGET_P95_MS} ms for one user, ≥ ${TARGET_RPS} requests/s at ${CONNECTIONS} connections, RSS < ${TARGET_RSS_MB} MB under load and through the ${tailSeconds} s after it. Rest: RSS minus the reserved JS heap.${busyOk ? ' Measured on a busy machine (BENCH_BUSY_OK=1): the timings say little; the memory figures hold.' : ''}`,
  ].join('\n'),
);

await mkdir('reports', { recursive: true });
await writeFile(
  'reports/bench-desk.json',
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), requests, samples, seconds, connections: CONNECTIONS, results }, null, 2)}\n`,
);
if (results.some(({ rows }) => rows.some((row) => row.failures > 0))) {
  console.error('\nSome requests failed or answered another status than 200: the figures measure nothing.');
  process.exitCode = 1;
}
