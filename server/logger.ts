import { type Logger, pino } from 'pino';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import type { AppConfig } from './config.ts';

/** Never written to the log: the session and CSRF cookies, and the CSRF header. */
export const redactedPaths = [
  'req.headers.cookie',
  `req.headers["${CSRF_HEADER.toLowerCase()}"]`,
  'res.headers["set-cookie"]',
];

/**
 * Lines are gathered into writes of this many bytes: one write per line (pino's default) cost about
 * as much CPU again as making the line, a third of the log's share of a page request under load.
 */
const LOG_WRITE_BYTES = 4096;
/** On a quiet server a line waits for company at most this long before it is written anyway. */
const LOG_FLUSH_MS = 250;
/** How long exitAfterLogs waits for a stuck stdout before it ends the process regardless. */
const LOG_EXIT_WAIT_MS = 1000;

/** The app's pino logger: cookies and CSRF tokens redacted, JSON lines in production, readable lines in development. */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'env'>): Logger {
  const options = { level: config.logLevel, redact: { paths: redactedPaths, censor: '[redacted]' } };
  // Readable lines only while developing.
  if (config.env === 'development') {
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
    });
  }
  // Written off the event loop, as pino's default is; what is still buffered when the process exits is
  // written synchronously by pino's exit hook, and exitAfterLogs waits for writes under way as well.
  return pino(
    options,
    pino.destination({ dest: 1, sync: false, minLength: LOG_WRITE_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/** The code the process is ending with, once exitAfterLogs was called. */
let exitingWith: number | undefined;

/**
 * Ends the process once every line logged so far has reached stdout, including a write still under
 * way, which pino's synchronous exit hook cannot wait for; a stdout that takes no more holds it a second.
 * The first call decides the code: a shutdown deadline's failure is not turned into a clean stop meanwhile.
 */
export function exitAfterLogs(logger: Logger, code: number): void {
  if (exitingWith !== undefined) return;
  exitingWith = code;
  const timer = setTimeout(() => process.exit(code), LOG_EXIT_WAIT_MS);
  logger.flush(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}
