import { ARTWORK_FIELD } from './artwork.ts';
import { DESIGN_FIELD } from './design-field-name.ts';
import { REORDER_FIELD, SIZES_FIELD, ZIP_FIELD } from './quote-fields.ts';

/**
 * What the quote form calls its fields, in one place: the form's error summary names a field with it,
 * and a request's details (the customer's page and the desk) label what was sent with it, so "ZIP code"
 * on the form is "ZIP code" wherever the request is read afterwards.
 */
export const quoteLabels: Readonly<Record<string, string>> = {
  name: 'Your name',
  company: 'Company or team',
  email: 'E-mail',
  phone: 'Phone',
  service: 'Service',
  garment: 'Garment',
  garmentStyle: 'Garment type, brand or style',
  garmentColor: 'Garment color',
  darkGarment: 'Dark garment',
  artSetup: 'Artwork needs preparing',
  repeatDesign: 'Design embroidered before',
  [SIZES_FIELD]: 'Quantities',
  locations: 'Print locations',
  inHands: 'In-hands date',
  delivery: 'Pickup or delivery',
  address: 'Delivery address',
  [ZIP_FIELD]: 'ZIP code',
  [ARTWORK_FIELD]: 'Artwork',
  comments: 'Comments',
  [REORDER_FIELD]: 'Reorder of',
  [DESIGN_FIELD]: 'Studio design',
};

/** The parts of one print location row, as the form labels them. */
export const locationLabels = {
  placement: 'Placement',
  colors: 'Ink colors',
  area: 'Print size',
  stitches: 'Stitch count',
} as const;
