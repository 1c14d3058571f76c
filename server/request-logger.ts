import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const acceptableRequestId = /^[\w.:-]{1,128}$/;

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
      // The response line needs its status, not every security header repeated on every request.
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
    // Probes every few seconds would drown the lines operators read.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  });
}
