import { type QuoteSize, quoteSizes, SIZES_FIELD, sizeField } from '#shared/submissions/quote-fields.ts';
import { locationLabels, quoteLabels } from '#shared/submissions/quote-labels.ts';

/** How the quote form names its fields to the visitor in the error summary: the form's own labels. */

const locationParts: Record<string, string> = {
  '': locationLabels.placement.toLowerCase(),
  Colors: locationLabels.colors.toLowerCase(),
  Area: locationLabels.area.toLowerCase(),
  Stitches: locationLabels.stitches.toLowerCase(),
};

const sizeByField = new Map<string, QuoteSize>(quoteSizes.map((size) => [sizeField(size), size]));

export function quoteFieldLabel(name: string): string {
  const known = quoteLabels[name];
  if (known) return known;
  const size = sizeByField.get(name);
  if (size) return `Quantity in ${size}`;
  const location = /^loc(\d+)(Colors|Area|Stitches)?$/.exec(name);
  if (location) return `Print location ${location[1]}: ${locationParts[location[2] ?? ''] ?? 'details'}`;
  return name;
}

/** The sizes' error concerns the grid as a whole: the summary links to its first box. */
export function quoteFieldTarget(name: string): string {
  return name === SIZES_FIELD ? sizeField(quoteSizes[0]) : name;
}
