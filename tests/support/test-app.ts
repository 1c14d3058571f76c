import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as entry from '#client/entry-server.tsx';
import { createApp } from '#server/app.ts';
import type { AppConfig } from '#server/config.ts';
import type { Readiness } from '#server/http/health.ts';
import { createMetrics } from '#server/metrics/app-metrics.ts';
import { loadSiteDataFiles } from '#server/pages/site-data-files.ts';
import type { StoreShopRules } from '#server/stores/store-shop-rules.ts';
import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import type { SsrEntry } from '#shared/ssr-contract.ts';
import { memoryLogger } from './memory-logger.ts';
import { openTestStorage, type TestStorage } from './test-storage.ts';

const testConfig: AppConfig = {
  env: 'test',
  isProduction: false,
  port: 0,
  host: '127.0.0.1',
  logLevel: 'silent',
  publicUrl: 'https://shop.example',
  csrfSecret: 'test-secret-0123456789abcdef0123456789abcdef',
  csrfSecretGenerated: false,
  // Nothing opens it through testConfig: a test that stores submissions gives its own temporary directory.
  databaseDir: join(tmpdir(), 'seenwear-test-data-unused'),
  databaseUrl: null,
  mail: null,
  submissionRateLimit: 20,
  groupLimits: { perGroup: 300, perVisitor: 12 },
  trustProxy: 0,
  outboxLeaseMs: 120_000,
  maxConnections: 256,
  uploadsAtOnce: 4,
  uploadsPerVisitor: 1,
  uploadIdleMs: 10_000,
  uploadBytesPerDay: 100 * 1024 * 1024,
  // Off: the tests' disk is not the point, and a full /tmp on a shared machine must not fail them. The
  // floor's own tests set one and give the free space.
  diskFreeFloorBytes: 0,
  booksRetentionYears: 7,
  staffEmails: ['owner@seenwear.example'],
  metricsToken: null,
  stripe: null,
};

/**
 * The real app over the React entry's source (Vite transforms it in the test), with the assets a
 * development server would give: what is tested is the server and the pages, not the build.
 */
export interface TestAppOptions {
  config?: Partial<AppConfig>;
  entry?: SsrEntry;
  /** The page cache, on as in production unless a test turns it off as development does. */
  cache?: boolean;
  /** Where submissions go; by default a fresh database in a temporary directory. */
  storage?: TestStorage;
  /**
   * The folder of the six data files; the shop's own `data` by default. A test that expects prices
   * gives `fixtureDataDir`, whose prices it can write down, so it survives the shop changing its own.
   */
  dataDir?: string;
  /** The free bytes the disk floor reads under the database's folder; the real disk's by default. */
  readFreeSpace?: (dir: string) => Promise<number>;
  /** A folder to serve as the built client, as production does; none by default. */
  staticDir?: string;
  /** The pages' (and the production load's) clock, for estimates with dates; the real one by default. */
  now?: () => Date;
  /** The suppliers' data (warehouses, garments' styles); data/blanks.json by default. */
  blanksData?: BlanksData;
  /** What a store's organiser may do alone; data/team-stores.json by default. */
  storeShopRules?: StoreShopRules;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const config = { ...testConfig, ...options.config };
  const ssrEntry = options.entry ?? (entry as SsrEntry);
  const { logger, lines } = memoryLogger();
  const siteData = await loadSiteDataFiles(options.dataDir ?? 'data');
  const readiness: Readiness = { ready: true };
  // The app's own metrics, handed back so a test can wait on a gauge instead of sleeping.
  const metrics = createMetrics();
  const storage = options.storage ?? (await openTestStorage('sqlite'));
  const app = createApp({
    config,
    logger,
    siteData,
    database: storage.database,
    readiness,
    metrics,
    ...(options.readFreeSpace ? { readFreeSpace: options.readFreeSpace } : {}),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    ...(options.blanksData ? { blanksData: options.blanksData } : {}),
    ...(options.storeShopRules ? { storeShopRules: options.storeShopRules } : {}),
    ssr: {
      loadEntry: async () => ssrEntry,
      assets: {
        forRoutes: (modules) => ({
          bootstrap: ['/client/entry-client.tsx'],
          preload: modules.map((module) => `/${module}`),
          stylesheets: ['/client/styles.css'],
        }),
        entryScript: (source) => `/${source}`,
      },
      cache: options.cache ?? true,
      ...(options.now ? { now: options.now } : {}),
    },
    ...(options.now ? { now: options.now } : {}),
  });
  return { app, siteData, storage, readiness, lines, config, metrics };
}
