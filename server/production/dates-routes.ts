import { Router } from 'express';
import createHttpError from 'http-errors';
import { MAX_ORDER_QUANTITY } from '#shared/pricing/tiers.ts';
import { datesAnswerOf } from '#shared/production/dates-answer.ts';
import { serviceIds } from '#shared/service-ids.ts';
import { z } from '#shared/zod.ts';
import type { ProductionPlanner } from './production-store.ts';

/** Where the calculators and the quote form ask for the earliest press day (client/hooks/use-load-dates.ts). */
const DATES_PATH = '/api/dates';

const datesQuery = z.object({
  service: z.enum(serviceIds, { message: `service must be one of ${serviceIds.join(', ')}` }),
  pieces: z.coerce
    .number({ message: 'pieces must be a whole number' })
    .int('pieces must be a whole number')
    .min(1, 'pieces must be at least 1')
    .max(MAX_ORDER_QUANTITY, `pieces must be at most ${MAX_ORDER_QUANTITY}`),
});

/**
 * The earliest day an order fits on the press, for the pages' estimates once the visitor changes them (a
 * calculator page comes with the date for the quantity it shows), never cached. It
 * answers only dates: the first press day for this many pieces, and the days the shop is closed (without
 * their notes), nothing of any other order.
 */
export function datesRoutes(planner: ProductionPlanner): Router {
  const router = Router();
  router.get(DATES_PATH, async (req, res, next) => {
    const asked = datesQuery.safeParse(req.query);
    if (!asked.success) return next(createHttpError(400, asked.error.issues.map((issue) => issue.message).join('; ')));
    const { dates } = await planner.current();
    const { service, pieces } = asked.data;
    res.set('Cache-Control', 'no-store');
    res.json(datesAnswerOf(dates, service, pieces));
  });
  return router;
}
