import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { describeIssues } from '#shared/site-data.ts';
import { ARTWORK_MAX_TOTAL_BYTES } from '#shared/submissions/artwork.ts';
import { z } from '#shared/zod.ts';

/** Where the submissions database lives when DATABASE_DIR is not set, relative to the working directory. */
const defaultDatabaseDir = 'var';

// Shared with the operators' CLI, which reads DATABASE_DIR (or DATABASE_URL) alone: it must find the
// server's database without needing the server's secrets in the shell.
const databaseDirSchema = z.string().min(1).default(defaultDatabaseDir);
const databaseUrlSchema = z
  .url({
    protocol: /^postgres(ql)?$/,
    // The value is never echoed back: it usually carries the database password.
    error: 'must be a postgres:// address, such as postgres://seenwear:password@db.internal:5432/seenwear',
  })
  .optional();

// The old name is refused rather than ignored: ignored, it would start the server on an empty database
// beside the real one, and the submissions would look lost.
const renamedDataDir =
  'DATA_DIR: was renamed DATABASE_DIR (it holds the submissions database, not the data files): set DATABASE_DIR instead';

// Node makes one without any other tool; `npm start` writes one to .env by itself (scripts/ensure-csrf-secret.ts).
const makeSecret = `node -p "crypto.randomBytes(32).toString('hex')"`;

/** Sizes in the environment are given in MB (MiB, as the form's limits are). */
const MB = 1024 * 1024;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address, such as https://shop.example' })
    .optional(),
  CSRF_SECRET: z.string().min(32, `must be at least 32 characters (try: ${makeSecret})`).optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      hostname: /^.+$/,
      // The value is never echoed back: it usually carries the SMTP password.
      error: 'must be an smtp:// or smtps:// address, such as smtps://user:password@mail.example:465',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .refine(isMailbox, 'must be an e-mail address or "Name <address>", such as Seenwear <orders@seenwear.example>')
    .optional(),
  SHOP_EMAIL: z.email('must be an e-mail address, such as orders@seenwear.example').optional(),
  DATABASE_DIR: databaseDirSchema,
  DATABASE_URL: databaseUrlSchema,
  SUBMISSION_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  GROUP_MAX_ENTRIES: z.coerce.number().int().min(1).max(5000).default(300),
  GROUP_VISITOR_ENTRIES: z.coerce.number().int().min(1).max(5000).default(12),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(256),
  UPLOADS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(4),
  UPLOADS_PER_VISITOR: z.coerce.number().int().min(1).max(64).default(1),
  UPLOAD_IDLE_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  UPLOAD_MB_PER_DAY: z.coerce
    .number()
    .int()
    // Below one full request (25 MB), a visitor could never send the largest upload the form allows.
    .min(ARTWORK_MAX_TOTAL_BYTES / MB, `must be at least ${ARTWORK_MAX_TOTAL_BYTES / MB}, what one request may carry`)
    .max(1_000_000)
    .default(100),
  STAFF_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.email('must be e-mail addresses separated by commas, such as owner@seenwear.example,desk@seenwear.example'),
      ),
    )
    .default([]),
  // The shop's team store rules (what an organiser may do alone) from a file kept outside the release.
  TEAM_STORES_FILE: z.string().min(1, 'must be the path of a team stores rules file').optional(),
  DISK_FREE_FLOOR_MB: z.coerce.number().int().min(0).max(1_000_000).default(1024),
  // How long the books (invoices as issued, payments, refunds) outlive a purged request: tax law asks
  // for years, never for less than three (the shortest audit window); seven is the common advice.
  BOOKS_RETENTION_YEARS: z.coerce
    .number()
    .int('must be a whole number of years')
    .min(3, 'must be at least 3 years: the books are kept for tax')
    .max(30)
    .default(7),
  // The counts tell an outsider how busy the shop is: a scraper proves itself with a long random token.
  METRICS_TOKEN: z.string().min(32, `must be at least 32 characters (try: ${makeSecret})`).optional(),
  // Stripe's own key shapes: a secret key (sk_live_…, sk_test_…) or a restricted one (rk_…); never echoed.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(live|test)_\w{8,}$/,
      'must be a Stripe secret key, such as sk_live_… (Dashboard → Developers → API keys)',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w{8,}$/, 'must be the webhook endpoint’s signing secret, such as whsec_… (Dashboard → Webhooks)')
    .optional(),
  // Where the stripe package sends its requests instead of api.stripe.com: a stand-in in tests.
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address, such as http://127.0.0.1:12111' })
    .optional(),
});

/** "orders@shop.example" or "Seenwear <orders@shop.example>" (the name may be quoted). */
function isMailbox(value: string): boolean {
  const match = /^\s*(?:"?[^"<>\r\n]*"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.email().safeParse(address).success;
}

/** Stripe Checkout, when both keys are set (docs/payments.md). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE split into the package's own options; absent: Stripe itself. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

interface MailConfig {
  smtpUrl: string;
  /** Sender of every message, as MAIL_FROM gives it ("Name <address>" or an address). */
  from: string;
  /** Where the shop's copy of each submission goes. */
  shopEmail: string;
}

/** The settings the whole server runs on, read once from the environment and checked (docs/configuration.md). */
export interface AppConfig {
  /** Years the books of a purged request are kept, counted from each record's date. */
  booksRetentionYears: number;
  /** The team store rules file (TEAM_STORES_FILE, resolved at start); absent reads data/team-stores.json. */
  teamStoresFile?: string;
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  logLevel: string;
  /** Origin used for canonical links and social tags, without a trailing slash. */
  publicUrl: string;
  csrfSecret: string;
  /** True when CSRF_SECRET was not given and a random one was made for this process. */
  csrfSecretGenerated: boolean;
  /** Absolute directory of the submissions database (DATABASE_DIR, resolved once at start). */
  databaseDir: string;
  /** PostgreSQL instead of the SQLite file in databaseDir (DATABASE_URL); null keeps SQLite. */
  databaseUrl: string | null;
  /** Null when SMTP_URL is not set: submissions then wait in the outbox, nothing is sent. */
  mail: MailConfig | null;
  /** Posts per visitor address per 15 minutes on each form endpoint. */
  submissionRateLimit: number;
  /** Group orders: entries one group takes, and entries from one visitor address per group. */
  groupLimits: { perGroup: number; perVisitor: number };
  /**
   * How many reverse proxies stand in front (TRUST_PROXY): their X-Forwarded-For gives the visitor's
   * address, which the rate limit counts by. 0 trusts no header, so nobody can forge their address.
   */
  trustProxy: number;
  /**
   * How long an instance's claim on an outbox row keeps the others off it (OUTBOX_LEASE_SECONDS): how
   * late a crashed instance's mail goes out. Keep it above one SMTP attempt (the transport gives up
   * after 50 s at most), or a slow send is taken over and the mail sent twice.
   */
  outboxLeaseMs: number;
  /**
   * The most connections one instance holds open (MAX_CONNECTIONS); more are closed as they arrive, so
   * clients that dawdle cannot take every socket and the memory their bodies would need.
   */
  maxConnections: number;
  /**
   * How many forms with files one instance reads at once (UPLOADS_AT_ONCE); each may hold 25 MB in
   * memory until it is stored, so this bounds what a burst of uploads can take. More get a 503.
   */
  uploadsAtOnce: number;
  /**
   * How many of those one visitor address may hold (UPLOADS_PER_VISITOR), so a few slow uploads from one
   * address cannot block everyone else's; more from that address get a 429 until theirs is in.
   */
  uploadsPerVisitor: number;
  /**
   * An upload that sends nothing for this long is cut with a 408 and its slot freed (UPLOAD_IDLE_SECONDS),
   * rather than held until the 60 s request timeout.
   */
  uploadIdleMs: number;
  /**
   * Artwork bytes one visitor address may have stored per 24 hours (UPLOAD_MB_PER_DAY), counted in the
   * database so every instance shares it: one address cannot fill the disk at the form's rate limit.
   */
  uploadBytesPerDay: number;
  /**
   * Uploads are refused (507) while the disk holding the SQLite database has less free than this
   * (DISK_FREE_FLOOR_MB); 0 turns the check off. Not checked on PostgreSQL: its disk is not ours to see.
   */
  diskFreeFloorBytes: number;
  /** Who may sign in to the staff desk (STAFF_EMAILS), lower-cased; empty keeps the desk closed. */
  staffEmails: string[];
  /** The bearer token /metrics asks of Prometheus (METRICS_TOKEN); null: no /metrics at all. */
  metricsToken: string | null;
  /**
   * Card payments through Stripe Checkout (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); null: the
   * pages say how to pay in the shop and the desk records payments by hand.
   */
  stripe: StripeConfig | null;
}

/**
 * A bad environment, with every problem listed, so start-up stops once with the whole list rather than one at a time.
 */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads the environment once at start; every problem is reported at once, not the first only. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (PUBLIC_URL=) means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  const problems = parsed.success ? [] : describeIssues(parsed.error);
  // Checked apart from the schema so it is reported together with any other problem, not after it.
  if (present.NODE_ENV === 'production' && !present.CSRF_SECRET) {
    problems.push(`CSRF_SECRET: is required in production (try: ${makeSecret})`);
  }
  if (present.DATA_DIR !== undefined) problems.push(renamedDataDir);
  if (present.SMTP_URL) {
    for (const name of ['MAIL_FROM', 'SHOP_EMAIL'] as const) {
      if (!present[name]) problems.push(`${name}: is required when SMTP_URL is set`);
    }
  }
  // One key without the other would take money the site never hears of, or wait for payments it cannot ask for.
  if (Boolean(present.STRIPE_SECRET_KEY) !== Boolean(present.STRIPE_WEBHOOK_SECRET)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take card payments, or neither');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const value = parsed.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return {
    env: value.NODE_ENV,
    isProduction: value.NODE_ENV === 'production',
    port: value.PORT,
    host: value.HOST,
    logLevel: value.LOG_LEVEL,
    publicUrl,
    csrfSecret: value.CSRF_SECRET ?? randomBytes(32).toString('hex'),
    csrfSecretGenerated: value.CSRF_SECRET === undefined,
    // Resolved now so a later chdir, or a log line, never means a different directory.
    databaseDir: resolve(value.DATABASE_DIR),
    databaseUrl: value.DATABASE_URL ?? null,
    mail:
      value.SMTP_URL && value.MAIL_FROM && value.SHOP_EMAIL
        ? { smtpUrl: value.SMTP_URL, from: value.MAIL_FROM.trim(), shopEmail: value.SHOP_EMAIL }
        : null,
    submissionRateLimit: value.SUBMISSION_RATE_LIMIT,
    groupLimits: { perGroup: value.GROUP_MAX_ENTRIES, perVisitor: value.GROUP_VISITOR_ENTRIES },
    trustProxy: value.TRUST_PROXY,
    outboxLeaseMs: value.OUTBOX_LEASE_SECONDS * 1000,
    maxConnections: value.MAX_CONNECTIONS,
    uploadsAtOnce: value.UPLOADS_AT_ONCE,
    uploadsPerVisitor: value.UPLOADS_PER_VISITOR,
    uploadIdleMs: value.UPLOAD_IDLE_SECONDS * 1000,
    uploadBytesPerDay: value.UPLOAD_MB_PER_DAY * MB,
    diskFreeFloorBytes: value.DISK_FREE_FLOOR_MB * MB,
    booksRetentionYears: value.BOOKS_RETENTION_YEARS,
    ...(value.TEAM_STORES_FILE ? { teamStoresFile: resolve(value.TEAM_STORES_FILE) } : {}),
    staffEmails: value.STAFF_EMAILS,
    metricsToken: value.METRICS_TOKEN ?? null,
    stripe:
      value.STRIPE_SECRET_KEY && value.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: value.STRIPE_SECRET_KEY,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET,
            ...(value.STRIPE_API_BASE ? { api: stripeApi(value.STRIPE_API_BASE) } : {}),
          }
        : null,
  };
}

/** The package takes the address in parts; the port defaults to the protocol's own. */
function stripeApi(base: string): NonNullable<StripeConfig['api']> {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** DATABASE_DIR as the server would resolve it, without the rest of the environment. */
export function readDatabaseDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATA_DIR) throw new ConfigError([renamedDataDir]);
  return resolve(databaseDirSchema.parse(env.DATABASE_DIR === '' ? undefined : env.DATABASE_DIR));
}

/** The database the server would open (DATABASE_URL, else DATABASE_DIR), without the rest of the environment. */
export function readStorageLocation(
  env: NodeJS.ProcessEnv = process.env,
): { databaseUrl: string } | { databaseDir: string } {
  const parsed = databaseUrlSchema.safeParse(env.DATABASE_URL === '' ? undefined : env.DATABASE_URL);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => `DATABASE_URL: ${issue.message}`));
  return parsed.data ? { databaseUrl: parsed.data } : { databaseDir: readDatabaseDir(env) };
}

/** Where AppConfig says the submissions live. */
export function storageLocation(config: Pick<AppConfig, 'databaseUrl' | 'databaseDir'>) {
  return config.databaseUrl ? { databaseUrl: config.databaseUrl } : { databaseDir: config.databaseDir };
}

/** STAFF_EMAILS and the public address, without the rest of the environment: for the CLI's staff-link. */
export function readStaffSettings(env: NodeJS.ProcessEnv = process.env): { staffEmails: string[]; publicUrl: string } {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.pick({ STAFF_EMAILS: true, PUBLIC_URL: true, PORT: true }).safeParse(present);
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error));
  const { STAFF_EMAILS, PUBLIC_URL, PORT } = parsed.data;
  return { staffEmails: STAFF_EMAILS, publicUrl: (PUBLIC_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, '') };
}
