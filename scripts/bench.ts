/**
 * How close the site comes to the fastest an Express process can send the same bytes: `npm run bench`
 * (BENCH_SECONDS=30 for longer runs; BENCH_ONLY=contact,quote for the targets whose names hold one of
 * those words, BENCH_ONLY=returning for the returning visits). Each form page is measured for a first
 * visit (no cookies) and a returning one (the session and token cookies its browser kept). For each target the site's own answer is fetched once and handed
 * to a bare Express process (scripts/bench-limit-server.ts) that replays it, pre-compressed, and does
 * nothing else. The two are then measured alternately, target by target, in one run: the site, then
 * the limit, each after a warm-up, so a neighbour's load drifting on a shared machine hits both alike.
 * Prints each ratio, the site's p99 and both processes' CPU time per request (their own user + system
 * time from /proc, so autocannon's share is not counted), the load average, and a verdict per target
 * against its ratio target and the p99 target. Writes reports/bench.json; exits 1 when a
 * request failed or answered another status, since such a run measures nothing, and 2 ("machine busy")
 * when the machine is not quiet enough to measure (scripts/quiet-machine.ts): before the run the load
 * average and before each target other processes' CPU are read, and a minute of waiting gives up.
 * BENCH_BUSY=measure measures anyway after that minute, on a machine shared with work that never stops:
 * each row then says how busy it was, its verdict says "busy machine", and the CPU time per request
 * (the site's against the limit's) is the figure to read, the one the neighbours' load moves least.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ReplayedAnswer } from '#scripts/bench-limit-server.ts';
import { describe, MachineBusyError, type QuietReading, waitForQuietMachine } from '#scripts/quiet-machine.ts';
import { serveSettings } from '#scripts/serve-settings.ts';
import { CSRF_TOKEN_PATH } from '#shared/csrf-contract.ts';
import { pages } from '#shared/routes.ts';
import { freePort } from '#tests/support/free-port.ts';
import { startServer } from '#tests/support/server-process.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const P99_TARGET_MS = 20;
// Shorter runs are dominated by JIT warm-up and GC timing, so they are not allowed.
const MIN_SECONDS = 10;
/** Linux counts process CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICK_MICROSECONDS = 10_000;

interface Target {
  name: string;
  path: string;
  acceptEncoding: string;
  /** The Content-Encoding the site must answer with, or the run would measure something else. */
  encoding: 'gzip' | 'br';
  status: number;
  /** The least ratio to the limit asked for; none where none was set. */
  minRatio?: number;
  /** Sent with the cookies a returning visitor's browser kept (its session and token); a first visit has none. */
  returning?: boolean;
}

/**
 * The form pages held to ≥ 0.7 of the limit with gzip and with brotli, for a first visit and a
 * returning one: the contact and quote forms, which carry a fresh submission key per response, and
 * the three calculators.
 */
const formPages = [
  { name: 'contact form', path: '/contact-us' },
  { name: 'quote form', path: '/pricing' },
  { name: 'screen printing calculator', path: '/pricing/printing' },
  { name: 'DTG calculator', path: '/pricing/dtg' },
  { name: 'embroidery calculator', path: '/pricing/embroidery' },
];

// A first visit sends no cookies; a returning one the pair its browser's client got before it last
// posted a form. Each encoding is asked for alone, so each row measures the one it names.
const allTargets: Target[] = [
  { name: 'home, gzip', path: '/', acceptEncoding: 'gzip', encoding: 'gzip', status: 200, minRatio: 0.9 },
  { name: 'home, brotli', path: '/', acceptEncoding: 'br', encoding: 'br', status: 200, minRatio: 0.9 },
  ...formPages.flatMap(({ name, path }): Target[] =>
    [false, true].flatMap((returning): Target[] => {
      const visit = returning ? ', returning' : '';
      return [
        {
          name: `${name}, gzip${visit}`,
          path,
          acceptEncoding: 'gzip',
          encoding: 'gzip',
          status: 200,
          minRatio: 0.7,
          returning,
        },
        {
          name: `${name}, brotli${visit}`,
          path,
          acceptEncoding: 'br',
          encoding: 'br',
          status: 200,
          minRatio: 0.7,
          returning,
        },
      ];
    }),
  ),
  {
    name: 'calculator query, gzip',
    path: '/pricing/printing?q=72&c1=2&garment=own',
    acceptEncoding: 'gzip',
    encoding: 'gzip',
    status: 200,
  },
  { name: '404, gzip', path: '/no-such-page', acceptEncoding: 'gzip', encoding: 'gzip', status: 404 },
];
/** BENCH_ONLY=contact,quote measures only the targets whose names hold one of these words. */
const only = process.env.BENCH_ONLY?.split(',').map((word) => word.trim().toLowerCase());
const targets = only
  ? allTargets.filter((target) => only.some((word) => target.name.toLowerCase().includes(word)))
  : allTargets;
if (targets.length === 0) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY} names no target`);

const requestedSeconds = Number(process.env.BENCH_SECONDS ?? MIN_SECONDS);
if (!Number.isFinite(requestedSeconds))
  throw new Error(`BENCH_SECONDS must be a number, not "${process.env.BENCH_SECONDS}"`);
const seconds = Math.max(MIN_SECONDS, requestedSeconds);
const measureWhenBusy = process.env.BENCH_BUSY === 'measure';

/** The guard's reading before a target; on a busy machine, when told to measure anyway, the last one it took. */
async function readingBefore(first: boolean): Promise<QuietReading & { busy?: true }> {
  try {
    return await waitForQuietMachine({ first });
  } catch (error) {
    if (!(measureWhenBusy && error instanceof MachineBusyError)) throw error;
    console.error(`  ${error.message}: measuring anyway (BENCH_BUSY=measure)`);
    return { ...error.reading, busy: true };
  }
}

/** User + system CPU time of a process so far, in microseconds; NaN where /proc is not there. */
async function cpuMicroseconds(pid: number | undefined): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from field 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MICROSECONDS;
  } catch {
    return Number.NaN;
  }
}

/** The cookies a returning visitor sends: the session and token pair the site gives a browser's client. */
let returningCookies = '';
const headersOf = (target: Target): Record<string, string> => ({
  'accept-encoding': target.acceptEncoding,
  ...(target.returning ? { cookie: returningCookies } : {}),
});

/** One answer, byte for byte as sent (fetch would decompress it). */
async function rawAnswer(base: string, target: Target) {
  const sent = httpRequest(`${base}${target.path}`, { headers: headersOf(target) });
  sent.end();
  const [response] = (await once(sent, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
}

async function measure(url: string, target: Target, pid: number | undefined) {
  const options = { url, connections: CONNECTIONS, headers: headersOf(target) };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const cpuBefore = await cpuMicroseconds(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = (await cpuMicroseconds(pid)) - cpuBefore;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
  );
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyP99Ms: result.latency.p99,
    cpuMicrosecondsPerRequest: cpu / result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    unexpected: result.requests.total - (statusCodes[String(target.status)] ?? 0),
    statusCodes,
  };
}

type Measurement = Awaited<ReturnType<typeof measure>>;
interface Row {
  target: Target;
  bytes: string;
  site: Measurement;
  limit: Measurement;
  ratio: number;
  loadAverage: string;
  /** What the busy-machine guard read just before this target (busy: measured anyway). */
  quiet: QuietReading & { busy?: true };
}

/** The bare Express process that replays the answers; resolves once it listens. */
async function startLimit(manifest: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/bench-limit-server.ts', manifest], {
    // Started as the site is, so the two differ only by what they do per request.
    env: { ...process.env, ...servedAs, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`The limit server exited with ${code} before it listened`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
// The heap and allocator settings of `npm run serve`: what production runs is what is measured.
const { env: mallocEnv, nodeOptions } = serveSettings();
const servedAs = { ...mallocEnv, NODE_OPTIONS: nodeOptions };
const workDir = await mkdtemp(path.join(os.tmpdir(), 'seenwear-bench-'));
// The log stays at info, as in production, but is not kept: a line per request would fill the memory.
const server = await startServer(servedAs, { captureStdout: false });
let limit: { url: string; child: ChildProcess } | undefined;
try {
  // The site's own pages are rendered and brotli-compressed in the background after start (a form page's
  // brotli after its first request): wait until each answers in brotli, so none of that is measured.
  for (const page of pages.filter((row) => row.path !== '*')) {
    const probe: Target = { name: page.path, path: page.path, acceptEncoding: 'gzip, br', encoding: 'br', status: 200 };
    for (let tries = 0; ; tries++) {
      const { headers } = await rawAnswer(server.url, probe);
      if (headers['content-encoding'] === 'br') break;
      if (tries > 200) throw new Error(`GET ${page.path} never answered with brotli`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const tokenAnswer = await fetch(`${server.url}${CSRF_TOKEN_PATH}`);
  returningCookies = tokenAnswer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (returningCookies === '') throw new Error(`GET ${CSRF_TOKEN_PATH} set no cookie`);
  const manifest: ReplayedAnswer[] = [];
  for (const [index, target] of targets.entries()) {
    const answer = await rawAnswer(server.url, target);
    if (answer.status !== target.status) throw new Error(`${target.path} answered ${answer.status}`);
    if (answer.headers['content-encoding'] !== target.encoding) {
      throw new Error(
        `${target.name}: answered in ${answer.headers['content-encoding'] ?? 'identity'}, not ${target.encoding}`,
      );
    }
    const bodyFile = path.join(workDir, `${index}.body`);
    await writeFile(bodyFile, answer.body);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'content-encoding', 'content-length', 'vary', 'etag', 'cache-control']) {
      const value = answer.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    manifest.push({
      path: target.path,
      acceptEncoding: target.acceptEncoding,
      status: answer.status,
      headers,
      bodyFile,
    });
  }
  const manifestFile = path.join(workDir, 'manifest.json');
  await writeFile(manifestFile, JSON.stringify(manifest));
  limit = await startLimit(manifestFile);

  console.log(
    `Site against the same bytes replayed by a bare Express process, target by target, alternately: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, ${seconds} s each, no cookies but for the returning visits. Load average at start: ${loadAverage()}.\n`,
  );
  const rows: Row[] = [];
  for (const [index, target] of targets.entries()) {
    const quiet = await readingBefore(index === 0);
    const site = await measure(`${server.url}${target.path}`, target, server.child.pid);
    const replay = await measure(`${limit.url}${target.path}`, target, limit.child.pid);
    const ratio = site.requestsPerSecond / replay.requestsPerSecond;
    const bytes = (manifest[index] as ReplayedAnswer).headers['content-length'] ?? '?';
    rows.push({ target, bytes, site, limit: replay, ratio, loadAverage: loadAverage(), quiet });
    console.error(`  ${target.name}: ${ratio.toFixed(2)} (before it: ${describe(quiet)}; now load ${loadAverage()})`);
  }

  const meets = (row: Row) =>
    (row.target.minRatio === undefined || row.ratio >= row.target.minRatio) && row.site.latencyP99Ms <= P99_TARGET_MS;
  console.log(
    [
      '| Target | Path | Bytes | Site req/s | Limit req/s | Ratio (target) | Site p99 ms | Limit p99 ms | Site CPU µs/req | Limit CPU µs/req | Before it | Load avg after | Verdict |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |',
      ...rows.map(
        (row) =>
          `| ${row.target.name} | ${row.target.path} | ${row.bytes} | ${Math.round(row.site.requestsPerSecond)} | ${Math.round(row.limit.requestsPerSecond)} | ${row.ratio.toFixed(2)} (${row.target.minRatio === undefined ? '–' : `≥ ${row.target.minRatio}`}) | ${row.site.latencyP99Ms} | ${row.limit.latencyP99Ms} | ${Math.round(row.site.cpuMicrosecondsPerRequest)} | ${Math.round(row.limit.cpuMicrosecondsPerRequest)} | ${describe(row.quiet)} | ${row.loadAverage} | ${meets(row) ? 'meets' : 'BELOW TARGET'}${row.quiet.busy ? ' (busy machine)' : ''} |`,
      ),
      '',
      `Verdict: "meets" when the ratio reaches its target (where there is one) and the site's p99 is ≤ ${P99_TARGET_MS} ms. Load average at the end: ${loadAverage()}.`,
    ].join('\n'),
  );

  await mkdir('reports', { recursive: true });
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.availableParallelism(),
    connections: CONNECTIONS,
    durationSeconds: seconds,
    warmupSeconds: WARMUP_SECONDS,
    order: 'per target: site, then limit',
    p99TargetMs: P99_TARGET_MS,
    rows: rows.map((row) => ({ ...row, meetsTarget: meets(row) })),
  };
  await writeFile('reports/bench.json', `${JSON.stringify(report, null, 2)}\n`);

  const broken = (r: Measurement) => r.errors > 0 || r.timeouts > 0 || r.unexpected > 0;
  const failed = rows.flatMap((row) => [
    ...(broken(row.site) ? [`${row.target.name} (site)`] : []),
    ...(broken(row.limit) ? [`${row.target.name} (limit)`] : []),
  ]);
  if (failed.length > 0) {
    console.error(`\nBroken runs (errors or another status than expected): ${failed.join(', ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof MachineBusyError)) throw error;
  console.error(`\n${error.message}: no figure printed, since one measured now would say nothing.`);
  process.exitCode = 2;
} finally {
  if (limit) {
    limit.child.kill('SIGTERM');
    await once(limit.child, 'exit');
  }
  await rm(workDir, { recursive: true, force: true });
  const { child } = server;
  const stoppedEarly = child.exitCode !== null || child.signalCode !== null;
  const code = await server.stop();
  // Stopped by something else during the run, or unclean on SIGTERM: the figures cannot be trusted.
  if (stoppedEarly || code !== 0) {
    console.error(
      `The server ${stoppedEarly ? 'stopped during the benchmark' : `exited with ${code}`}:\n${server.output()}`,
    );
    process.exitCode = 1;
  }
}
