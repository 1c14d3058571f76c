import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import createHttpError from 'http-errors';
import type { LimitStore } from './limit-store.ts';

const RATE_LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * express-rate-limit's counter kept in the submissions database (the rate_limits table), not in the
 * process: behind a load balancer every instance counts into the same row, so the limit holds however
 * the posts are spread. A small store of our own rather than a package's (such as
 * @acpr/rate-limit-postgresql): it runs on both databases through the same limits store, needs no
 * second pool or schema of its own, and its window is the database's clock, like the outbox leases.
 */
class DatabaseRateLimitStore implements Store {
  windowMs = RATE_LIMIT_WINDOW_MS;
  readonly prefix: string;
  private readonly limits: Pick<LimitStore, 'countHit' | 'uncountHit'>;

  constructor(limits: Pick<LimitStore, 'countHit' | 'uncountHit'>, prefix: string) {
    this.limits = limits;
    this.prefix = prefix;
  }

  init(options: { windowMs: number }) {
    this.windowMs = options.windowMs;
  }

  async increment(key: string) {
    const { hits, resetAt } = await this.limits.countHit(`${this.prefix}${key}`, this.windowMs);
    return { totalHits: hits, resetTime: resetAt };
  }

  async decrement(key: string) {
    await this.limits.uncountHit(`${this.prefix}${key}`);
  }

  async resetKey(key: string) {
    await this.limits.uncountHit(`${this.prefix}${key}`, { all: true });
  }
}

/**
 * Posts per address per window on one form endpoint (`name` keeps the endpoints' counts apart): far
 * more than a person sends, few enough to make a flood of junk slow.
 */
export function submissionRateLimit(
  limit: number,
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>,
  name: string,
  {
    failuresOnly = false,
    message = 'You have sent this form many times in a short while. Wait a few minutes and try again, or call us.',
  }: {
    /** Count only answers of 400 and up (a private link guessed at), not a customer's every visit. */
    failuresOnly?: boolean;
    message?: string;
  } = {},
) {
  if (failuresOnly) return failureRateLimit(limit, limits, name, message);
  return rateLimit({
    windowMs: RATE_LIMIT_WINDOW_MS,
    limit,
    store: new DatabaseRateLimitStore(limits, `${name}:`),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => {
      next(createHttpError(429, message));
    },
  });
}

/**
 * A limit on failures only (a private page's link guessed at): a visit reads the address's count, and
 * only an answer of 400 or more adds to it. express-rate-limit's skipSuccessfulRequests would count every
 * visit and take it back after, two writes to one row per page a customer opens. The failure is counted
 * once its answer is sent; the same address's next request waits for that count first, so a guesser on
 * one instance cannot get ahead of it.
 */
function failureRateLimit(
  limit: number,
  limits: Pick<LimitStore, 'countHit' | 'hitsOf'>,
  name: string,
  message: string,
): RequestHandler {
  const counting = new Map<string, Promise<unknown>>();
  return async (req, res, next) => {
    const key = `${name}:${ipKeyGenerator(req.ip ?? '')}`;
    try {
      await counting.get(key);
      if ((await limits.hitsOf(key)) >= limit) return next(createHttpError(429, message));
    } catch (error) {
      return next(error);
    }
    res.once('finish', () => {
      if (res.statusCode < 400) return;
      const counted: Promise<unknown> = limits
        .countHit(key, RATE_LIMIT_WINDOW_MS)
        .catch(() => undefined)
        .finally(() => {
          if (counting.get(key) === counted) counting.delete(key);
        });
      counting.set(key, counted);
    });
    next();
  };
}
