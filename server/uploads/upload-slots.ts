import type { RequestHandler } from 'express';
import createHttpError from 'http-errors';

/** Seconds a refused upload is asked to wait: about how long a 25 MB form takes to arrive and be stored. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Lets at most `limit` forms with files be read at once by this instance, each held until its answer
 * is sent (its files sit in memory until then); one more gets a 503 with Retry-After before a byte of
 * its body is read. Only the quote endpoint takes it: the contact form's bodies are a few kilobytes.
 */
export function uploadSlots(limit: number): RequestHandler {
  let inUse = 0;
  return (req, res, next) => {
    // A quote sent as JSON or urlencoded carries no files, and its body was already read (100 kB at most).
    if (!req.is('multipart/form-data')) return next();
    if (inUse >= limit) {
      req.log.warn({ reason: 'uploads_busy', limit }, 'refused: too many uploads at once');
      res.set({ 'Retry-After': String(RETRY_AFTER_SECONDS), Connection: 'close' });
      return next(
        createHttpError(
          503,
          `Several people are sending files right now. Nothing was stored: send the form again in ${RETRY_AFTER_SECONDS} seconds.`,
          { expose: true },
        ),
      );
    }
    inUse += 1;
    // "close" comes once per response, whether it was sent in full or the client went away.
    res.once('close', () => {
      inUse -= 1;
    });
    next();
  };
}
