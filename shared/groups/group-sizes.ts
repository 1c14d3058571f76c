import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import { quoteSizes, sizeField } from '#shared/submissions/quote-fields.ts';

/** A garment as the group pages read it from the catalogue (data/garments.json). */
type SizedGarment = Pick<CatalogueGarment, 'sizes' | 'sizeUpcharges'>;

/** What a one-size garment (a cap) offers: one choice, counted on M in the request's size rows. */
export const ONE_SIZE = 'One size';

/**
 * The sizes a group's members choose from: the catalogue garment's own, one size for a cap, and the
 * quote form's whole list for a garment the catalogue does not know (their own, or an older request).
 */
export function groupSizes(garment: SizedGarment | undefined): readonly string[] {
  if (!garment) return quoteSizes;
  return garment.sizes.length > 0 ? garment.sizes : [ONE_SIZE];
}

/** The order sizes are listed and packed in, whatever the garment: the quote form's, one size last. */
export const sizeOrder: readonly string[] = [...quoteSizes, ONE_SIZE];

/** The extra each size costs per piece, in cents, from the garment's upcharges (4XL+ is 4XL and 5XL). */
export function sizeUpcharges(garment: SizedGarment | undefined): Record<string, number> {
  const upcharges: Record<string, number> = {};
  for (const { size, cents } of garment?.sizeUpcharges ?? []) {
    for (const each of size === '4XL+' ? ['4XL', '5XL'] : [size]) upcharges[each] = cents;
  }
  return upcharges;
}

/** A roster's pieces per size, in the garment's size order; sizes nobody chose are 0. */
export function sizeTotals(
  sizes: readonly string[],
  entries: readonly { size: string; quantity: number }[],
): Record<string, number> {
  const totals: Record<string, number> = Object.fromEntries(sizes.map((size) => [size, 0]));
  for (const entry of entries) totals[entry.size] = (totals[entry.size] ?? 0) + entry.quantity;
  return totals;
}

/** The quote form's fields for those totals (qtyM…), so the desk's quote starts from the roster. */
export function sizeFieldsOf(totals: Record<string, number>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const size of quoteSizes) fields[sizeField(size)] = String(totals[size] ?? 0);
  // A cap's pieces go on M, as the form counts a one-size garment.
  if (totals[ONE_SIZE]) fields[sizeField('M')] = String((totals.M ?? 0) + totals[ONE_SIZE]);
  return fields;
}

/** One line of the per-piece list: "M: ALEX 7", "L" when no name or number was asked. */
export function rosterLine(entry: { size: string; backName: string; backNumber: string }): string {
  const back = [entry.backName, entry.backNumber].filter(Boolean).join(' ');
  return back ? `${entry.size}: ${back}` : entry.size;
}

/** A plain adult tee's measurements, shown beside the sizes until the garment catalogue gives its own. */
export function sizeChart(garment: SizedGarment | undefined): { size: string; chest: string; length: string }[] {
  const chest = [31, 34, 38, 42, 46, 50, 54, 58, 62];
  const length = [27, 28, 29, 30, 31, 32, 33, 34, 35];
  const offered = groupSizes(garment);
  return quoteSizes
    .map((size, index) => ({
      size,
      chest: `${chest[index] ?? ''} in`,
      length: `${length[index] ?? ''} in`,
    }))
    .filter((row) => offered.includes(row.size));
}

/**
 * Whether an entry counts toward the order: on the roster and not still waiting for its card payment.
 * The member's page says a place counts once paid, so the totals, the next price break and the close
 * all leave a waiting entry out until its payment comes.
 */
export function countsTowardOrder(entry: { removedAt: Date | null; payment: string }): boolean {
  return entry.removedAt === null && entry.payment !== 'pending';
}
