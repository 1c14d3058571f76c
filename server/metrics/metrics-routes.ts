import { createHash, timingSafeEqual } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import { Gauge } from 'prom-client';
import type { AppConfig } from '#server/config.ts';
import type { OutboxStore } from '#server/mail/outbox-store.ts';
import { backupDirectory, lastBackup } from '#server/storage/daily-backup.ts';
import { freeBytes } from '#server/uploads/free-space.ts';
import { findPageByPath } from '#shared/routes.ts';
import { type AppMetrics, createMetrics } from './app-metrics.ts';

/** What the metrics router reads: the token, data folder and its floor, the outbox's store for its gauges. */
export interface MetricsRoutesOptions {
  config: Pick<AppConfig, 'metricsToken' | 'databaseDir' | 'diskFreeFloorBytes'>;
  outbox: Pick<OutboxStore, 'outboxDepth'>;
  /** The process's metrics (shared with the outbox worker); a fresh set when not given (tests). */
  metrics?: AppMetrics | undefined;
}

/**
 * The route pattern a request matched, never its URL: the label's values stay few whatever visitors
 * type. An Express route gives its path; a page the React routes render, the page's path; a 404 and
 * anything else one word each.
 */
function routeOf(req: Request, res: Response): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  if (res.statusCode === 404) return 'unmatched';
  if (req.path.startsWith('/assets/')) return '/assets/*';
  return req.method === 'GET' || req.method === 'HEAD' ? pageRouteOf(req.path, res.statusCode) : 'other';
}

/**
 * Counts and times one answered request (its duration from `startedAt`, performance.now()'s clock): the
 * router below for every request, and what answers one ahead of it (server/pages/page-door.ts).
 */
export function countRequest(
  metrics: AppMetrics,
  { method, route, status }: { method: string; route: string; status: number },
  startedAt: number,
): void {
  const labels = { method, route, status: String(status) };
  metrics.httpDuration.observe(labels, (performance.now() - startedAt) / 1000);
  metrics.httpRequests.inc(labels);
  // 429 comes from the forms' rate limit, and from a client's own excess: its daily upload budget, or
  // an upload begun while another of its address is still arriving (upload-slots.ts).
  if (status === 429) metrics.rateLimitRefusals.inc({ route });
}

/** The route label of a page answered from the cache: its page's path, or one word for the 404 page. */
export function pageRouteOf(url: string, status: number): string {
  if (status === 404) return 'unmatched';
  const page = findPageByPath(url);
  return page && page.path !== '*' ? page.path : 'other';
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Times and counts every request, and serves /metrics in Prometheus's text format to a scraper that
 * sends `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN there is no /metrics at all
 * (the site's 404): the counts tell an outsider how busy the shop is. The outbox and backup gauges are
 * read when scraped, so every instance reports the shared database's state, not its own guess.
 */
export function metricsRoutes(options: MetricsRoutesOptions): Router {
  const metrics = options.metrics ?? createMetrics();
  const router = Router();
  router.use((req, res, next) => {
    const startedAt = performance.now();
    res.on('finish', () => {
      countRequest(metrics, { method: req.method, route: routeOf(req, res), status: res.statusCode }, startedAt);
    });
    next();
  });

  const token = options.config.metricsToken;
  if (token === null) return router;
  registerScrapeGauges(metrics, options);
  const expected = sha256(token);
  router.get('/metrics', async (req, res) => {
    // Answered before helmet runs: the header it would add, so no browser reads the text as anything else.
    res.set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    const match = /^Bearer +(\S+) *$/i.exec(req.get('authorization') ?? '');
    // Hashes of equal length, compared in constant time: the answer's timing tells nothing of the token.
    if (!match?.[1] || !timingSafeEqual(sha256(match[1]), expected)) {
      req.log?.warn('metrics: refused a scrape without the right bearer token');
      res.set('WWW-Authenticate', 'Bearer realm="metrics"').status(401).type('text/plain').send('Unauthorized\n');
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}

function registerScrapeGauges(metrics: AppMetrics, options: MetricsRoutesOptions) {
  const registers = [metrics.registry];
  const backups = backupDirectory(options.config.databaseDir);
  // One outbox read per scrape feeds the three outbox gauges; a failure makes them NaN, "unknown" (it is
  // counted in seenwear_database_errors_total by the instrumented store), rather than failing the scrape.
  let depth: Promise<Awaited<ReturnType<OutboxStore['outboxDepth']>> | null> | undefined;
  const readDepth = () => {
    depth ??= options.outbox
      .outboxDepth()
      .catch(() => null)
      .finally(() => {
        setImmediate(() => {
          depth = undefined;
        });
      });
    return depth;
  };
  new Gauge({
    name: 'seenwear_outbox_pending',
    help: 'Notifications not sent yet and not given up on',
    registers,
    async collect() {
      const value = await readDepth();
      this.set(value ? value.pending : Number.NaN);
    },
  });
  new Gauge({
    name: 'seenwear_outbox_failed',
    help: 'Notifications given up on, waiting for an operator to resend them',
    registers,
    async collect() {
      const value = await readDepth();
      this.set(value ? value.failed : Number.NaN);
    },
  });
  new Gauge({
    name: 'seenwear_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest pending notification has waited (0 when none waits)',
    registers,
    async collect() {
      const value = await readDepth();
      if (!value) this.set(Number.NaN);
      else this.set(value.oldestPendingAt ? (Date.now() - value.oldestPendingAt.getTime()) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'seenwear_backup_last_success_timestamp_seconds',
    help: 'When the newest daily backup in DATABASE_DIR/backups was written (Unix time; 0 when there is none)',
    registers,
    async collect() {
      const last = await lastBackup(backups).catch(() => null);
      this.set(last ? last.at.getTime() / 1000 : 0);
    },
  });
  // The health watch's disk_low, for Prometheus: the same folder and floor, so both alert alike.
  new Gauge({
    name: 'seenwear_disk_free_bytes',
    help: 'Free bytes an unprivileged process may write on the disk holding DATABASE_DIR (NaN when unreadable)',
    registers,
    async collect() {
      this.set(await freeBytes(options.config.databaseDir).catch(() => Number.NaN));
    },
  });
  new Gauge({
    name: 'seenwear_disk_free_floor_bytes',
    help: 'DISK_FREE_FLOOR_MB in bytes: below it uploads are refused and disk_low is logged (0: off)',
    registers,
    collect() {
      this.set(options.config.diskFreeFloorBytes);
    },
  });
  new Gauge({
    name: 'seenwear_backup_age_seconds',
    help: 'Age of the newest daily backup in DATABASE_DIR/backups (+Inf when there is none)',
    registers,
    async collect() {
      const last = await lastBackup(backups).catch(() => null);
      this.set(last ? (Date.now() - last.at.getTime()) / 1000 : Number.POSITIVE_INFINITY);
    },
  });
}
