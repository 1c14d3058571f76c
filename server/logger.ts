import { type Logger, pino } from 'pino';
import type { AppConfig } from './config.ts';

/** Never written to the log: the session and CSRF cookies, and the CSRF header. */
export const redactedPaths = ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'];

/** The app's pino logger: cookies and CSRF tokens redacted, JSON lines in production, readable lines in development. */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'env'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    // JSON lines for the operators in production; readable lines only while developing.
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
