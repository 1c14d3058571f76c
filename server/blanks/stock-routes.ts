import { Router } from 'express';
import createHttpError from 'http-errors';
import { publicStockAnswer } from '#shared/blanks/stock-answer.ts';
import { garmentSizes } from '#shared/garments/catalogue.ts';
import { MAX_PIECES } from '#shared/submissions/quote-fields.ts';
import { z } from '#shared/zod.ts';
import type { StockReader } from './stock-reader.ts';

/** Where the quote form asks whether the supplier has the sizes (client/forms/use-blank-stock.ts). */
const STOCK_PATH = '/api/blanks/stock';

const count = z.coerce
  .number({ message: 'each size must be a whole number' })
  .int('each size must be a whole number')
  .min(0, 'a size must not be negative')
  .max(MAX_PIECES, `a size must be at most ${MAX_PIECES}`)
  .optional();

const stockQuery = z.object({
  garment: z.string().max(60, 'garment is too long').min(1, 'garment is required'),
  colour: z.string().max(60, 'colour is too long').min(1, 'colour is required'),
  ...Object.fromEntries(garmentSizes.map((size) => [size, count])),
});

/**
 * The quote form's stock line: per size, in stock, not in stock or N short, and the nearest colour that
 * has them all, with when the supplier's figures were taken. Never the supplier's figures, prices or
 * warehouses: the public answer is worded from publicStockAnswer alone. { known: false } when there is
 * nothing to say (a garment not bought from an imported supplier, or no size asked).
 */
export function stockRoutes(readStock: StockReader): Router {
  const router = Router();
  router.get(STOCK_PATH, async (req, res, next) => {
    const asked = stockQuery.safeParse(req.query);
    if (!asked.success) return next(createHttpError(400, asked.error.issues.map((issue) => issue.message).join('; ')));
    const { garment, colour, ...sizes } = asked.data;
    const need = Object.fromEntries(
      Object.entries(sizes).filter(([, value]) => typeof value === 'number' && value > 0),
    );
    const outcome = await readStock(garment, colour, need);
    res.set('Cache-Control', 'no-store');
    // Nothing known of this garment's blanks (not bought from a supplier whose file is imported): a plain
    // answer, not an error, since the form asks as the visitor types and a browser logs every error status.
    if (!outcome.ok) return res.json({ known: false });
    res.json(publicStockAnswer(outcome.reading.answer, outcome.reading.leadDays));
  });
  return router;
}
