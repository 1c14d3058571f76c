import { ARTWORK_FIELD } from '#shared/submissions/artwork.ts';
import { type QuoteSize, quoteSizes, SIZES_FIELD, sizeField } from '#shared/submissions/quote-fields.ts';

/** How the quote form names its fields to the visitor: labels in the error summary. */
const fixed: Record<string, string> = {
  name: 'Your name',
  company: 'Company',
  email: 'E-mail',
  phone: 'Phone',
  service: 'Service',
  garment: 'Garment',
  garmentStyle: 'Garment type, brand or style',
  garmentColor: 'Garment color',
  darkGarment: 'Dark garment',
  artSetup: 'Artwork preparation',
  repeatDesign: 'Design embroidered before',
  [SIZES_FIELD]: 'Quantities',
  inHands: 'In-hands date',
  delivery: 'Pickup or delivery',
  address: 'Delivery address',
  zip: 'ZIP code',
  [ARTWORK_FIELD]: 'Artwork',
  comments: 'Comments',
};

const locationParts: Record<string, string> = {
  '': 'placement',
  Colors: 'ink colors',
  Area: 'print size',
  Stitches: 'stitch count',
};

const sizeByField = new Map<string, QuoteSize>(quoteSizes.map((size) => [sizeField(size), size]));

export function quoteFieldLabel(name: string): string {
  const known = fixed[name];
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
