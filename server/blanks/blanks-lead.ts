import { garmentSizes } from '#shared/garments/catalogue.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { sizeField } from '#shared/submissions/quote-fields.ts';
import type { StockReader } from './stock-reader.ts';

/** The pieces per size a quote's form asks for. */
export function needOf(values: FormValues): Record<string, number> {
  return Object.fromEntries(
    garmentSizes.flatMap((size) => {
      const text = values[sizeField(size)]?.trim() ?? '';
      return /^\d{1,7}$/.test(text) && Number(text) > 0 ? [[size, Number(text)]] : [];
    }),
  );
}

/**
 * The business days a quote's blanks take to reach the shop, for the planner's dates: undefined when
 * nothing is known of them (a garment the customer brings, one not bought from an imported supplier),
 * 'short' when the supplier's stock cannot cover them, so no date is promised on it.
 */
export function blanksLeadOf(readStock: StockReader) {
  return async (values: FormValues): Promise<number | 'short' | undefined> => {
    const garment = values.garment ?? '';
    const colour = values.garmentColor ?? '';
    if (garment === '' || colour === '') return undefined;
    const outcome = await readStock(garment, colour, needOf(values));
    if (!outcome.ok) return undefined;
    return outcome.reading.leadDays ?? 'short';
  };
}
