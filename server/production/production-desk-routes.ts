import { Router } from 'express';
import { type BoardRoutesOptions, boardRoutes } from './board-routes.ts';
import { capacityRoutes } from './capacity-routes.ts';
import { workOrderRoutes } from './work-order-routes.ts';

/** The desk's production pages: the board, the capacity and the work orders, staff only. */
export function productionDeskRoutes(options: BoardRoutesOptions): Router {
  const router = Router();
  router.use(boardRoutes(options), capacityRoutes(options), workOrderRoutes(options));
  return router;
}
