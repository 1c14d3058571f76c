import { type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import type { LimitStore } from '#server/http/limit-store.ts';
import { submissionRateLimit } from '#server/http/rate-limit.ts';
import { pictureColours } from '#server/studio/picture-colours.ts';
import { readArtwork } from '#server/uploads/read-artwork.ts';
import type { UploadGuard } from '#server/uploads/upload-guard.ts';

/** The form field the studio sends its picture in. */
const PICTURE_FIELD = 'picture';

export interface DesignColoursOptions {
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
  /** Posts per address per 15 minutes, as the forms'. */
  rateLimit: number;
  /** The upload chain every multipart route shares: the CSRF token before the file, a slot, the size caps. */
  uploadGuard: UploadGuard;
}

/** Pictures whose pixels can be counted; a vector file or a PDF is separated by the shop. */
const RASTER = new Set(['image/png', 'image/jpeg']);

/** One picture in, its colours out; nothing is stored. */
const answerColours: RequestHandler = async (req, res) => {
  const files = (req.files as Express.Multer.File[] | undefined) ?? [];
  if (files.length === 0) throw createHttpError(400, `Attach one picture, as the "${PICTURE_FIELD}" field.`);
  // The same content checks as the quote form's artwork: the type from the bytes, a damaged file refused.
  const read = await readArtwork(files);
  if (read.error) throw createHttpError(422, read.error);
  const picture = read.files[0];
  if (!picture || !RASTER.has(picture.mediaType))
    throw createHttpError(
      422,
      'Send a PNG or JPEG picture: the colours of a vector file or a PDF are counted by the shop.',
    );
  try {
    res.set('Cache-Control', 'no-store').json(await pictureColours(picture.data));
  } catch (error) {
    req.log.info({ err: error, reason: 'picture_unreadable' }, 'design colours refused: the picture could not be read');
    // sharp refuses a canvas past its pixel limit before decoding it ("exceeds pixel limit").
    if (error instanceof Error && error.message.includes('pixel limit'))
      throw createHttpError(
        422,
        'This picture has too many pixels to read. Send a smaller copy (4,000 pixels across is plenty).',
      );
    throw createHttpError(422, 'This picture could not be read. Save it again as PNG or JPEG and send it again.');
  }
};

/**
 * POST /api/designs/colours: the studio asks which colours an uploaded picture has, before the customer is
 * priced on them. Multipart through the shared upload chain (its CSRF check, slots and file caps), rate
 * limited as the forms are.
 */
export function designColoursRoutes(options: DesignColoursOptions): Router {
  const router = Router();
  options.uploadGuard.post(
    router,
    '/api/designs/colours',
    {
      files: 1,
      field: PICTURE_FIELD,
      before: [submissionRateLimit(options.rateLimit, options.limits, 'design-colours')],
    },
    answerColours,
  );
  return router;
}
