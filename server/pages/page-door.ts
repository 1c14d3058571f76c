import type { Request, RequestHandler } from 'express';
import { requestIdOf } from '#server/http/request-logger.ts';
import type { PageRenderer } from './page-renderer.ts';

/** What an answer from the door is told to: the request log and the metrics, as the pipeline would have. */
export interface DoorAnswer {
  req: Request;
  id: string;
  statusCode: number;
  /** performance.now() when the request came in. */
  startedAt: number;
}

export interface PageDoorOptions {
  pages: Pick<PageRenderer, 'answerFromCache'>;
  /**
   * What the pipeline puts on every answer, name and value in turn (fixedSecurityHeaders); null when
   * that differs per answer (development's CSP nonce): then there is no door.
   */
  headers: readonly string[] | null;
  /** Whether the cached pages may be answered now; false sends the request the long way, which waits. */
  current: () => boolean;
  onAnswered: (answer: DoorAnswer) => void;
}

/**
 * The first thing every request meets. A page already rendered and cached is the same answer whatever
 * the pipeline does, so it is answered here, in one write, with the pipeline's headers worked out once
 * (the security headers, the request id), its log line and its metrics: a visitor's page costs what
 * its bytes cost. Anything else goes on through the pipeline, which still holds every step for it.
 */
export function pageDoor(options: PageDoorOptions): RequestHandler {
  const { headers } = options;
  if (headers === null) return (_req, _res, next) => next();
  return (req, res, next) => {
    if (!options.current()) return next();
    const startedAt = performance.now();
    const id = requestIdOf(req);
    if (!options.pages.answerFromCache(req, res, [...headers, 'X-Request-Id', id])) return next();
    options.onAnswered({ req, id, statusCode: res.statusCode, startedAt });
  };
}
