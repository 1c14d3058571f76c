import { isCalendarDate } from '#shared/pricing/calendar-date.ts';
import { z } from '#shared/zod.ts';
import type { Capacity } from './production-load.ts';

/**
 * The shop's capacity as data/capacity.json gives its defaults and the desk stores its changes: pieces
 * per working day per service, and the dates the shop is closed besides the holidays of the order terms.
 */

/** The most pieces a day the desk takes: a typo of three zeros is refused, not planned with. */
const MAX_PIECES_PER_DAY = 100_000;

const piecesPerDay = z
  .number()
  .int('must be a whole number of pieces')
  .min(0, 'cannot be negative')
  .max(MAX_PIECES_PER_DAY, `must be at most ${MAX_PIECES_PER_DAY.toLocaleString('en-US')}`);

const closedDateSchema = z.object({
  date: z.string().refine(isCalendarDate, 'must be a real date written YYYY-MM-DD'),
  note: z.string().trim().max(200, 'must be at most 200 characters'),
});

export const capacitySchema: z.ZodType<Capacity> = z.object({
  perDay: z.object({
    'screen-printing': piecesPerDay,
    'direct-to-garment': piecesPerDay,
    embroidery: piecesPerDay,
  }),
  closedDates: z.array(closedDateSchema).max(366, 'at most 366 closed dates'),
});
