import type { Request, Response } from 'express';
import createHttpError, { type HttpError } from 'http-errors';
import { clientKey } from '#server/http/client-key.ts';

/** Seconds a refused upload is asked to wait: about how long a 25 MB form takes to arrive and be stored. */
const RETRY_AFTER_SECONDS = 10;

/** How many uploads are read at once: by this instance, and for one visitor address. */
export interface UploadSlotLimits {
  /** UPLOADS_AT_ONCE: each upload may hold 25 MB in memory until it is stored. */
  atOnce: number;
  /** UPLOADS_PER_VISITOR: one address (the rate limit's key) cannot take every slot by itself. */
  perVisitor: number;
  /** Told how many slots are held after each change (the metrics' gauge). */
  onChange?: (inUse: number) => void;
}

/** The slots uploads are read in. */
export interface UploadSlots {
  /**
   * Takes a slot for this request, held until its answer is sent or its client goes away; a second call
   * for the same request takes nothing more. The error to answer with when none may be taken: 503 when
   * every slot is busy, 429 when this visitor already holds theirs (both with Retry-After).
   */
  take(req: Request, res: Response): HttpError | undefined;
}

/**
 * Bounds the memory uploads can take: an upload takes a slot only once its token is valid and its first
 * file begins (upload-guard.ts), so posts without a token, or without a file, never hold one, and a
 * visitor address holds at most UPLOADS_PER_VISITOR. Counted per instance, in memory: the slots bound
 * this process's memory, which is what they are for.
 */
export function uploadSlots(limits: UploadSlotLimits): UploadSlots {
  let inUse = 0;
  const byVisitor = new Map<string, number>();
  const holders = new WeakSet<Request>();

  function refuse(req: Request, res: Response, status: 429 | 503, reason: string, message: string): HttpError {
    const limit = status === 503 ? limits.atOnce : limits.perVisitor;
    req.log.warn(
      { reason, limit },
      status === 503 ? 'refused: too many uploads at once' : 'refused: this address is already sending files',
    );
    res.set({ 'Retry-After': String(RETRY_AFTER_SECONDS), Connection: 'close' });
    return createHttpError(status, message, { expose: true });
  }

  return {
    take(req, res) {
      if (holders.has(req)) return undefined;
      const visitor = clientKey(req);
      const held = byVisitor.get(visitor) ?? 0;
      if (held >= limits.perVisitor) {
        return refuse(
          req,
          res,
          429,
          'uploads_busy_visitor',
          `Files you sent in another form are still arriving. Nothing was stored: send this form again in ${RETRY_AFTER_SECONDS} seconds.`,
        );
      }
      if (inUse >= limits.atOnce) {
        return refuse(
          req,
          res,
          503,
          'uploads_busy',
          `Several people are sending files right now. Nothing was stored: send the form again in ${RETRY_AFTER_SECONDS} seconds.`,
        );
      }
      holders.add(req);
      inUse += 1;
      byVisitor.set(visitor, held + 1);
      limits.onChange?.(inUse);
      // "close" comes once per response, whether it was sent in full or the client went away.
      res.once('close', () => {
        inUse -= 1;
        const left = (byVisitor.get(visitor) ?? 1) - 1;
        if (left > 0) byVisitor.set(visitor, left);
        else byVisitor.delete(visitor);
        limits.onChange?.(inUse);
      });
      return undefined;
    },
  };
}
