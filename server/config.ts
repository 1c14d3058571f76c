import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { describeIssues } from '../shared/site-data.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address, such as https://shop.example' })
    .optional(),
  CSRF_SECRET: z.string().min(32, 'must be at least 32 characters (try: openssl rand -hex 32)').optional(),
});

export interface AppConfig {
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
}

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
    problems.push('CSRF_SECRET: is required in production (try: openssl rand -hex 32)');
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
  };
}
