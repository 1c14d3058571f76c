import type { Logger } from 'pino';
import { readBlanksData } from '#server/blanks/blanks-data-file.ts';
import { importedCataloguePrices } from '#server/blanks/catalogue-prices.ts';
import type { Readiness } from '#server/http/health.ts';
import { createHttpServer } from '#server/http/http-server.ts';
import { startNotifications } from '#server/notifications/start-notifications.ts';
import { loadSiteDataFiles } from '#server/pages/site-data-files.ts';
import { developmentSsr, productionSsr } from '#server/pages/ssr-entry.ts';
import { startHealthWatch } from './alerts/health-watch.ts';
import { createApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig, storageLocation } from './config.ts';
import { createFeatureStores, type FeatureStores } from './feature-stores.ts';
import { DAILY_BACKUP_LEASE_MS, dailyBackupJob } from './jobs/daily-backup-job.ts';
import { startDailyJob } from './jobs/daily-job.ts';
import { invoiceReminderJob } from './jobs/invoice-reminder-job.ts';
import { privacyPurgeJob } from './jobs/privacy-purge-job.ts';
import { REMINDER_INTERVAL_MS, reminderJob } from './jobs/reminder-job.ts';
import { STORE_CLOSE_INTERVAL_MS, STORE_CLOSE_LEASE_MS, storeCloseJob } from './jobs/store-close-job.ts';
import { createLogger, exitAfterLogs } from './logger.ts';
import { createMetrics } from './metrics/app-metrics.ts';
import { instrumentStore } from './metrics/instrument.ts';
import { closeSvgCleaner } from './mockups/svg-cleaner.ts';
import { savedCards } from './payments/saved-cards.ts';
import { readCapacityDefaults } from './production/capacity-defaults.ts';
import { createProductionPlanner } from './production/production-planner.ts';
import { closePdfDrawing } from './requests/pdf-first-page.ts';
import { createRequestService } from './requests/request-service.ts';
import type { Database } from './storage/database.ts';
import { openDatabase } from './storage/open-database.ts';
import { runPlanning } from './stores/store-production.ts';

/**
 * How long in-flight requests may take to finish after SIGTERM before connections are cut and the
 * process exits (after at most a second more for its last log lines): under the 10 s a container
 * engine (Docker, Kubernetes) waits before it SIGKILLs.
 */
const SHUTDOWN_DEADLINE_MS = 8_000;
/**
 * How long the notification being sent may take to finish after SIGTERM; past it, its claim is given
 * back (due at once for another instance) so the process can still exit within the deadline.
 */
const OUTBOX_GRACE_MS = 5_000;

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** What the background jobs read and write: the instance's own stores, instrumented as the app's are. */
interface JobContext {
  config: AppConfig;
  database: Database;
  stores: FeatureStores;
  siteData: Awaited<ReturnType<typeof loadSiteDataFiles>>;
  logger: Logger;
  metrics: ReturnType<typeof createMetrics>;
  notifications: ReturnType<typeof startNotifications>;
}

/**
 * The periodic work of one instance, each job claimed so that one instance of several runs it: the
 * privacy purge, the backup, the reminders, the team stores' closes and the health watch.
 */
function startJobs({ config, database, stores, siteData, logger, metrics, notifications }: JobContext): {
  stop: () => Promise<void>;
} {
  // The privacy policy's retention, daily, on one instance of several: no cron to forget.
  const purge = startDailyJob({
    job: privacyPurgeJob({
      submissions: stores.submissions,
      desk: stores.desk,
      books: { store: stores.books, retentionYears: config.booksRetentionYears },
      logger,
    }),
    jobs: stores.jobs,
    logger,
  });
  // The daily backup likewise, into this instance's DATABASE_DIR/backups (with PostgreSQL too).
  const backup = startDailyJob({
    job: dailyBackupJob({ location: storageLocation(config), databaseDir: config.databaseDir, logger }),
    jobs: stores.jobs,
    logger,
    leaseMs: DAILY_BACKUP_LEASE_MS,
  });
  // Reminders (a deposit or balance due for days, a quote about to expire, a proof's approval deadline),
  // hourly, each sent once. The deadline is counted on the shop's load, as the pages count it.
  const planner = createProductionPlanner({
    production: stores.production,
    site: () => siteData.data,
    now: () => new Date(),
    defaults: readCapacityDefaults(),
  });
  const requests = createRequestService({ ...stores, now: () => new Date(), planner, site: () => siteData.data });
  const reminders = startDailyJob({
    job: reminderJob({
      ...stores,
      logger,
      timeZone: siteData.data['order-terms'].timeZone,
      proofs: {
        waiting: () => stores.versions.proofsWaiting(),
        deadline: (reference, target) => requests.approvalDeadline(reference, target),
        calendar: () => siteData.data['order-terms'],
        handoverOf: async (reference) =>
          (await stores.versions.formValuesOf(reference))?.delivery === 'delivery' ? 'delivery' : 'pickup',
        // A missed deadline books the order again as an approval now would: the board shows its new day.
        bookingFor: async (reference) => {
          const values = await stores.versions.formValuesOf(reference);
          return values && (await planner.bookingFor(values));
        },
        moved: () => planner.invalidate(),
      },
      ...(notifications ? { onQueued: () => notifications.wake() } : {}),
    }),
    jobs: stores.jobs,
    logger,
    intervalMs: REMINDER_INTERVAL_MS,
    checkEveryMs: REMINDER_INTERVAL_MS / 4,
  });
  // Invoices on terms: a week before their due day, on it and a week after, while still owed.
  const invoiceReminders = startDailyJob({
    job: invoiceReminderJob({
      books: stores.books,
      reminders: stores.reminders,
      logger,
      timeZone: siteData.data['order-terms'].timeZone,
      ...(notifications ? { onQueued: () => notifications.wake() } : {}),
    }),
    jobs: stores.jobs,
    logger,
    intervalMs: REMINDER_INTERVAL_MS,
    checkEveryMs: REMINDER_INTERVAL_MS / 4,
  });
  // Team stores past their close: the saved cards charged when the minimum is met, released when not.
  const storeCloses = startDailyJob({
    job: storeCloseJob({
      stores: stores.teamStores,
      cards: config.stripe ? savedCards(config.stripe, () => stores.payments.checkoutKeySalt()) : null,
      logger,
      // A store closed with its minimum goes on the board as one run, dated from the real load.
      production: runPlanning(stores.versions, planner),
      ...(notifications ? { onQueued: () => notifications.wake() } : {}),
    }),
    jobs: stores.jobs,
    logger,
    intervalMs: STORE_CLOSE_INTERVAL_MS,
    checkEveryMs: STORE_CLOSE_INTERVAL_MS / 2,
    leaseMs: STORE_CLOSE_LEASE_MS,
    jitterMs: 5_000,
  });
  // The log alerts that need a periodic look (mail stalled, backup stale, disk low, database unreachable).
  const watch = startHealthWatch({
    database: instrumentStore({ ping: () => database.ping() }, metrics),
    outbox: stores.outbox,
    jobs: stores.jobs,
    logger,
    databaseDir: config.databaseDir,
    diskFreeFloorBytes: config.diskFreeFloorBytes,
    mailConfigured: config.mail !== null,
  });
  return {
    stop: () =>
      Promise.all([
        purge.stop(),
        backup.stop(),
        reminders.stop(),
        invoiceReminders.stop(),
        storeCloses.stop(),
        watch.stop(),
      ]).then(() => undefined),
  };
}

async function main() {
  const config = readConfig();
  const logger = createLogger(config);
  if (config.csrfSecretGenerated) {
    logger.warn('CSRF_SECRET is not set: using a random secret, so tokens stop working when the server restarts');
  }
  const readiness: Readiness = { ready: false };
  const metrics = createMetrics();
  // Opened (and migrated) before the server accepts a single request. The app builds its own stores
  // from it; the worker and the jobs below use these, instrumented alike, so every caller's database
  // errors and every stored submission are counted.
  const database = await openDatabase(storageLocation(config));
  const stores = createFeatureStores(database, (store) => instrumentStore(store, metrics));
  // The site's data files, with the blank prices the suppliers' imports in force make where the shop
  // follows them (a style's markup in data/blanks.json): read once, as the files are built at start.
  const siteData = await loadSiteDataFiles(
    new URL('../data/', import.meta.url).pathname,
    await importedCataloguePrices(stores.blanks, readBlanksData()),
  );
  for (const warning of siteData.warnings) logger.warn(warning);
  const notifications = startNotifications({
    config,
    site: siteData.data.config,
    timeZone: siteData.data['order-terms'].timeZone,
    stores,
    logger,
    metrics,
  });
  const jobs = startJobs({ config, database, stores, siteData, logger, metrics, notifications });
  const httpServer = createHttpServer({ maxConnections: config.maxConnections });

  let closeDev: (() => Promise<void>) | undefined;
  const appDependencies = {
    config,
    logger,
    siteData,
    database,
    readiness,
    metrics,
    onStored: () => notifications?.wake(),
  };
  let app: ReturnType<typeof createApp>;
  if (config.env === 'development') {
    const dev = await developmentSsr(httpServer);
    closeDev = dev.close;
    app = createApp({ ...appDependencies, ssr: dev, devMiddleware: dev.middleware });
  } else {
    const production = await productionSsr();
    app = createApp({ ...appDependencies, ssr: production, staticDir: production.staticDir });
  }
  httpServer.on('request', app);
  httpServer.listen(config.port, config.host, () => {
    readiness.ready = true;
    const address = httpServer.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(
      // cardPayments: whether Stripe Checkout is on (both keys set), so a missing key shows at start.
      { port, host: config.host, env: config.env, dataVersion: siteData.version, cardPayments: config.stripe !== null },
      `listening on ${config.publicUrl}`,
    );
  });
  let outboxStopped: Promise<void> | undefined;
  let jobsStopped: Promise<void> | undefined;
  handleShutdown(httpServer, readiness, logger, {
    // At once: no new claims; the send in progress finishes (or gives its claim back) meanwhile, and a
    // purge stops after its current batch, a backup in progress at once (its partial file removed).
    onSignal: () => {
      outboxStopped = notifications?.stop(OUTBOX_GRACE_MS);
      jobsStopped = jobs.stop();
    },
    afterRequests: async () => {
      await closeDev?.();
      await closeSvgCleaner();
      await closePdfDrawing();
      // After the last request and the outbox: the pool (or the SQLite file) closes cleanly.
      await outboxStopped;
      await jobsStopped;
      await database.close();
    },
  });
}

function handleShutdown(
  server: import('node:http').Server,
  readiness: Readiness,
  logger: Logger,
  hooks: {
    /** Runs as the signal arrives. */
    onSignal: () => void;
    /** Runs once the last request has finished. */
    afterRequests: () => Promise<void>;
  },
) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.ready = false;
    logger.info({ signal }, 'shutting down: no new connections or claims, finishing requests in flight');
    // Out now, not with the next batch of lines: operators (and the tests) watch for it.
    logger.flush();
    hooks.onSignal();
    const deadline = setTimeout(() => {
      logger.warn('shutdown deadline passed: closing the remaining connections');
      server.closeAllConnections();
      exitAfterLogs(logger, 1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    server.close(async () => {
      await hooks.afterRequests();
      logger.info('stopped');
      exitAfterLogs(logger, 0);
    });
    // Keep-alive sockets, idle now or once their response is sent, would hold close() open until
    // they time out; closing the idle ones every 100 ms lets the process exit as soon as work ends.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
