import { Router } from 'express';

export interface Readiness {
  /** False before the data is loaded and again once shutdown has begun, so traffic drains away. */
  ready: boolean;
}

export function healthRoutes(readiness: Readiness): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (readiness.ready) res.json({ status: 'ready' });
    else res.status(503).json({ status: 'unavailable' });
  });
  return router;
}
