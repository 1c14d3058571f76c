import type { PricingData } from '#shared/pricing/estimate.ts';
import { quoteEstimate, quoteSizes, sizeField } from '#shared/submissions/quote-fields.ts';

/**
 * The shop's price per piece of a store's product: the pricing engine's, for the request's own
 * decoration (service, locations, colours) on this garment, at the store's expected quantity, picked up
 * at the shop (delivery is the store's own choice, priced apart) and without a rush. Dark garments cost
 * more to print on some services: the dearest of the colours offered is taken, so the shop never sells
 * a colour below its price. Undefined when the engine cannot price the garment for that decoration.
 */
export function shopPriceCents(
  site: PricingData,
  formValues: Record<string, string>,
  product: { garment: string; colours: readonly string[] },
  expectedPieces: number,
  now: Date,
): number | undefined {
  const values: Record<string, string> = { ...formValues, garment: product.garment, delivery: 'pickup' };
  delete values.inHands;
  for (const size of quoteSizes) delete values[sizeField(size)];
  values[sizeField('M')] = String(expectedPieces);
  let dearest: number | undefined;
  for (const colour of product.colours) {
    const result = quoteEstimate({ ...values, garmentColor: colour }, site, now);
    if (!result?.ok) return undefined;
    dearest = Math.max(dearest ?? 0, result.estimate.perPieceCents);
  }
  return dearest;
}
