import type { CatalogueGarment, GarmentSize } from '#shared/garments/catalogue.ts';

/** The standard sizes, whose price is the garment's blank price; larger sizes add an upcharge to it. */
const STANDARD_SIZES: readonly string[] = ['XS', 'S', 'M', 'L', 'XL'];
const UPCHARGED: { size: '2XL' | '3XL' | '4XL+'; reads: GarmentSize }[] = [
  { size: '2XL', reads: '2XL' },
  { size: '3XL', reads: '3XL' },
  { size: '4XL+', reads: '4XL' },
];

/** Cents marked up and rounded up to the nickel: a customer's price never ends in odd cents. */
function markedUp(cents: number, markupPercent: number): number {
  return Math.ceil((cents * (1 + markupPercent / 100)) / 5) * 5;
}

/** The price most SKUs of these sizes carry (colours can differ: a heather may cost more); the lower on a tie. */
function commonPrice(rows: readonly { size: string; cents: number }[], sizes: readonly string[]): number | undefined {
  const counts = new Map<number, number>();
  for (const row of rows) if (sizes.includes(row.size)) counts.set(row.cents, (counts.get(row.cents) ?? 0) + 1);
  let best: [number, number] | undefined;
  for (const [cents, count] of counts)
    if (!best || count > best[1] || (count === best[1] && cents < best[0])) best = [cents, count];
  return best?.[0];
}

/**
 * The catalogue's blank price and larger-size upcharges as the supplier's import prices them: the import's
 * common price of the standard sizes with the shop's markup, and each larger size's difference from it,
 * marked up the same (never below zero). Undefined when the import has no standard size of the style.
 */
export function importedGarmentPrices(
  rows: readonly { size: string; cents: number }[],
  markupPercent: number,
): { cents: number; sizeUpcharges: { size: '2XL' | '3XL' | '4XL+'; cents: number }[] } | undefined {
  const base = commonPrice(rows, STANDARD_SIZES);
  if (base === undefined) return undefined;
  const sizeUpcharges = UPCHARGED.flatMap(({ size, reads }) => {
    const price = commonPrice(rows, [reads]);
    return price === undefined ? [] : [{ size, cents: markedUp(Math.max(0, price - base), markupPercent) }];
  });
  return { cents: markedUp(base, markupPercent), sizeUpcharges };
}

/** A garment's prices as the import makes them, by catalogue garment id. */
export type ImportedPrices = ReadonlyMap<string, NonNullable<ReturnType<typeof importedGarmentPrices>>>;

/**
 * The catalogue with each garment the import prices carrying the import's blank price and upcharges; the
 * rest as written. A larger size the import does not list keeps the catalogue's upcharge.
 */
export function withImportedPrices<T extends { garments: CatalogueGarment[] }>(
  catalogue: T,
  prices: ImportedPrices,
): T {
  return {
    ...catalogue,
    garments: catalogue.garments.map((garment) => {
      const imported = prices.get(garment.id);
      if (!imported) return garment;
      return {
        ...garment,
        cents: imported.cents,
        sizeUpcharges: garment.sizeUpcharges.map(
          (upcharge) => imported.sizeUpcharges.find((item) => item.size === upcharge.size) ?? upcharge,
        ),
      };
    }),
  };
}
