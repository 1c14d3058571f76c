import { estimate, type PriceFiles } from '../pricing/estimate.ts';
import { optionsFromQuery } from '../pricing/query.ts';
import type { EstimateOptions, EstimateResult, PriceFile, SizeCounts } from '../pricing/types.ts';
import { isServiceId, type ServiceId, serviceIds } from '../service-ids.ts';
import { z } from '../zod.ts';
import { emailField, nameField, optionalText, phoneField } from './common-fields.ts';
import type { FormValues } from './form-values.ts';

/**
 * The quote request on /pricing (issue 5). The form is flat (one input, one name) so it posts the same
 * way with or without JavaScript; this schema turns those pairs into a structured request, and the same
 * schema runs in the browser (before sending) and on the server (before storing).
 */

export const quoteSizes = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL'] as const;
export type QuoteSize = (typeof quoteSizes)[number];
export const sizeField = (size: QuoteSize) => `qty${size}`;
/** Where quantity errors that concern all sizes at once are reported. */
export const SIZES_FIELD = 'sizes';
export const MAX_PIECES = 50_000;

export const MAX_LOCATIONS = 4;
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
export type Placement = keyof typeof placements;
/** What each row starts with when nothing else says: the usual order of a shirt's print locations. */
export const defaultPlacements: readonly Placement[] = ['front', 'back', 'left-sleeve', 'right-sleeve'];

/** Field names of print location n (1-based). */
export const locationFields = (n: number) => ({
  placement: `loc${n}`,
  colors: `loc${n}Colors`,
  area: `loc${n}Area`,
  stitches: `loc${n}Stitches`,
});

/** Garment choices besides the service's own blanks. */
export const OWN_GARMENT = 'own';
export const OTHER_GARMENT = 'other';

export const deliveryMethods = { pickup: 'I will pick up the order', delivery: 'Deliver it to me (free locally)' };
export type DeliveryMethod = keyof typeof deliveryMethods;

export interface QuoteLocation {
  placement: Placement;
  /** Ink colours (screen printing). */
  colors?: number;
  /** Print area id (direct to garment; approximate size for screen printing). */
  area?: string;
  /** Stitch count (embroidery). */
  stitches?: number;
}

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
  comments?: string;
}

/** The print sizes offered for screen printing and direct to garment come from the DTG price file. */
function areaIds(prices: PriceFiles): string[] {
  return prices['direct-to-garment'].printAreas.map((area) => area.id);
}

function maxLocations(prices: PriceFile): number {
  return Math.min(prices.maxLocations, MAX_LOCATIONS);
}

/** "" -> 0, "12" -> 12, anything else -> NaN (reported, never guessed). */
function count(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return 0;
  return /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
}

function isChecked(value: string | undefined): boolean {
  return value === 'on' || value === '1' || value === 'true';
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today as YYYY-MM-DD on the machine running this; the browser and the server agree within a day. */
function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isRealDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

const plainFields = z.object({
  name: nameField,
  company: optionalText(100),
  email: emailField,
  phone: phoneField,
  garmentStyle: optionalText(120),
  garmentColor: optionalText(60),
  address: optionalText(300),
  comments: optionalText(2000),
});

export interface QuoteSchemaOptions {
  /** The clock, for the in-hands date; tests pass their own. */
  now?: () => Date;
}

/**
 * The schema of a quote request for these price files: garments, locations, colours and print sizes
 * are checked against what the shop really offers.
 */
export function createQuoteSchema(prices: PriceFiles, options: QuoteSchemaOptions = {}) {
  const now = options.now ?? (() => new Date());
  return z.record(z.string(), z.string()).transform((values: FormValues, ctx): QuoteRequest => {
    const fail = (field: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [field], message, input: values[field] });
    };

    const plain = plainFields.safeParse(values);
    if (!plain.success) {
      for (const issue of plain.error.issues) fail(String(issue.path[0]), issue.message);
    }

    const serviceValue = values.service ?? '';
    const service = isServiceId(serviceValue) ? serviceValue : undefined;
    if (!service) fail('service', 'Choose a service.');
    const file = service ? prices[service] : undefined;

    const garment = values.garment?.trim() ?? '';
    const garmentIds = file?.garments.map((item) => item.id) ?? [];
    if (file && ![...garmentIds, OWN_GARMENT, OTHER_GARMENT].includes(garment)) {
      fail('garment', 'Choose a garment, or tell us you bring your own.');
    }
    if (garment === OTHER_GARMENT && !values.garmentStyle?.trim()) {
      fail('garmentStyle', 'Tell us the garment type, or its brand and style.');
    }
    if (garment !== OWN_GARMENT && !values.garmentColor?.trim()) {
      fail('garmentColor', 'Tell us the garment color.');
    }

    const sizes = Object.fromEntries(quoteSizes.map((size) => [size, count(values[sizeField(size)])])) as Record<
      QuoteSize,
      number
    >;
    for (const size of quoteSizes) {
      if (!Number.isFinite(sizes[size]))
        fail(sizeField(size), `Enter a whole number of ${size} pieces, or leave it empty.`);
    }
    const quantity = quoteSizes.reduce((sum, size) => sum + sizes[size], 0);
    if (Number.isFinite(quantity) && quantity === 0)
      fail(SIZES_FIELD, 'Enter how many pieces you need of at least one size.');
    if (quantity > MAX_PIECES) {
      fail(SIZES_FIELD, `For more than ${MAX_PIECES.toLocaleString('en-US')} pieces, call us: we quote those by hand.`);
    }

    const locations: QuoteLocation[] = [];
    for (let n = 1; n <= MAX_LOCATIONS; n += 1) {
      const names = locationFields(n);
      const placement = values[names.placement]?.trim() ?? '';
      if (placement === '') {
        if (n === 1) fail(names.placement, 'Choose where the print goes.');
        continue;
      }
      // Own keys only: "constructor" or "toString" are not placements.
      if (!Object.hasOwn(placements, placement)) {
        fail(names.placement, 'Choose a placement from the list.');
        continue;
      }
      if (file && n > maxLocations(file)) {
        fail(names.placement, `We decorate at most ${maxLocations(file)} locations per piece for this service.`);
        continue;
      }
      const location: QuoteLocation = { placement: placement as Placement };
      const area = values[names.area]?.trim() ?? '';
      if (area !== '' && !areaIds(prices).includes(area)) fail(names.area, 'Choose a print size from the list.');
      else if (area !== '') location.area = area;
      if (file?.service === 'screen-printing') {
        const colors = count(values[names.colors]);
        if (!(colors >= 1 && colors <= file.maxColors)) {
          fail(names.colors, `Choose from 1 to ${file.maxColors} ink colors.`);
        } else location.colors = colors;
      }
      if (file?.service === 'direct-to-garment' && area === '') fail(names.area, 'Choose the approximate print size.');
      if (file?.service === 'embroidery') {
        const stitches = count(values[names.stitches]?.replace(/,/g, ''));
        if (!(stitches >= 1 && stitches <= 100_000)) {
          fail(names.stitches, 'Enter the approximate stitch count, such as 5000 (ask us if you do not know).');
        } else location.stitches = stitches;
      }
      locations.push(location);
    }

    const inHands = values.inHands?.trim() ?? '';
    if (inHands !== '') {
      if (!isRealDate(inHands)) fail('inHands', 'Enter the date as YYYY-MM-DD, or leave it empty.');
      // One day of slack: the visitor's today may still be the server's yesterday.
      else if (inHands < dayBefore(localToday(now()))) fail('inHands', 'Choose a date from today on.');
    }

    const delivery = values.delivery ?? '';
    if (!Object.hasOwn(deliveryMethods, delivery)) fail('delivery', 'Choose pickup or delivery.');
    if (delivery === 'delivery' && !values.address?.trim()) fail('address', 'Tell us where to deliver.');

    if (!plain.success || !service) return z.NEVER;
    const request: QuoteRequest = {
      ...plain.data,
      service,
      garment,
      darkGarment: isChecked(values.darkGarment),
      artSetup: service === 'direct-to-garment' && isChecked(values.artSetup),
      repeatDesign: service === 'embroidery' && isChecked(values.repeatDesign),
      sizes,
      quantity,
      locations,
      delivery: delivery as DeliveryMethod,
    };
    if (inHands !== '') request.inHands = inHands;
    if (delivery !== 'delivery') delete request.address;
    return request;
  });
}

export type QuoteSchema = ReturnType<typeof createQuoteSchema>;

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
  const base = { quantity, garment, sizes: upchargedSizes(sizes), darkGarment: isChecked(values.darkGarment) };
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
        service: file.service,
        quantity,
        garment,
        sizes: base.sizes,
        stitches: rows.map((names) => count(values[names.stitches]?.replace(/,/g, ''))),
        newDesign: !isChecked(values.repeatDesign),
      };
  }
}

export function quoteEstimate(values: FormValues, prices: PriceFiles): EstimateResult | undefined {
  const options = quoteEstimateOptions(values, prices);
  return options ? estimate(prices[options.service], options) : undefined;
}

/**
 * The form's starting values for a calculator's link (/pricing?service=...&q=...): the same service,
 * garment, locations and sizes, so an estimate is never retyped. Pieces in standard sizes are put on M,
 * and the form says so, since the calculator does not split them.
 */
export function quotePrefill(params: URLSearchParams, prices: PriceFiles): FormValues {
  const service = params.get('service') ?? '';
  const values: FormValues = { service: isServiceId(service) ? service : serviceIds[0], delivery: 'pickup' };
  for (let n = 1; n <= MAX_LOCATIONS; n += 1) values[locationFields(n).placement] = n === 1 ? 'front' : '';
  if (!isServiceId(service) || !params.has('q')) {
    values.garment = prices[values.service as ServiceId].garments[0]?.id ?? OWN_GARMENT;
    values[locationFields(1).colors] = '1';
    return values;
  }
  const options = optionsFromQuery(prices[service], params);
  values.garment = options.garment;
  if ('darkGarment' in options && options.darkGarment) values.darkGarment = 'on';
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
        : options.stitches;
  perLocation.slice(0, MAX_LOCATIONS).forEach((value, index) => {
    const names = locationFields(index + 1);
    values[names.placement] = defaultPlacements[index] ?? 'other';
    const field =
      options.service === 'screen-printing'
        ? names.colors
        : options.service === 'direct-to-garment'
          ? names.area
          : names.stitches;
    values[field] = Number.isNaN(value) ? '' : String(value);
  });
  return values;
}
