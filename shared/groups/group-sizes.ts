import { quoteSizes, sizeField } from '#shared/submissions/quote-fields.ts';

/**
 * The sizes a group's members choose from: one place, so the garment catalogue's own sizes (and their
 * upcharges) replace the quote form's list with one change.
 */
export function groupSizes(_garment: string): readonly string[] {
  return quoteSizes;
}

/** The extra each size costs per piece, in cents, when the garment has one (none known yet). */
export function sizeUpcharges(_garment: string): Record<string, number> {
  return {};
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
  return fields;
}

/** One line of the per-piece list: "M: ALEX 7", "L" when no name or number was asked. */
export function rosterLine(entry: { size: string; backName: string; backNumber: string }): string {
  const back = [entry.backName, entry.backNumber].filter(Boolean).join(' ');
  return back ? `${entry.size}: ${back}` : entry.size;
}

/** A plain adult tee's measurements, shown beside the sizes until the garment catalogue gives its own. */
export function sizeChart(_garment: string): { size: string; chest: string; length: string }[] {
  const chest = [31, 34, 38, 42, 46, 50, 54, 58, 62];
  const length = [27, 28, 29, 30, 31, 32, 33, 34, 35];
  return quoteSizes.map((size, index) => ({
    size,
    chest: `${chest[index] ?? ''} in`,
    length: `${length[index] ?? ''} in`,
  }));
}
