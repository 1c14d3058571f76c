import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The metrics one app exposes at /metrics, in a registry of its own rather than prom-client's global
 * one: tests build many apps in one process, and each counts only its own requests.
 */
export interface AppMetrics {
  registry: Registry;
  /** Requests by method, route pattern (never the raw URL: bounded label values) and status. */
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Submissions stored (repeats of one idempotency key not counted), by kind. */
  submissions: Counter<'kind'>;
  /** One SMTP send, from handing the message over to the server's answer. */
  mailSendDuration: Histogram<'outcome'>;
  /** 429s of the forms' rate limit, by route. */
  rateLimitRefusals: Counter<'route'>;
  /** Storage calls that failed (unreachable, busy, pool exhausted), by operation and error code. */
  databaseErrors: Counter<'operation' | 'code'>;
  /** Page requests answered from the rendered-page cache (hit) or rendered for them (miss). */
  pageCache: Counter<'outcome'>;
  /** Uploads being read now, each in one of UPLOADS_AT_ONCE slots. */
  uploadsInProgress: Gauge;
  /** Stripe webhook deliveries by outcome: recorded, replay, unknown, ignored, failed, bad_signature. */
  stripeWebhooks: Counter<'outcome'>;
}

/** Creates the metrics and a fresh registry holding them and Node's default process metrics. */
export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'seenwear_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'seenwear_http_request_duration_seconds',
      help: 'Time from a request arriving to its response finishing, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    submissions: new Counter({
      name: 'seenwear_submissions_total',
      help: 'Quote requests and contact messages stored, by kind',
      labelNames: ['kind'],
      registers,
    }),
    mailSendDuration: new Histogram({
      name: 'seenwear_mail_send_duration_seconds',
      help: 'Time one SMTP send took, by outcome (sent or failed)',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    pageCache: new Counter({
      name: 'seenwear_page_cache_total',
      help: 'Page requests answered from the rendered-page cache (hit) or rendered (miss)',
      labelNames: ['outcome'],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'seenwear_rate_limit_refusals_total',
      help: 'Form posts refused with 429 by the rate limit, by route',
      labelNames: ['route'],
      registers,
    }),
    uploadsInProgress: new Gauge({
      name: 'seenwear_uploads_in_progress',
      help: 'Uploads being read now, each holding one of UPLOADS_AT_ONCE slots until it is answered',
      registers,
    }),
    stripeWebhooks: new Counter({
      name: 'seenwear_stripe_webhooks_total',
      help: 'Stripe webhook deliveries, by outcome (recorded, replay, unknown, waiting, ignored, failed, bad_signature, bad_event; a team store session: store_recorded, store_already, store_held, store_pending)',
      labelNames: ['outcome'],
      registers,
    }),
    databaseErrors: new Counter({
      name: 'seenwear_database_errors_total',
      help: 'Storage calls that failed (database unreachable, busy or out of connections), by operation and code',
      labelNames: ['operation', 'code'],
      registers,
    }),
  };
}
