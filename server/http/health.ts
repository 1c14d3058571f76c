import { Router } from 'express';

/** Shared with server/index.ts, which flips it at start and at shutdown; /readyz reads it on every probe. */
export interface Readiness {
  /** False before the data is loaded and again once shutdown has begun, so traffic drains away. */
  ready: boolean;
}

/** Longer than a healthy database ever takes to answer `select 1`; short enough for a load balancer's probe. */
const DATABASE_CHECK_MS = 2_000;

/**
 * /healthz: the process lives. /readyz: it should get traffic: started, not shutting down, and its
 * database answering (an instance that cannot store a submission must not be sent one).
 */
export function healthRoutes(readiness: Readiness, checkDatabase: () => Promise<void> = async () => {}): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!readiness.ready) {
      res.status(503).json({ status: 'unavailable' });
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        checkDatabase(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${DATABASE_CHECK_MS} ms`)), DATABASE_CHECK_MS);
        }),
      ]);
      res.json({ status: 'ready' });
    } catch (error) {
      req.log?.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'not ready: the database does not answer',
      );
      res.status(503).json({ status: 'unavailable', reason: 'database' });
    } finally {
      clearTimeout(timer);
    }
  });
  return router;
}
