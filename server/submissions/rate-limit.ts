import { rateLimit } from 'express-rate-limit';
import createHttpError from 'http-errors';

const RATE_LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * Posts per address per window on one form endpoint: far more than a person sends, few enough to make
 * a flood of junk slow. In memory: one server process is the deployment (a shared store would be needed
 * for several).
 */
export function submissionRateLimit(limit: number) {
  return rateLimit({
    windowMs: RATE_LIMIT_WINDOW_MS,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => {
      next(
        createHttpError(
          429,
          'You have sent this form many times in a short while. Wait a few minutes and try again, or call us.',
        ),
      );
    },
  });
}
