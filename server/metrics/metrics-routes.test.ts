import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDirectory } from '#server/storage/daily-backup.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { createMetrics } from './app-metrics.ts';
import { instrumentStore } from './instrument.ts';
import { metricsRoutes } from './metrics-routes.ts';

const token = 'metrics-token-0123456789abcdef0123456789';

/** The value of one sample line, such as `seenwear_outbox_pending 4`, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  const value = line?.slice(series.length + 1);
  return value === undefined ? undefined : Number(value.replace('Inf', 'Infinity'));
}

describe('/metrics without METRICS_TOKEN', () => {
  it('is not there at all: the site 404s it', async () => {
    const { app } = await createTestApp();
    const response = await request(app).get('/metrics').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('seenwear_');
  });
});

describe.each(backends)('/metrics on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let databaseDir: string;
  let app: express.Express;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    databaseDir = await mkdtemp(join(tmpdir(), 'seenwear-metrics-'));
    ({ app } = await createTestApp({
      storage,
      config: { metricsToken: token, databaseDir, diskFreeFloorBytes: 1024 ** 3 },
    }));
  });

  afterAll(async () => {
    await storage.close();
    await rm(databaseDir, { recursive: true, force: true });
  });

  it('refuses a scrape without the right bearer token, with WWW-Authenticate', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`, `Bearer ${token}x`, 'Bearer ']) {
      const call = request(app).get('/metrics');
      const response = await (authorization === undefined ? call : call.set('Authorization', authorization));
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.text).not.toContain('seenwear_');
    }
  });

  it('answers a scrape, and its refusal, with Permissions-Policy and nosniff like every other answer', async () => {
    const answers = [
      await request(app).get('/metrics').set('Authorization', `Bearer ${token}`).expect(200),
      await request(app).get('/metrics').expect(401),
    ];
    for (const response of answers) {
      expect(response.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await request(app).get('/pricing?utm_source=mail').expect(200);
    await request(app).get('/no-such-page-4f9c1').expect(404);
    await request(app).get('/healthz').expect(200);
    const response = await request(app).get('/metrics').set('Authorization', `bearer ${token}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.text;
    expect(sample(text, 'seenwear_http_requests_total{method="GET",route="/pricing",status="200"}')).toBe(1);
    expect(sample(text, 'seenwear_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'seenwear_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
    expect(text).toContain('seenwear_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/pricing"');
    expect(text).not.toContain('no-such-page');
    expect(text).not.toContain('utm_source');
    // Node's default process metrics come along.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('counts page-cache hits and misses', async () => {
    const scrape = async () =>
      (await request(app).get('/metrics').set('Authorization', `Bearer ${token}`).expect(200)).text;
    const before = await scrape();
    const count = (text: string, outcome: string) =>
      sample(text, `seenwear_page_cache_total{outcome="${outcome}"}`) ?? 0;
    await request(app).get('/about-us').expect(200);
    await request(app).get('/about-us').expect(200);
    const after = await scrape();
    expect(count(after, 'miss') - count(before, 'miss')).toBe(1);
    expect(count(after, 'hit') - count(before, 'hit')).toBe(1);
  });

  it('reads the outbox and the last backup at scrape time', async () => {
    const scrape = async () =>
      (await request(app).get('/metrics').set('Authorization', `Bearer ${token}`).expect(200)).text;
    let text = await scrape();
    expect(sample(text, 'seenwear_outbox_pending')).toBe(0);
    expect(sample(text, 'seenwear_outbox_oldest_pending_age_seconds')).toBe(0);
    expect(sample(text, 'seenwear_backup_last_success_timestamp_seconds')).toBe(0);
    expect(sample(text, 'seenwear_backup_age_seconds')).toBe(Number.POSITIVE_INFINITY);
    // The disk under DATABASE_DIR and the floor, for a rule that matches the log's disk_low.
    expect(sample(text, 'seenwear_disk_free_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'seenwear_disk_free_floor_bytes')).toBe(1024 ** 3);

    await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'A',
      email: 'a@example.com',
      payload: {},
      files: [],
    });
    await storage.submissions.saveSubmission({
      kind: 'contact',
      name: 'B',
      email: 'b@example.com',
      payload: {},
      files: [],
    });
    const claimed = await storage.outbox.claimNotification(60_000);
    if (!claimed) throw new Error('nothing to claim');
    await storage.outbox.markNotificationFailed(claimed, '550 no', { final: true });
    await mkdir(backupDirectory(databaseDir), { recursive: true });
    writeFileSync(join(backupDirectory(databaseDir), 'submissions-2026-11-23.sqlite'), 'x');

    text = await scrape();
    expect(sample(text, 'seenwear_outbox_pending')).toBe(3);
    expect(sample(text, 'seenwear_outbox_failed')).toBe(1);
    expect(sample(text, 'seenwear_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'seenwear_outbox_oldest_pending_age_seconds')).toBeLessThan(60);
    expect(sample(text, 'seenwear_backup_age_seconds')).toBeLessThan(60);
    expect(
      Math.abs((sample(text, 'seenwear_backup_last_success_timestamp_seconds') ?? 0) - Date.now() / 1000),
    ).toBeLessThan(60);
  });
});

describe('metricsRoutes on its own', () => {
  it('counts 429s as rate-limit refusals by route, and keeps each registry apart', async () => {
    const build = () => {
      const metrics = createMetrics();
      const app = express();
      app.use(
        metricsRoutes({
          config: { metricsToken: token, databaseDir: join(tmpdir(), 'seenwear-metrics-none'), diskFreeFloorBytes: 0 },
          outbox: { outboxDepth: async () => ({ pending: 0, failed: 0, oldestPendingAt: null }) },
          metrics,
        }),
      );
      app.post('/api/contact', (_req, res) => {
        res.sendStatus(429);
      });
      return { app, metrics };
    };
    const first = build();
    const second = build();
    await request(first.app).post('/api/contact').expect(429);
    await request(first.app).post('/api/contact').expect(429);
    const text = await first.metrics.registry.metrics();
    expect(sample(text, 'seenwear_rate_limit_refusals_total{route="/api/contact"}')).toBe(2);
    expect(await second.metrics.registry.getSingleMetricAsString('seenwear_rate_limit_refusals_total')).not.toContain(
      'route=',
    );
  });

  it('makes the outbox gauges NaN (unknown), and still answers, when the database does not', async () => {
    const metrics = createMetrics();
    const app = express().use(
      metricsRoutes({
        config: { metricsToken: token, databaseDir: join(tmpdir(), 'seenwear-metrics-none'), diskFreeFloorBytes: 0 },
        outbox: instrumentStore(
          {
            outboxDepth: async () => {
              throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
            },
          },
          metrics,
        ),
        metrics,
      }),
    );
    const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${token}`).expect(200)).text;
    expect(sample(text, 'seenwear_outbox_pending')).toBeNaN();
    // The counter is written out before the gauges are collected: a scrape's own failure shows in the next.
    const next = (await request(app).get('/metrics').set('Authorization', `Bearer ${token}`).expect(200)).text;
    expect(sample(next, 'seenwear_database_errors_total{operation="outboxDepth",code="ECONNREFUSED"}')).toBe(1);
  });
});
