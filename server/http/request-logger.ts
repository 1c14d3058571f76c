import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { redactUrl } from './redact-url.ts';

const acceptableRequestId = /^[\w.:-]{1,128}$/;

/**
 * The request headers a log line keeps: what the privacy policy tells visitors the log holds (browser,
 * referrer, language). An allow-list, not a deny-list: Authorization, Proxy-Authorization, API keys,
 * cookies and any header nobody thought of yet stay out of the log.
 */
const loggedHeaders = ['user-agent', 'referer', 'accept-language'] as const;

/** The request as Express hands it over: pino-http's id, and the URL before any router trimmed it. */
type LoggedRequest = IncomingMessage & { id?: unknown; originalUrl?: string };

/**
 * The request's part of the line, read straight off the request: pino-http's standard serializer
 * copies every header and wraps the request in an object first, on every request, for fields this
 * line then throws away.
 */
function serializeRequest(req: LoggedRequest, id: unknown = req.id) {
  const headers: Partial<Record<(typeof loggedHeaders)[number], string>> = {};
  for (const name of loggedHeaders) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    id,
    method: req.method,
    // A private link's secret never reaches the log (redact-url.ts).
    url: redactUrl(req.originalUrl ?? req.url ?? ''),
    // The visitor's IP address (the proxy's when TRUST_PROXY is 0), as the privacy policy says.
    remoteAddress: req.socket?.remoteAddress,
    headers,
  };
}

/** The request's id: a well-formed incoming X-Request-Id (a proxy's), or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && acceptableRequestId.test(incoming) ? incoming : randomUUID();
}

function levelOf(statusCode: number, error?: unknown): 'error' | 'warn' | 'info' {
  if (error || statusCode >= 500) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/**
 * The line requestLogger writes for a request, written by what answers a request ahead of it
 * (server/pages/page-door.ts): the same fields, level and message, so operators read one kind of line;
 * `startedAt` is performance.now()'s.
 */
export function logAnswered(
  logger: Logger,
  { req, id, statusCode, startedAt }: { req: IncomingMessage; id: string; statusCode: number; startedAt: number },
): void {
  const responseTime = Math.round(performance.now() - startedAt);
  const line = { req: serializeRequest(req, id), res: { statusCode }, responseTime };
  logger[levelOf(statusCode)](line, 'request completed');
}

/**
 * One JSON line per request: id, method, URL, IP address, the three headers above, status and
 * duration (responseTime, ms). A well-formed incoming X-Request-Id is kept so a proxy's id follows the
 * request; either way it is sent back, and it is the line's `req.id`.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const id = requestIdOf(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // The serializers below read the raw request and response; pino-http's wrappers would copy them first.
    wrapSerializers: false,
    serializers: {
      req: serializeRequest,
      // The response line needs its status, not every security header repeated on every request.
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => levelOf(res.statusCode, error),
    // Probes and scrapes every few seconds would drown the lines operators read.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
  });
}
