import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const acceptableRequestId = /^[\w.:-]{1,128}$/;

/**
 * The request headers a log line keeps. An allow-list, not a deny-list: Authorization,
 * Proxy-Authorization, API keys, cookies and any header nobody thought of yet stay out of the log.
 */
const loggedHeaders = ['user-agent', 'referer', 'accept-language', 'content-type', 'content-length', 'x-request-id'];

/** The serialized request with only the allowed headers (pino-http hands over its standard serialization). */
function requestWithAllowedHeaders(req: { headers?: Record<string, unknown> }) {
  const headers = Object.fromEntries(
    loggedHeaders.filter((name) => req.headers?.[name] !== undefined).map((name) => [name, req.headers?.[name]]),
  );
  const { headers: _all, ...rest } = req;
  return { ...rest, headers };
}

/**
 * One JSON line per request: id, method, path, status and duration (responseTime, ms). A well-formed
 * incoming X-Request-Id is kept so a proxy's id follows the request; either way it is sent back.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && acceptableRequestId.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: requestWithAllowedHeaders,
      // The response line needs its status, not every security header repeated on every request.
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
    // Probes and scrapes every few seconds would drown the lines operators read.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
  });
}
