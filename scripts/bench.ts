/**
 * How much server rendering costs next to serving a file: `npm run bench` (BENCH_SECONDS=30 for longer runs).
 * The home page is fetched once and written under dist/client, so the same production process serves the
 * same bytes both ways, through the same middleware; the ratio of the two throughputs is the figure to watch.
 * Writes reports/bench.json; exits 1 when any request failed, since such a run measures nothing.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import { startServer } from '#tests/support/server-process.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const TARGET_RATIO = 0.75;
// Shorter runs are dominated by JIT warm-up and GC timing, so they are not allowed.
const MIN_SECONDS = 10;
const STATIC_DIR = 'dist/client/bench';
// Said in the output because it shapes the figures: no cookie means every SSR request mints a session id
// and CSRF token (a first visit), and no Accept-Encoding means neither side pays for compression.
const REQUESTS = 'GET without cookies or Accept-Encoding';

const requestedSeconds = Number(process.env.BENCH_SECONDS ?? MIN_SECONDS);
if (!Number.isFinite(requestedSeconds))
  throw new Error(`BENCH_SECONDS must be a number, not "${process.env.BENCH_SECONDS}"`);
const seconds = Math.max(MIN_SECONDS, requestedSeconds);

async function measure(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    url,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
    ),
  };
}

// The log stays at info, as in production, but is not kept: a line per request would fill the memory.
const server = await startServer({}, { captureStdout: false });
try {
  const home = await fetch(`${server.url}/`);
  if (!home.ok) throw new Error(`GET / answered ${home.status}:\n${await home.text()}`);
  await mkdir(STATIC_DIR, { recursive: true });
  await writeFile(`${STATIC_DIR}/home.html`, Buffer.from(await home.arrayBuffer()));

  console.log(
    `Measuring SSR / then static /bench/home.html, one after the other, each after a ${WARMUP_SECONDS} s warm-up: ${CONNECTIONS} connections, ${seconds} s, ${REQUESTS}.\n`,
  );
  const ssr = await measure(`${server.url}/`);
  const staticFile = await measure(`${server.url}/bench/home.html`);
  const ratio = ssr.requestsPerSecond / staticFile.requestsPerSecond;
  const meetsTarget = ratio >= TARGET_RATIO;

  const row = (name: string, r: typeof ssr) =>
    `| ${name} | ${Math.round(r.requestsPerSecond)} | ${r.latencyP99Ms} | ${r.non2xx} | ${r.errors} | ${r.timeouts} |`;
  console.log(
    [
      '| Target | Req/s (avg) | Latency p99 (ms) | Non-2xx | Errors | Timeouts |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      row('SSR `/`', ssr),
      row('Static `/bench/home.html`', staticFile),
      '',
      `SSR ÷ static: **${ratio.toFixed(2)}** (target ≥ ${TARGET_RATIO}): ${meetsTarget ? 'meets the target' : 'BELOW TARGET'}`,
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
    order: 'sequential: SSR, then static',
    requests: REQUESTS,
    ssr,
    static: staticFile,
    ratio,
    targetRatio: TARGET_RATIO,
    meetsTarget,
  };
  await writeFile('reports/bench.json', `${JSON.stringify(report, null, 2)}\n`);

  const failed = [ssr, staticFile].filter((r) => r.errors > 0 || r.non2xx > 0);
  for (const r of failed) {
    console.error(
      `\nBroken run on ${r.url}: ${r.errors} errors, ${r.non2xx} non-2xx, status codes ${JSON.stringify(r.statusCodes)}`,
    );
  }
  if (failed.length > 0) process.exitCode = 1;
} finally {
  await rm(STATIC_DIR, { recursive: true, force: true });
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
