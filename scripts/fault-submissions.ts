/**
 * Crash test of the quote endpoint, so no answered request is ever lost: `npm run fault:submissions` (after
 * `npm run build`). Starts the production server on a fresh data directory, sends quote requests all at once
 * (each with a unique marker and its own PNG), SIGKILLs the server once part of them have been answered,
 * restarts it on the same directory, and checks the promise behind a 201: every reference the server gave out
 * is stored, with its marker and the very bytes of its file. A submission stored without an answer is fine
 * (the client never heard of it); one stored without its file or its notifications is not. Not a timed test:
 * the counts vary from run to run, the "must be 0" lines may not. Exits 1 when an acknowledged submission is
 * missing, anything is half-stored or stored twice, or the run did not crash the server in the middle of
 * acknowledged requests (then it proved nothing).
 */

import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFeatureStores } from '#server/feature-stores.ts';
import { openSqliteDatabase } from '#server/storage/sqlite/sqlite-database.ts';
import type { Submission } from '#server/submissions/submission-store.ts';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { type RunningServer, startServer as startTestServer } from '#tests/support/server-process.ts';

const REQUESTS = Number(process.env.FAULT_REQUESTS ?? 240);
/** The server is killed once this share of the responses has come back. */
const KILL_AFTER_SHARE = 0.4;
/** Killed by then anyway, should the responses be slower than expected. */
const KILL_DEADLINE_MS = 30_000;
/** Width and height of each PNG: random pixels that do not compress, about 190 kB, so uploads take a while. */
const IMAGE_SIDE = 256;
const CSRF_SECRET = 'fault-secret-0123456789abcdef0123456789abcdef';
const BUILD_FILES = ['dist/server/entry-server.js', 'dist/client/.vite/manifest.json'];

if (!Number.isSafeInteger(REQUESTS) || REQUESTS < 200) {
  throw new Error(`FAULT_REQUESTS must be a whole number of at least 200, not "${process.env.FAULT_REQUESTS}"`);
}
const missingBuild = BUILD_FILES.filter((file) => !existsSync(file));
if (missingBuild.length > 0) {
  console.error(`The production build is missing (${missingBuild.join(', ')}). Run "npm run build" first.`);
  process.exit(1);
}

/** The production server on `databaseDir`, as the tests start it, set for a crash test. */
function startServer(databaseDir: string): Promise<RunningServer> {
  return startTestServer({
    CSRF_SECRET,
    DATABASE_DIR: databaseDir,
    // The whole run comes from one address: the real limits (posts per address, one upload slot per
    // address) would refuse most of it with 429.
    SUBMISSION_RATE_LIMIT: '100000',
    UPLOADS_PER_VISITOR: '64',
    // No mail: the outbox rows must stay, and they are part of what is checked.
    SMTP_URL: '',
  });
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

interface Request {
  marker: string;
  file: Buffer;
  hash: string;
}

type Outcome =
  | { kind: 'created'; reference: string }
  | { kind: 'refused'; status: number; body: string }
  | { kind: 'connection'; error: string };

function quoteForm(request: Request, index: number): FormData {
  return quoteFormData({
    name: `Fault Test ${index}`,
    email: `fault-${index}@example.com`,
    comments: request.marker,
    file: request.file,
    fileName: `logo-${index}.png`,
  });
}

async function postQuote(url: string, session: { cookie: string; token: string }, form: FormData): Promise<Outcome> {
  try {
    const response = await fetch(`${url}/api/quotes`, {
      method: 'POST',
      headers: { Accept: 'application/json', Cookie: session.cookie, [CSRF_HEADER]: session.token },
      body: form,
    });
    // Read in full before judging: a 201 whose body was cut off never told the client its reference.
    const body = await response.text();
    if (response.status !== 201) return { kind: 'refused', status: response.status, body: body.slice(0, 300) };
    const reference: unknown = (JSON.parse(body) as { reference?: unknown }).reference;
    if (typeof reference !== 'string') return { kind: 'refused', status: 201, body: body.slice(0, 300) };
    return { kind: 'created', reference };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'connection', error: cause?.code ?? cause?.message ?? String(error) };
  }
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** What is wrong with a stored quote, measured against the request that carries its marker. */
function storedProblem(submission: Submission, request: Request | undefined): string | undefined {
  if (!request) return `its comments carry no marker of this run (${JSON.stringify(submission.payload.comments)})`;
  if (submission.files.length !== 1) return `${submission.files.length} files instead of 1`;
  const [file] = submission.files;
  if (!file || sha256(file.data) !== request.hash) return 'its file is not the bytes that were sent';
  if (file.size !== request.file.length) return `its file size says ${file?.size}, not ${request.file.length}`;
  // No mail is configured, so both notifications (shop and customer) must still be waiting.
  if (submission.pendingNotifications !== 2) return `${submission.pendingNotifications} notifications instead of 2`;
  return undefined;
}

const databaseDir = await mkdtemp(path.join(tmpdir(), 'seenwear-fault-'));
const runId = randomBytes(4).toString('hex');
let exitCode = 0;
let restarted: RunningServer | undefined;
let first: RunningServer | undefined;
try {
  const requests: Request[] = Array.from({ length: REQUESTS }, (_, index) => {
    const file = randomPng(IMAGE_SIDE);
    return { marker: `fault-${runId}-${index}`, file, hash: sha256(file) };
  });
  const byMarker = new Map(requests.map((request) => [request.marker, request]));

  first = await startServer(databaseDir);
  const server = first;
  const session = await liveVisitorSession(server.url);
  console.log(
    `Server up on ${server.url} (DATABASE_DIR ${databaseDir}). Sending ${REQUESTS} quote requests at once, each with a ${formatBytes(requests[0]?.file.length ?? 0)} PNG; SIGKILL after ${KILL_AFTER_SHARE * 100}% of the answers.`,
  );

  const killAt = Math.ceil(REQUESTS * KILL_AFTER_SHARE);
  let answered = 0;
  let answeredBeforeKill = 0;
  let killedAfterMs = 0;
  const started = performance.now();
  const kill = () => {
    if (server.child.signalCode !== null || server.child.exitCode !== null || killedAfterMs > 0) return;
    killedAfterMs = performance.now() - started;
    answeredBeforeKill = answered;
    server.child.kill('SIGKILL');
  };
  const deadline = setTimeout(kill, KILL_DEADLINE_MS);
  const outcomes = await Promise.all(
    requests.map(async (request, index) => {
      const outcome = await postQuote(server.url, session, quoteForm(request, index));
      answered += 1;
      if (answered >= killAt) kill();
      return outcome;
    }),
  );
  clearTimeout(deadline);
  if (server.child.exitCode === null && server.child.signalCode === null) await once(server.child, 'exit');
  if (server.child.signalCode !== 'SIGKILL') {
    throw new Error(
      `The server ended by ${server.child.signalCode ?? `exit ${server.child.exitCode}`}, not by the SIGKILL:\n${server.output()}`,
    );
  }

  const created = outcomes.flatMap((outcome, index) =>
    outcome.kind === 'created' ? [{ reference: outcome.reference, request: requests[index] as Request }] : [],
  );
  const refused = outcomes.filter((outcome) => outcome.kind === 'refused');
  const connection = outcomes.filter((outcome) => outcome.kind === 'connection');
  const duplicateReferences = created.length - new Set(created.map((item) => item.reference)).size;

  restarted = await startServer(databaseDir);
  const database = await openSqliteDatabase({ databaseDir });
  const { submissions } = createFeatureStores(database);
  const missing: string[] = [];
  const halfStored: string[] = [];
  let acknowledgedAndStored = 0;
  let storedCount = 0;
  let duplicateMarkers = 0;
  try {
    for (const { reference, request } of created) {
      const submission = await submissions.getSubmission(reference);
      if (!submission) {
        missing.push(reference);
        continue;
      }
      if (submission.payload.comments !== request.marker) {
        missing.push(`${reference} (stored, but with another request's marker)`);
        continue;
      }
      acknowledgedAndStored += 1;
    }
    const seenMarkers = new Set<string>();
    for (const summary of await submissions.listSubmissions({ kind: 'quote' })) {
      storedCount += 1;
      const submission = await submissions.getSubmission(summary.reference);
      if (!submission) throw new Error(`${summary.reference} is listed but cannot be read`);
      const marker = String(submission.payload.comments);
      if (seenMarkers.has(marker)) duplicateMarkers += 1;
      seenMarkers.add(marker);
      const problem = storedProblem(submission, byMarker.get(marker));
      if (problem) halfStored.push(`${summary.reference}: ${problem}`);
    }
  } finally {
    await database.close();
  }

  // The crash must not have made the server forget which numbers it gave out.
  const after = await postQuote(
    restarted.url,
    await liveVisitorSession(restarted.url),
    quoteForm({ marker: `fault-${runId}-after-restart`, file: randomPng(8), hash: '' }, REQUESTS),
  );
  const reissued = after.kind === 'created' && created.some((item) => item.reference === after.reference);

  const statuses = countBy(refused, (outcome) => (outcome.kind === 'refused' ? String(outcome.status) : ''));
  const errors = countBy(connection, (outcome) => (outcome.kind === 'connection' ? outcome.error : ''));
  const rows: [string, string | number][] = [
    ['sent', REQUESTS],
    ['answered before the SIGKILL', `${answeredBeforeKill} (killed after ${(killedAfterMs / 1000).toFixed(1)} s)`],
    ['201 with a reference', created.length],
    ['other HTTP answers', refused.length === 0 ? 0 : `${refused.length} ${JSON.stringify(statuses)}`],
    ['failed by connection', connection.length === 0 ? 0 : `${connection.length} ${JSON.stringify(errors)}`],
    ['stored after the restart', storedCount],
    ['acknowledged and stored', acknowledgedAndStored],
    ['stored, never acknowledged (fine)', storedCount - acknowledgedAndStored],
    ['acknowledged but missing (must be 0)', missing.length],
    ['half-stored (must be 0)', halfStored.length],
    ['same reference twice, or stored twice (must be 0)', duplicateReferences + duplicateMarkers],
    [
      'first request after the restart',
      after.kind === 'created'
        ? `201 ${after.reference}${reissued ? ' (ALREADY GIVEN BEFORE THE CRASH)' : ''}`
        : JSON.stringify(after),
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n')}\n`);

  for (const line of [
    ...missing.map((ref) => `missing: ${ref}`),
    ...halfStored.map((text) => `half-stored: ${text}`),
  ]) {
    console.error(line);
  }
  const firstRefusal = refused[0];
  if (firstRefusal?.kind === 'refused') {
    console.error(`First answer other than 201: ${firstRefusal.status} ${firstRefusal.body}`);
  }
  if (missing.length > 0 || halfStored.length > 0 || duplicateReferences + duplicateMarkers > 0 || reissued) {
    console.error('FAILED: an acknowledged quote request was lost, or something was stored in part or twice.');
    exitCode = 1;
  } else if (created.length === 0 || answeredBeforeKill >= REQUESTS) {
    // Nothing acknowledged, or nothing in flight at the kill: the run proves nothing either way.
    console.error('FAILED: the run did not test a crash in the middle of acknowledged requests.');
    exitCode = 1;
  } else if (after.kind !== 'created') {
    console.error('FAILED: the restarted server does not take quote requests.');
    exitCode = 1;
  } else {
    console.log('PASSED: every acknowledged quote request survived the SIGKILL, with its file.');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  if (first && first.child.exitCode === null && first.child.signalCode === null) {
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
  }
  if (restarted && restarted.child.exitCode === null && restarted.child.signalCode === null) {
    restarted.child.kill('SIGTERM');
    const [code] = (await once(restarted.child, 'exit')) as [number | null];
    if (code !== 0) {
      console.error(`The restarted server exited with ${code} on SIGTERM:\n${restarted.output().slice(-5_000)}`);
      exitCode = 1;
    }
  }
  await rm(databaseDir, { recursive: true, force: true });
}
process.exit(exitCode);
