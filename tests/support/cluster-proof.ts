/**
 * The multi-instance proof: two instances behind nginx on one PostgreSQL, a local SMTP catcher that delays
 * each message, quote requests with artwork spread over both, each with its own submission key; one instance
 * SIGKILLed once 40 % of them are answered, and started again; then some acknowledged requests sent again
 * with their keys. What must hold afterwards is checked against the database and the mail that arrived, and
 * returned as figures (scripts/proof-cluster.ts prints them, tests/e2e/cluster-proof.test.ts asserts them).
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { SUBMISSION_KEY_HEADER } from '#shared/submissions/submission-key.ts';
import { startCluster } from './cluster.ts';
import { liveVisitorSession, quoteFormData } from './quote-post.ts';
import { randomPng } from './random-png.ts';
import { startSmtpCatcher } from './smtp-catcher.ts';

export interface ProofOptions {
  requests?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** The share of answers after which the first instance is SIGKILLed. */
  killAt?: number;
  resends?: number;
  smtpDelayMs?: number;
  leaseSeconds?: number;
  log?: (line: string) => void;
}

export interface ProofReport {
  requests: number;
  acknowledged: number;
  /** Requests that needed more than one try (a 502 or a cut connection around the kill). */
  retried: number;
  failedTries: Record<string, number>;
  killedAfterAnswers: number;
  /** The outbox rows the killed instance held when it died (reference/recipient). */
  heldByKilled: string[];
  storedSubmissions: number;
  /** Acknowledged references missing from the database, or stored more than once: must be 0. */
  missingOrDuplicated: number;
  /** Stored files whose bytes differ from what was sent: must be 0. */
  artworkMismatches: number;
  resends: number;
  /** Resends answered with another reference, or not with 201: must be 0. */
  resendMismatches: number;
  /** Reference numbers are 1..N: no gap, no duplicate. */
  referencesContiguous: boolean;
  mailsReceived: number;
  /** References lacking their shop or customer mail: must be 0. */
  referencesMissingMail: number;
  /** Messages that arrived twice (reference/recipient), by Message-ID. */
  duplicateMails: string[];
  seconds: { requests: number; outboxDrained: number; total: number };
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

interface Planned {
  index: number;
  key: string;
  file: Buffer;
  hash: string;
}

type Try = { ok: true; reference: string } | { ok: false; reason: string };

async function post(url: string, request: Planned): Promise<Try> {
  try {
    const visitor = await liveVisitorSession(url);
    const response = await fetch(`${url}/api/quotes`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        Cookie: visitor.cookie,
        [CSRF_HEADER]: visitor.token,
        [SUBMISSION_KEY_HEADER]: request.key,
      },
      body: quoteFormData({
        name: `Proof ${request.index}`,
        email: `proof-${request.index}@example.com`,
        comments: `proof request ${request.index}`,
        file: request.file,
        fileName: `art-${request.index}.png`,
        key: request.key,
      }),
    });
    const body = await response.text();
    if (response.status !== 201) return { ok: false, reason: `HTTP ${response.status}` };
    return { ok: true, reference: (JSON.parse(body) as { reference: string }).reference };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { ok: false, reason: cause?.code ?? 'connection' };
  }
}

export async function runProof(options: ProofOptions = {}): Promise<ProofReport> {
  const {
    requests: total = 240,
    concurrency = 16,
    killAt = 0.4,
    resends = 20,
    smtpDelayMs = 40,
    leaseSeconds = 10,
    log = () => {},
  } = options;
  const started = Date.now();
  const smtp = await startSmtpCatcher();
  smtp.delayMs = smtpDelayMs;
  const cluster = await startCluster({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Seenwear <orders@seenwear.example>',
      SHOP_EMAIL: 'shop@seenwear.example',
      OUTBOX_LEASE_SECONDS: String(leaseSeconds),
      // Every request comes from this one address, standing for many visitors: neither the rate limit nor
      // the one upload slot per visitor address may turn them away.
      SUBMISSION_RATE_LIMIT: '100000',
      UPLOADS_PER_VISITOR: String(Math.min(64, concurrency)),
    },
    captureLogs: false,
  });
  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
  try {
    log(`cluster up: ${cluster.url} -> ${cluster.instances.map((instance) => instance.url).join(', ')}`);
    const planned: Planned[] = Array.from({ length: total }, (_, index) => {
      const file = randomPng(48 + (index % 5) * 8);
      return { index, key: randomBytes(16).toString('hex'), file, hash: sha256(file) };
    });
    const answers = new Map<number, string>();
    const failedTries: Record<string, number> = {};
    let retried = 0;
    let killedAfterAnswers = 0;
    let heldByKilled: string[] = [];
    const [victim] = cluster.instances;
    if (!victim) throw new Error('no instance');
    let killing: Promise<void> | undefined;

    const victimPid = victim.child.pid;
    const kill = async () => {
      killedAfterAnswers = answers.size;
      await victim.kill();
      // What it held when it died: the rows whose claim names its process.
      const held = await database.query<{ reference: string; recipient: string }>(
        `select s.reference, o.recipient from outbox o join submissions s on s.id = o.submission_id
          where o.sent_at is null and o.claim like $1`,
        [`%/${victimPid}/%`],
      );
      heldByKilled = held.rows.map((row) => `${row.reference}/${row.recipient}`);
      log(
        `killed ${victim.name} after ${killedAfterAnswers} answers; it held ${heldByKilled.join(', ') || 'no claim'}`,
      );
      await victim.restart();
      log(`${victim.name} started again`);
    };

    const requestsStarted = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (;;) {
          const request = planned[next++];
          if (!request) return;
          for (let attempt = 1; ; attempt += 1) {
            const result = await post(cluster.url, request);
            if (result.ok) {
              answers.set(request.index, result.reference);
              if (attempt > 1) retried += 1;
              break;
            }
            failedTries[result.reason] = (failedTries[result.reason] ?? 0) + 1;
            if (attempt >= 20) throw new Error(`request ${request.index} failed 20 times (${result.reason})`);
            // The same key again: if the first try was stored after all, this answers its reference.
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
          if (!killing && answers.size >= Math.round(total * killAt)) killing = kill();
        }
      }),
    );
    await killing;
    const requestSeconds = (Date.now() - requestsStarted) / 1000;
    log(`${answers.size} of ${total} acknowledged in ${requestSeconds.toFixed(1)} s (${retried} retried)`);

    // Some acknowledged requests sent again with their keys, through either instance.
    let resendMismatches = 0;
    const step = Math.max(1, Math.floor(total / resends));
    for (let index = 0, sent = 0; sent < resends && index < total; index += step, sent += 1) {
      const request = planned[index] as Planned;
      const result = await post(cluster.url, request);
      if (!result.ok || result.reference !== answers.get(index)) resendMismatches += 1;
    }

    // The outbox drains, the killed instance's claim included once its lease runs out.
    const drainStarted = Date.now();
    for (;;) {
      const { rows } = await database.query<{ count: string }>('select count(*) from outbox where sent_at is null');
      if (Number(rows[0]?.count) === 0) break;
      if (Date.now() - drainStarted > (leaseSeconds + 120) * 1000)
        throw new Error(`${rows[0]?.count} mails never went`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const drainSeconds = (Date.now() - drainStarted) / 1000;

    const stored = await database.query<{ reference: string; idempotency_key: string; data: Buffer }>(
      `select s.reference, s.idempotency_key, f.data from submissions s join files f on f.submission_id = s.id`,
    );
    const byKey = new Map(planned.map((request) => [request.key, request]));
    const storedByReference = new Map<string, number>();
    let artworkMismatches = 0;
    for (const row of stored.rows) {
      storedByReference.set(row.reference, (storedByReference.get(row.reference) ?? 0) + 1);
      const request = byKey.get(row.idempotency_key);
      if (!request || sha256(row.data) !== request.hash) artworkMismatches += 1;
    }
    let missingOrDuplicated = 0;
    for (const [index, reference] of answers) {
      if (storedByReference.get(reference) !== 1) missingOrDuplicated += 1;
      const row = stored.rows.find((candidate) => candidate.reference === reference);
      if (row?.idempotency_key !== planned[index]?.key) missingOrDuplicated += 1;
    }
    const numbers = [...storedByReference.keys()].map((reference) => Number(reference.slice(-6))).sort((a, b) => a - b);
    const referencesContiguous = numbers.every((number, index) => number === index + 1);

    const messageIds = smtp.received.map((mail) => mail.header('message-id') ?? '');
    const counts = new Map<string, number>();
    for (const id of messageIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    // <q-2026-000001.shop@seenwear.example> -> Q-2026-000001/shop, as heldByKilled names rows.
    const rowOf = (id: string) => {
      const match = /^<([^.]+)\.(shop|customer)@/.exec(id);
      return match ? `${match[1]?.toUpperCase()}/${match[2]}` : id;
    };
    const duplicateMails = [...counts].filter(([, count]) => count > 1).map(([id]) => rowOf(id));
    let referencesMissingMail = 0;
    for (const reference of storedByReference.keys()) {
      for (const recipient of ['shop', 'customer']) {
        if (!counts.has(`<${reference.toLowerCase()}.${recipient}@seenwear.example>`)) referencesMissingMail += 1;
      }
    }

    return {
      requests: total,
      acknowledged: answers.size,
      retried,
      failedTries,
      killedAfterAnswers,
      heldByKilled,
      storedSubmissions: storedByReference.size,
      missingOrDuplicated,
      artworkMismatches,
      resends,
      resendMismatches,
      referencesContiguous,
      mailsReceived: smtp.received.length,
      referencesMissingMail,
      duplicateMails,
      seconds: {
        requests: requestSeconds,
        outboxDrained: drainSeconds,
        total: (Date.now() - started) / 1000,
      },
    };
  } finally {
    await database.end();
    await cluster.stop();
    await smtp.close();
  }
}
