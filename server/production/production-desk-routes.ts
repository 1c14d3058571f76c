import { Router } from 'express';
import { type BoardRoutesOptions, boardRoutes } from './board-routes.ts';
import { type CapacityRoutesOptions, capacityRoutes } from './capacity-routes.ts';
import { type WorkOrderRoutesOptions, workOrderRoutes } from './work-order-routes.ts';

/** What the three production pages are built from: each is handed only the stores it reads. */
export type ProductionDeskRoutesOptions = BoardRoutesOptions & CapacityRoutesOptions & WorkOrderRoutesOptions;

/** The desk's production pages: the board, the capacity and the work orders, staff only. */
export function productionDeskRoutes(options: ProductionDeskRoutesOptions): Router {
  const { customer, desk, production, versions, ...pages } = options;
  const router = Router();
  router.use(
    boardRoutes({ ...pages, desk, production, versions }),
    capacityRoutes({ ...pages, production }),
    workOrderRoutes({ ...pages, customer, desk, production, versions }),
  );
  return router;
}
