import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import { type ImportedPrices, importedGarmentPrices } from '#shared/blanks/imported-prices.ts';
import type { BlankStore } from './blank-store.ts';

/**
 * The catalogue's prices as the suppliers' imports in force make them, for the garments whose style in
 * data/blanks.json gives the shop's markup; a garment without one, or whose style was never imported, is
 * left out (the catalogue's own figures stand). Read at start: the site's data files are built from it.
 */
export async function importedCataloguePrices(
  blanks: Pick<BlankStore, 'styleStock'>,
  data: BlanksData,
): Promise<ImportedPrices> {
  const prices = new Map<string, NonNullable<ReturnType<typeof importedGarmentPrices>>>();
  for (const style of data.styles) {
    if (style.markupPercent === undefined) continue;
    const stock = await blanks.styleStock(style.supplier, style.style);
    const priced = stock && importedGarmentPrices(stock.rows, style.markupPercent);
    if (priced) prices.set(style.garment, priced);
  }
  return prices;
}
