import { colorNamed, isDarkColor } from '#shared/garments/catalogue.ts';
import { estimate, orderContext, type PriceFiles, type PricingData } from '#shared/pricing/estimate.ts';
import { optionsFromQuery } from '#shared/pricing/query.ts';
import { parseInches, stitchesForWidth } from '#shared/pricing/stitch-estimate.ts';
import type {
  EmbroideryPrices,
  EstimateOptions,
  EstimateResult,
  Garment,
  PriceFile,
  SizeCounts,
} from '#shared/pricing/types.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import { isServiceId, type ServiceId, serviceIds } from '#shared/service-ids.ts';
import { DESIGN_FIELD } from './design-field-name.ts';
import type { FormValues } from './form-values.ts';

/**
 * The quote request's fields: names, choices, and the estimate and prefill they give. No zod here, so the
 * form renders and prices without loading the validator; the schema (quote-form.ts) builds on these names.
 */
export const quoteSizes = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL'] as const;
/** A garment size the form asks a quantity for; 4XL and 5XL are both priced as 4XL+. */
export type QuoteSize = (typeof quoteSizes)[number];
/** The field holding the number of pieces wanted in a size, such as qtyXL. */
export const sizeField = (size: QuoteSize) => `qty${size}`;
/** Where quantity errors that concern all sizes at once are reported. */
export const SIZES_FIELD = 'sizes';
/** The most pieces one request may ask for; larger orders are quoted by hand. */
export const MAX_PIECES = 50_000;

/** Print location rows on the form; a service's price file may allow fewer (maxLocations). */
export const MAX_LOCATIONS = 4;
/** Where a print can go: the value posted, and the label the form shows. */
export const placements = {
  front: 'Front',
  back: 'Back',
  'left-chest': 'Left chest',
  'right-chest': 'Right chest',
  'left-sleeve': 'Left sleeve',
  'right-sleeve': 'Right sleeve',
  'back-neck': 'Back of the neck',
  'cap-front': 'Cap front',
  other: 'Somewhere else (tell us in the comments)',
} as const;
/** A placement's value, as posted in loc<n>. */
export type Placement = keyof typeof placements;
/** What each row starts with when nothing else says: the usual order of a shirt's print locations. */
export const defaultPlacements: readonly Placement[] = ['front', 'back', 'left-sleeve', 'right-sleeve'];

/** Field names of print location n (1-based). */
export const locationFields = (n: number) => ({
  placement: `loc${n}`,
  colors: `loc${n}Colors`,
  area: `loc${n}Area`,
  /** Embroidery: the logo's width in inches, which the form asks for. */
  width: `loc${n}Width`,
  /** Embroidery: a stitch count, as requests made before the form asked for widths carry it (a reorder of one). */
  stitches: `loc${n}Stitches`,
  /** The artwork's placement for the mockup: its width, and its offset in the print area, in inches. */
  artWidth: `loc${n}ArtWidth`,
  artX: `loc${n}ArtX`,
  artY: `loc${n}ArtY`,
});

/** Garment choices besides the service's own blanks. */
export const OWN_GARMENT = 'own';
/** A garment the shop does not list: the visitor names it in garmentStyle, and it is priced separately. */
export const OTHER_GARMENT = 'other';

/** How the order reaches the visitor: the value posted, and the label the form shows. */
export const deliveryMethods = {
  pickup: 'I will pick up the order',
  delivery: 'Deliver or ship it to me (free locally)',
};
/** The field of the ZIP code a delivery goes to: it decides between free local delivery and shipping. */
export const ZIP_FIELD = 'zip';
/**
 * The reference of the finished order a quote request repeats ("order again" on the customer's page):
 * screens, digitizing and art set-up on file are not charged again. The browser only shows it; the
 * server checks the reference before it prices anything (server/submissions/reorder-check.ts).
 */
export const REORDER_FIELD = 'reorderOf';
/**
 * Not a field of the form: set to "on" where the request carries artwork files (by the server from the
 * upload, by the browser from the files chosen). A reorder with new artwork needs new screens or
 * digitizing, so its set-up is charged after all.
 */
export const NEW_ARTWORK_KEY = 'newArtwork';
/** A delivery method's value, as posted in delivery; "delivery" needs an address. */
export type DeliveryMethod = keyof typeof deliveryMethods;

/** One print location of a validated request: colours and stitches only for the service priced by them. */
export interface QuoteLocation {
  placement: Placement;
  /** Ink colours (screen printing). */
  colors?: number;
  /** Print area id (direct to garment; approximate size for screen printing). */
  area?: string;
  /** Stitch count (embroidery): as given, or estimated from the logo's width. */
  stitches?: number;
  /** The logo's width in inches (embroidery), when given: `stitches` is then its estimate. */
  widthInches?: number;
  /**
   * Where the artwork goes on a catalogue garment, for the mockup: its width, and its top-left corner's
   * offset in the print area, in inches (x and y absent: centred at the top). Checked against the
   * artwork's proportions when the server renders the mockup.
   */
  art?: { widthInches: number; xInches?: number; yInches?: number };
}

/** A quote request as createQuoteSchema outputs it: blanks dropped, sizes counted, locations structured. */
export interface QuoteRequest {
  name: string;
  company?: string;
  email: string;
  phone: string;
  service: ServiceId;
  garment: string;
  garmentStyle?: string;
  garmentColor?: string;
  darkGarment: boolean;
  /** Direct to garment: the artwork is not print-ready, so we prepare it (a set-up fee). */
  artSetup: boolean;
  /** Embroidery: a design we have digitized before (no digitizing fee). */
  repeatDesign: boolean;
  sizes: Record<QuoteSize, number>;
  quantity: number;
  locations: QuoteLocation[];
  /** YYYY-MM-DD. */
  inHands?: string;
  delivery: DeliveryMethod;
  address?: string;
  /** Five digits, for a delivery. */
  zip?: string;
  comments?: string;
}

/** The print sizes offered for screen printing and direct to garment come from the DTG price file. */
export function areaIds(prices: PriceFiles): string[] {
  return prices['direct-to-garment'].printAreas.map((area) => area.id);
}

/** Location rows usable for a service: its price file's limit, capped at the form's MAX_LOCATIONS rows. */
export function maxLocations(prices: PriceFile): number {
  return Math.min(prices.maxLocations, MAX_LOCATIONS);
}

/** "" -> 0, "12" -> 12, anything else -> NaN (reported, never guessed). */
export function count(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return 0;
  return /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
}

/** Whether a posted checkbox value means ticked ('on', as browsers post it, or '1' or 'true'); absent means not. */
export function isChecked(value: string | undefined): boolean {
  return value === 'on' || value === '1' || value === 'true';
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today as YYYY-MM-DD on the machine running this; the browser and the server agree within a day. */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether a YYYY-MM-DD string names a day that exists (no 31 April, no 29 February outside leap years). */
export function isRealDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The YYYY-MM-DD date one calendar day before the given one; no time zone is involved. */
export function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The catalogue garment chosen, when it is one: it has colours, sizes and print areas. */
export function catalogueGarment(file: PriceFile, id: string | undefined): Garment | undefined {
  const garment = file.garments.find((item) => item.id === id);
  return garment?.colors ? garment : undefined;
}

/**
 * Whether the order is on a dark garment: for a catalogue garment the chosen colour decides (no colour
 * chosen yet: not dark); for the visitor's own or another garment, the box they ticked.
 */
export function isDarkOrder(values: FormValues, file: PriceFile): boolean {
  const garment = catalogueGarment(file, values.garment);
  if (!garment) return isChecked(values.darkGarment);
  const color = colorNamed(garment, values.garmentColor);
  return color ? isDarkColor(color.hex) : false;
}

function upchargedSizes(sizes: Record<QuoteSize, number>): SizeCounts {
  return { '2XL': sizes['2XL'], '3XL': sizes['3XL'], '4XL+': sizes['4XL'] + sizes['5XL'] };
}

/**
 * The calculator's options for what the form says so far: the live estimate beside the form, and the
 * figure in the shop's mail. It reads the raw values leniently (an unfinished form still has a price);
 * the engine reports what it cannot price.
 */
export function quoteEstimateOptions(values: FormValues, prices: PriceFiles): EstimateOptions | undefined {
  const service = values.service ?? '';
  if (!isServiceId(service)) return undefined;
  const file = prices[service];
  const sizes = Object.fromEntries(quoteSizes.map((size) => [size, count(values[sizeField(size)])])) as Record<
    QuoteSize,
    number
  >;
  const quantity = quoteSizes.reduce((sum, size) => sum + sizes[size], 0);
  const garmentIds = file.garments.map((item) => item.id);
  // A garment we do not stock is priced separately: the estimate covers the decoration only.
  const garment = garmentIds.includes(values.garment ?? '') ? (values.garment as string) : OWN_GARMENT;
  const rows = Array.from({ length: maxLocations(file) }, (_, index) => locationFields(index + 1)).filter(
    (names) => (values[names.placement]?.trim() ?? '') !== '',
  );
  const order = {
    inHands: values.inHands?.trim() ?? '',
    delivery:
      values.delivery === 'delivery'
        ? { method: 'delivery' as const, zip: values[ZIP_FIELD] ?? '' }
        : { method: 'pickup' as const },
    setupOnFile: (values[REORDER_FIELD]?.trim() ?? '') !== '' && values[NEW_ARTWORK_KEY] !== 'on',
  };
  const base = {
    ...order,
    quantity,
    garment,
    sizes: upchargedSizes(sizes),
    darkGarment: isDarkOrder(values, file),
  };
  switch (file.service) {
    case 'screen-printing':
      return { ...base, service: file.service, colors: rows.map((names) => count(values[names.colors])) };
    case 'direct-to-garment':
      return {
        ...base,
        service: file.service,
        areas: rows.map((names) => values[names.area] ?? ''),
        artSetup: isChecked(values.artSetup),
      };
    case 'embroidery':
      return {
        ...order,
        service: file.service,
        quantity,
        garment,
        sizes: base.sizes,
        ...embroideryDesigns(file, rows, values),
        newDesign: !isChecked(values.repeatDesign),
      };
  }
}

/**
 * The logos of an embroidery request: by width, as the form asks; or by stitch count where a location
 * has one and no width (a reorder of a request made before the form asked for widths), the others'
 * widths then turned into their stitch estimates.
 */
function embroideryDesigns(
  file: EmbroideryPrices,
  rows: ReturnType<typeof locationFields>[],
  values: FormValues,
): { stitches: number[]; widths?: number[] } {
  const widths = rows.map((names) => values[names.width]?.trim() ?? '');
  const stitches = rows.map((names) => values[names.stitches]?.replace(/,/g, '').trim() ?? '');
  if (!widths.some((width, index) => width === '' && stitches[index] !== '')) {
    return { stitches: [], widths: widths.map(parseInches) };
  }
  return {
    stitches: widths.map((width, index) =>
      width === '' ? count(stitches[index]) : stitchesForWidth(file.stitchEstimate, parseInches(width)),
    ),
  };
}

/**
 * The estimate for the form as it stands, date and delivery included, or undefined until a known
 * service is chosen. `now` is when the order would be approved from: the visitor's time in the form,
 * the request's arrival for the stored estimate, the desk's time for a quote written now.
 */
export function quoteEstimate(
  values: FormValues,
  site: PricingData,
  now: Date,
  load?: LoadDates,
): EstimateResult | undefined {
  const options = quoteEstimateOptions(values, site);
  return options ? estimate(site[options.service], options, orderContext(site, now, load)) : undefined;
}

/**
 * The form's starting values for a calculator's link (/pricing?service=...&q=...): the same service,
 * garment, locations and sizes, so an estimate is never retyped. Pieces in standard sizes are put on M,
 * and the form says so, since the calculator does not split them.
 */
export function quotePrefill(params: URLSearchParams, prices: PriceFiles): FormValues {
  const service = params.get('service') ?? '';
  const values: FormValues = { service: isServiceId(service) ? service : serviceIds[0], delivery: 'pickup' };
  // The date and the delivery carry over whatever else the link says.
  const inHands = params.get('by')?.trim() ?? '';
  if (inHands !== '') values.inHands = inHands;
  if (params.get('deliver') === '1') {
    values.delivery = 'delivery';
    values[ZIP_FIELD] = params.get(ZIP_FIELD)?.trim() ?? '';
  }
  for (let n = 1; n <= MAX_LOCATIONS; n += 1) values[locationFields(n).placement] = n === 1 ? 'front' : '';
  if (!isServiceId(service) || !params.has('q')) {
    values.garment = prices[values.service as ServiceId].garments[0]?.id ?? OWN_GARMENT;
    values[locationFields(1).colors] = '1';
    return values;
  }
  const options = optionsFromQuery(prices[service], params);
  values.garment = options.garment;
  if ('darkGarment' in options && options.darkGarment) values.darkGarment = 'on';
  if (options.color) values.garmentColor = options.color;
  if (options.service === 'direct-to-garment' && options.artSetup) values.artSetup = 'on';
  if (options.service === 'embroidery' && !options.newDesign) values.repeatDesign = 'on';
  const upcharged = {
    '2XL': options.sizes['2XL'] ?? 0,
    '3XL': options.sizes['3XL'] ?? 0,
    '4XL': options.sizes['4XL+'] ?? 0,
  };
  const standard = options.quantity - upcharged['2XL'] - upcharged['3XL'] - upcharged['4XL'];
  if (Number.isFinite(standard) && standard > 0) values[sizeField('M')] = String(standard);
  for (const [size, pieces] of Object.entries(upcharged)) {
    if (Number.isFinite(pieces) && pieces > 0) values[sizeField(size as QuoteSize)] = String(pieces);
  }
  const perLocation: (string | number)[] =
    options.service === 'screen-printing'
      ? options.colors
      : options.service === 'direct-to-garment'
        ? options.areas
        : (options.widths ?? options.stitches);
  perLocation.slice(0, MAX_LOCATIONS).forEach((value, index) => {
    const names = locationFields(index + 1);
    values[names.placement] = defaultPlacements[index] ?? 'other';
    const field =
      options.service === 'screen-printing'
        ? names.colors
        : options.service === 'direct-to-garment'
          ? names.area
          : options.widths
            ? names.width
            : names.stitches;
    values[field] = Number.isNaN(value) ? '' : String(value);
  });
  return values;
}

/** Every field the quote form posts, for keeping the form as it was sent (and nothing a client added). */
const quoteFieldNames: ReadonlySet<string> = new Set([
  'name',
  'company',
  'email',
  'phone',
  'service',
  'garment',
  'garmentStyle',
  'garmentColor',
  'darkGarment',
  'artSetup',
  'repeatDesign',
  'inHands',
  'delivery',
  'address',
  ZIP_FIELD,
  'comments',
  REORDER_FIELD,
  DESIGN_FIELD,
  ...quoteSizes.map(sizeField),
  ...Array.from({ length: MAX_LOCATIONS }, (_, index) => Object.values(locationFields(index + 1))).flat(),
]);

/** The quote form's own fields of a post, the empty ones left out: what the desk prices again and a reorder refills. */
export function quoteFormValues(values: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => quoteFieldNames.has(name) && value.trim() !== ''),
  );
}
