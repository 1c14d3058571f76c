/**
 * Lighthouse on every indexable route, one unknown path, a customer's private page and the desk (its inbox
 * and a request, signed in as staff): `npm run lighthouse` (builds first); `npm run lighthouse --
 * /contact-us /staff` measures only the routes named; `--runs=3` measures each route three times and
 * reports the run with the median performance score (simulated throttling scales with the machine's load).
 * Lighthouse's default config (mobile form factor, simulated throttling) in the Chromium that
 * tests/support/chromium.ts finds, one browser for every route. Prints the scores and the budget misses with
 * the audits behind each miss, and writes reports/lighthouse/<route>.json (full reports) and
 * reports/lighthouse/summary.json.
 * Exits 1 only when Lighthouse could not measure a route: budget misses are figures to report, not failures.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { requestWithQuoteAndProof } from '#scripts/lighthouse-request.ts';
import { createFeatureStores } from '#server/feature-stores.ts';
import { hashOfSecret, newLinkSecret } from '#server/http/link-secrets.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { indexablePaths } from '#shared/routes.ts';
import { CHROMIUM_ARGS, chromiumPath } from '#tests/support/chromium.ts';
import { type RunningServer, startServer } from '#tests/support/server-process.ts';

const OUT_DIR = 'reports/lighthouse';
const NOT_FOUND_PATH = '/no-such-page';
/** Stands for a customer's private request page: a quote request is sent and quoted first, and its link measured. */
const CUSTOMER_PAGE = '/requests';

/** Stands for the desk: its inbox, and a request on it, measured signed in as staff. */
const DESK_INBOX = '/staff';
const DESK_REQUEST = '/staff/requests';
const STAFF = 'lighthouse@seenwear.example';
/** The server's database: the staff session is made in it directly, as signing in through a mailed link would. */
const DATABASE_DIR = await mkdtemp(path.join(os.tmpdir(), 'seenwear-lighthouse-'));

const STAFF_COOKIE = '__Host-staff';

/** A staff session in the server's database, and the cookie that carries it (the server runs in production). */
async function staffCookie(): Promise<string> {
  const database = await openDatabase({ databaseDir: DATABASE_DIR });
  const { desk } = createFeatureStores(database);
  try {
    const secret = newLinkSecret();
    await desk.createStaffSession(hashOfSecret(secret), STAFF, 60 * 60 * 1000);
    return `${STAFF_COOKIE}=${secret}`;
  } finally {
    await database.close();
  }
}

/**
 * Puts a staff session's cookie in the browser's own cookie store, as signing in would (over the DevTools
 * protocol, on the browser's target). Sent as an extra header instead, it is dropped as soon as the page sets
 * a cookie of its own, and the desk's pictures and later requests meet the sign-in page.
 */
async function signInBrowser(port: number, baseUrl: string): Promise<void> {
  const value = (await staffCookie()).slice(STAFF_COOKIE.length + 1);
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  try {
    const answer = new Promise<{ error?: { message: string } }>((resolve) =>
      socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))), { once: true }),
    );
    const cookie = { name: STAFF_COOKIE, value, url: `${baseUrl}/`, secure: true, httpOnly: true, sameSite: 'Lax' };
    socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: [cookie] } }));
    const { error } = await answer;
    if (error) throw new Error(`The browser refused the staff cookie: ${error.message}`);
  } finally {
    socket.close();
  }
}

/** A quote request's page on the desk: one is sent and quoted first, and the desk's page of it measured. */
async function deskRequestPath(baseUrl: string): Promise<string> {
  const reference = (await customerPagePath(baseUrl)).split('/')[2];
  return `${DESK_REQUEST}/${reference}`;
}

/**
 * A customer's page in the state most visits see: a request with a mockup, quoted and proofed by the desk,
 * with a message; answers its path.
 */
async function customerPagePath(baseUrl: string): Promise<string> {
  return requestWithQuoteAndProof(baseUrl, await staffCookie());
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];
const CATEGORY_NAMES: Record<CategoryId, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};
/** Minimum scores (0-100): a fast page, and nothing short of full marks on the rest. */
const BUDGETS: Record<CategoryId, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const MAX_CLS = 0;
// The unknown path answers 404 by design and its page says noindex, so these two SEO audits must fail there.
const EXPECTED_NOT_FOUND_FAILURES = new Set(['http-status-code', 'is-crawlable']);
// Lighthouse's own errors such as NO_NAVSTART come and go between runs of the same page.
const ATTEMPTS = 3;
const MAX_EXAMPLES = 3;
// Audits that only explain: they carry no pass/fail verdict, so they never explain a miss.
const VERDICTLESS = new Set(['informative', 'notApplicable', 'manual']);

interface Target {
  path: string;
  slug: string;
  notFound: boolean;
  /**
   * A private page (noindex by design, so no SEO budget): measured at an address made once the server
   * runs, since its secret cannot be known before.
   */
  privatePage?: (baseUrl: string) => Promise<string>;
  /** A desk page: measured with a staff session's cookie; its budgets are performance, accessibility and best practices. */
  staff?: boolean;
}

interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** The first elements or URLs the audit names, so a reader knows where to look without the full report. */
  where?: string[];
  /** Only on the unknown path: failures its 404 status and noindex cause by design. */
  expected?: boolean;
}

interface Miss {
  budget: CategoryId | 'cls';
  value: number;
  target: string;
  /** Every audit behind the miss is one the route is meant to fail. */
  expected: boolean;
  /** Some, not all, of the audits behind the miss are ones the route is meant to fail. */
  partlyExpected?: boolean;
  audits: FailingAudit[];
}

interface RouteResult {
  path: string;
  report?: string;
  durationSeconds: number;
  attempts: number;
  /** Lighthouse's measure of this machine's speed during the run (lower: slower or busier). */
  benchmarkIndex?: number;
  error?: string;
  scores?: Record<CategoryId, number | null>;
  metrics?: { lcpMs?: number; cls?: number; tbtMs?: number; totalTransferBytes?: number };
  misses?: Miss[];
  /** The 1-minute load average as the route's measurement ended (its runs', with --runs). */
  loadAverage: number[];
  /** Lighthouse's benchmark index of each run, beside its load average. */
  benchmarkIndexes?: (number | undefined)[];
  /** Every run's performance score, with --runs: the reported run is the median's. */
  performanceRuns?: number[];
}

const allTargets: Target[] = [
  ...indexablePaths().map((path) => ({ path, slug: slugOf(path), notFound: false })),
  { path: NOT_FOUND_PATH, slug: slugOf(NOT_FOUND_PATH), notFound: true },
  { path: CUSTOMER_PAGE, slug: 'customer-request-page', notFound: false, privatePage: customerPagePath },
  { path: DESK_INBOX, slug: 'desk-inbox', notFound: false, staff: true },
  { path: DESK_REQUEST, slug: 'desk-request', notFound: false, staff: true, privatePage: deskRequestPath },
];
/** `npm run lighthouse -- /contact-us /pricing` measures only those routes; no argument, all of them. */
const chosenPaths = process.argv.slice(2).filter((arg) => !arg.startsWith('--runs='));
const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
/** How many times each route is measured: the run with the median performance score is the route's figure. */
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 1;
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) {
  console.error('--runs= takes a whole number from 1 to 9');
  process.exit(2);
}
const unknownPaths = chosenPaths.filter((path) => !allTargets.some((target) => target.path === path));
if (unknownPaths.length > 0) {
  console.error(
    `Not a measured route: ${unknownPaths.join(', ')}. Choose from ${allTargets.map((t) => t.path).join(' ')}`,
  );
  process.exit(2);
}
const targets =
  chosenPaths.length === 0 ? allTargets : allTargets.filter((target) => chosenPaths.includes(target.path));

function slugOf(path: string): string {
  return path === '/' ? 'home' : path.replace(/^\/+|\/+$/g, '').replaceAll('/', '-');
}

/** On the unknown path: a failure its 404 status or its noindex causes, and nothing else. */
function isExpectedNotFoundFailure(lhr: Result, id: string): boolean {
  if (EXPECTED_NOT_FOUND_FAILURES.has(id)) return true;
  if (id !== 'errors-in-console') return false;
  // Chromium logs the 404 of the document itself as a console error; any other error is a real one.
  const details = lhr.audits[id]?.details;
  const items = details?.type === 'table' ? details.items : [];
  return (
    items.length > 0 &&
    items.every((item) => {
      const location = item.sourceLocation as { url?: string } | undefined;
      return item.source === 'network' && location?.url === lhr.mainDocumentUrl;
    })
  );
}

/** The elements, links, files or console messages an audit's details name (selectors, paths on this site). */
function examples(audit: Result['audits'][string], origin: string): string[] {
  type Item = Record<string, unknown>;
  const details = audit.details as { type?: string; items?: Item[] } | undefined;
  let items: Item[] = [];
  if (details?.type === 'table' || details?.type === 'opportunity') items = details.items ?? [];
  // Insights wrap their table in a list, next to explanatory sections.
  if (details?.type === 'list') {
    const table = details.items?.find((item) => item.type === 'table') as { items?: Item[] } | undefined;
    items = table?.items ?? [];
  }
  const local = (url: unknown) => (typeof url === 'string' ? url.replace(origin, '') : undefined);
  const describe = (item: Item): string | undefined => {
    const node = item.node as { type?: string; selector?: string; snippet?: string } | undefined;
    if (node?.type === 'node') return node.selector || node.snippet;
    if (typeof item.href === 'string') return `${local(item.href)} "${String(item.text ?? '')}"`;
    const location = item.sourceLocation as { url?: string } | undefined;
    // Console messages: what was said matters more than where.
    if (typeof item.description === 'string')
      return `${item.description.split('\n')[0]} (${local(location?.url) ?? 'no URL'})`;
    return local(item.url);
  };
  return items.flatMap((item) => describe(item) ?? []).slice(0, MAX_EXAMPLES);
}

function failingAudits(lhr: Result, ids: string[], target: Target): FailingAudit[] {
  const failing: FailingAudit[] = [];
  const { origin } = new URL(lhr.finalDisplayedUrl);
  for (const id of ids) {
    const audit = lhr.audits[id];
    if (!audit || VERDICTLESS.has(audit.scoreDisplayMode)) continue;
    // An audit that errored has no score yet stands in the way of a full score, so it is listed too.
    const fails = audit.scoreDisplayMode === 'error' || (audit.score !== null && audit.score < 1);
    if (!fails) continue;
    failing.push({
      id,
      title: audit.scoreDisplayMode === 'error' ? `${audit.title} (audit error: ${audit.errorMessage})` : audit.title,
      score: audit.score,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      where: examples(audit, origin),
      ...(target.notFound && isExpectedNotFoundFailure(lhr, id) ? { expected: true } : {}),
    });
  }
  return failing;
}

/**
 * The desk is for the shop's staff and a customer's page for its customer, never for search engines (both
 * say noindex): SEO is no budget of theirs, only performance, accessibility and best practices.
 */
function hasBudget(target: Target, id: CategoryId): boolean {
  return id !== 'seo' || !(target.staff || target.privatePage);
}

function findMisses(lhr: Result, target: Target, scores: Record<CategoryId, number | null>, cls?: number): Miss[] {
  const misses: Miss[] = [];
  for (const id of CATEGORIES) {
    const score = scores[id];
    if (score !== null && score >= BUDGETS[id]) continue;
    if (!hasBudget(target, id)) continue;
    const category = lhr.categories[id];
    const audits = failingAudits(lhr, category?.auditRefs.map((ref) => ref.id) ?? [], target);
    misses.push({
      budget: id,
      value: score ?? Number.NaN,
      target: `≥ ${BUDGETS[id]}`,
      expected: audits.length > 0 && audits.every((audit) => audit.expected),
      ...(audits.some((audit) => audit.expected) && !audits.every((audit) => audit.expected)
        ? { partlyExpected: true }
        : {}),
      audits,
    });
  }
  if (cls === undefined || cls > MAX_CLS) {
    const ids = Object.keys(lhr.audits).filter((id) => /layout-shift|^cls-/.test(id));
    misses.push({
      budget: 'cls',
      value: cls ?? Number.NaN,
      target: `= ${MAX_CLS}`,
      expected: false,
      audits: failingAudits(lhr, ids, target),
    });
  }
  return misses;
}

type Attempt = Omit<RouteResult, 'path' | 'durationSeconds' | 'attempts' | 'loadAverage' | 'performanceRuns'>;

async function runOnce(target: Target, url: string, port: number, run: number): Promise<Attempt> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Without it Lighthouse refuses to audit a page that answers 4xx, and a 404 there is what is tested.
    ignoreStatusCode: target.notFound,
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  const report = `${OUT_DIR}/${target.slug}${run > 0 ? `-run${run + 1}` : ''}.json`;
  await writeFile(report, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  const benchmarkIndex = lhr.environment.benchmarkIndex;
  if (lhr.runtimeError) {
    return { report, benchmarkIndex, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
  }
  // A page that sent the browser elsewhere (the desk to its sign-in page) is not the page measured, nor is
  // a desk page whose pictures met the sign-in page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  const requests = lhr.audits['network-requests']?.details;
  const signIns = (requests?.type === 'table' ? requests.items : []).filter((item) =>
    String(item.url).includes('/staff/sign-in'),
  );
  if (target.staff && signIns.length > 0) {
    return { report, benchmarkIndex, error: `${target.path}: ${signIns.length} requests met the sign-in page` };
  }
  if (landed !== new URL(url).pathname) {
    return {
      report,
      benchmarkIndex,
      error: `${target.path} was redirected to ${landed}: that page, not this one, was measured`,
    };
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Record<CategoryId, number | null>;
  const metrics = {
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue,
    totalTransferBytes: lhr.audits['total-byte-weight']?.numericValue,
  };
  return { report, benchmarkIndex, scores, metrics, misses: findMisses(lhr, target, scores, metrics.cls) };
}

async function audit(target: Target, baseUrl: string, run: number): Promise<RouteResult> {
  const started = performance.now();
  let attempt: Attempt = {};
  let attempts = 0;
  while (attempts < ATTEMPTS) {
    attempts += 1;
    try {
      const path = target.privatePage ? await target.privatePage(baseUrl) : target.path;
      // A fresh browser for every run: Lighthouse keeps cookies between runs, so no run sees another's.
      chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, handleSIGINT: false });
      if (target.staff) await signInBrowser(chrome.port, baseUrl);
      attempt = await runOnce(target, `${baseUrl}${path}`, chrome.port, run);
    } catch (error) {
      attempt = { error: String((error as Error).stack ?? error) };
    } finally {
      chrome?.kill();
      chrome = undefined;
    }
    if (!attempt.error) break;
    if (attempts < ATTEMPTS) console.error(`  ${target.path}: ${attempt.error.split('\n')[0]}; trying again`);
  }
  const durationSeconds = Math.round((performance.now() - started) / 100) / 10;
  return { path: target.path, durationSeconds, attempts, ...attempt, loadAverage: [os.loadavg()[0] ?? 0] };
}

/** Measures a route RUNS times; answers the run with the median performance score, with every run's score and load. */
async function measure(target: Target, baseUrl: string): Promise<RouteResult> {
  const runs: RouteResult[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(target, baseUrl, run));
  const measured = runs.filter((r) => r.scores?.performance !== null && r.scores?.performance !== undefined);
  if (measured.length === 0) return runs.at(-1) as RouteResult;
  const byScore = [...measured].sort((a, b) => (a.scores?.performance ?? 0) - (b.scores?.performance ?? 0));
  const median = byScore[Math.floor((byScore.length - 1) / 2)] as RouteResult;
  return {
    ...median,
    durationSeconds: Math.round(runs.reduce((sum, r) => sum + r.durationSeconds, 0) * 10) / 10,
    loadAverage: runs.flatMap((r) => r.loadAverage),
    benchmarkIndexes: runs.map((r) => r.benchmarkIndex),
    ...(RUNS > 1 ? { performanceRuns: measured.map((r) => r.scores?.performance ?? 0) } : {}),
  };
}

/** Each budget the route misses, or that it meets them all; a miss its design causes (the 404's SEO) is said so. */
function verdict(target: Target, r: RouteResult): string {
  if (!r.scores) return 'not measured';
  const budgets = CATEGORIES.filter((id) => hasBudget(target, id));
  const wanted = budgets.map((id) => BUDGETS[id]).join('/');
  const misses = (r.misses ?? []).filter((miss) => !miss.expected);
  if (misses.length === 0) return `meets ${wanted}`;
  return `misses ${misses.map((miss) => (miss.budget === 'cls' ? `CLS ${format.cls(miss.value)}` : `${CATEGORY_NAMES[miss.budget]} ${format.score(miss.value)}`)).join(', ')} (${wanted})`;
}

const format = {
  score: (value: number | null | undefined) =>
    typeof value === 'number' && Number.isFinite(value) ? String(value) : '–',
  fixed: (value: number | undefined, scale: number, digits: number) =>
    value === undefined ? '–' : (value / scale).toFixed(digits),
  // A shift too small for three decimals still misses the budget, so it must not print as 0.
  cls: (value: number | undefined) =>
    value === undefined ? '–' : value > 0 && value < 0.0005 ? value.toExponential(1) : value.toFixed(3),
};

function table(results: RouteResult[]): string {
  const rows = results.map((r) => {
    const target = targets.find((t) => t.path === r.path) as Target;
    const route = `\`${r.path}\`${r.path === NOT_FOUND_PATH ? ' (404)' : ''}`;
    const load = r.loadAverage
      .map((value, run) => `${value.toFixed(1)} (${format.score(Math.round(r.benchmarkIndexes?.[run] ?? Number.NaN))})`)
      .join(', ');
    if (!r.scores || !r.metrics) return `| ${route} | failed | | | | | | | | ${load} | not measured |`;
    const s = r.scores;
    const m = r.metrics;
    const runs = r.performanceRuns ? ` (${r.performanceRuns.join(', ')})` : '';
    const seo = hasBudget(target, 'seo') ? format.score(s.seo) : `(${format.score(s.seo)})`;
    return `| ${route} | ${format.score(s.performance)}${runs} | ${format.score(s.accessibility)} | ${format.score(s['best-practices'])} | ${seo} | ${format.fixed(m.lcpMs, 1000, 2)} | ${format.cls(m.cls)} | ${format.fixed(m.tbtMs, 1, 0)} | ${format.fixed(m.totalTransferBytes, 1000, 1)} | ${load} | ${verdict(target, r)} |`;
  });
  return [
    '| Route | Performance | Accessibility | Best practices | SEO | LCP (s) | CLS | TBT (ms) | Total transfer (kB) | Load avg. (bench. index) | Verdict |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ].join('\n');
}

function missReport(results: RouteResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    for (const miss of r.misses ?? []) {
      const name = miss.budget === 'cls' ? 'CLS' : CATEGORY_NAMES[miss.budget];
      const value = miss.budget === 'cls' ? format.cls(miss.value) : format.score(miss.value);
      const why = 'the unknown path answers 404 and says noindex';
      const note = miss.expected
        ? ` (expected: ${why})`
        : miss.partlyExpected
          ? ` (partly expected: ${why}; the audits not marked expected are real failures)`
          : '';
      lines.push(`- \`${r.path}\` ${name} ${value}, budget ${miss.target}${note}`);
      if (miss.audits.length === 0) lines.push('  - no single failing audit: the score is the weighted sum of metrics');
      for (const a of miss.audits) {
        const score = a.score === null ? '' : ` score ${a.score}`;
        const shown = a.displayValue ? `: ${a.displayValue}` : '';
        lines.push(
          `  - \`${a.id}\` ${a.title}${shown} (${score.trim() || 'no score'})${a.expected ? ', expected' : ''}`,
        );
        for (const where of a.where ?? []) lines.push(`    - ${where}`);
      }
    }
  }
  return lines.length > 0 ? lines.join('\n') : 'Every route meets every budget.';
}

const CHROMIUM_PATH = await chromiumPath().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

let server: RunningServer | undefined;
let chrome: LaunchedChrome | undefined;
// chrome-launcher's own handler exits at once, which would leave the server running: stop both here instead.
const interrupted = (signal: NodeJS.Signals) => {
  chrome?.kill();
  server?.child.kill('SIGTERM');
  console.error(`\nStopped by ${signal}.`);
  process.exit(130);
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

const runStarted = performance.now();
try {
  server = await startServer({ DATABASE_DIR, STAFF_EMAILS: STAFF }, { captureStdout: false });
  // Reports of routes no longer in the table must not linger next to the fresh ones.
  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });

  console.error(
    `Lighthouse ${targets.length} routes on ${server.url} in ${CHROMIUM_PATH}: default config (mobile, simulated throttling).`,
  );
  const results: RouteResult[] = [];
  // One route at a time: parallel runs in one browser would share its CPU and skew every metric.
  for (const target of targets) {
    const result = await measure(target, server.url);
    const tries = result.attempts > 1 ? ` (${result.attempts} attempts)` : '';
    console.error(`  ${target.path}: ${result.error ? 'FAILED' : 'done'} in ${result.durationSeconds} s${tries}`);
    results.push(result);
  }
  const totalSeconds = Math.round((performance.now() - runStarted) / 100) / 10;

  const indexes = results.flatMap((r) => (r.benchmarkIndex === undefined ? [] : [r.benchmarkIndex]));
  console.log(
    `${table(results)}\n\nRun time: ${totalSeconds} s for ${targets.length} routes (server and Chromium start included, build not).`,
  );
  if (indexes.length > 0) {
    // Simulated throttling scales the CPU time it observed, so TBT and performance follow the machine's load.
    console.log(
      `Lighthouse benchmark index ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))} (lower: a slower or busier machine, so higher TBT).`,
    );
  }
  console.log(
    `\nBudgets: performance ≥ ${BUDGETS.performance}, accessibility, best practices and SEO = 100, CLS = ${MAX_CLS}; the desk's pages and the customer's page (noindex by design) have no SEO budget, so their SEO score is shown in brackets. Load avg.: the 1-minute load average as each run ended, and Lighthouse's benchmark index of that run (lower: a busier machine).\n`,
  );
  console.log(missReport(results));

  const failed = results.filter((r) => r.error);
  for (const r of failed) console.error(`\nLighthouse could not measure ${r.path}:\n${r.error}`);

  const summary = {
    date: new Date().toISOString(),
    node: process.version,
    chromium: CHROMIUM_PATH,
    config: 'Lighthouse default (mobile form factor, simulated throttling)',
    categories: CATEGORIES,
    budgets: { ...BUDGETS, cls: MAX_CLS },
    totalSeconds,
    routes: results,
  };
  await writeFile(`${OUT_DIR}/summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
  if (failed.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  chrome?.kill();
  await server?.stop();
  await rm(DATABASE_DIR, { recursive: true, force: true });
}
