import { colorNamed, isDarkColor } from '#shared/garments/catalogue.ts';
import { parseInches } from './stitch-estimate.ts';
import type {
  DirectToGarmentPrices,
  EmbroideryPrices,
  EstimateOptions,
  PriceFile,
  ScreenPrintingPrices,
  SizeCounts,
  SizeUpcharge,
} from './types.ts';

/**
 * Calculator options <-> URL query. One mapping serves the form posted without JavaScript (GET), the
 * URL the calculator keeps in step, and the hand-off to the quote page, so an estimate is never retyped.
 * Field names are short because they are what a shared link shows: q (quantity), c1..c4 (colours per
 * location), a1..a4 (print areas), w1..w3 (embroidered logos' widths in inches), dark (a garment without
 * catalogue colours; a catalogue garment's color= decides instead), art, repeat (a
 * design we have embroidered for the customer before), garment, size counts, and the order's date and
 * delivery: by (in-hands date), deliver=1 and zip. Links made before the calculator asked for widths
 * carry stitch counts (s1..s3) and new=1 for a new design: stitch counts are still priced as such, and
 * a design counts as new unless the link says repeat=1.
 */

export const sizeParams: Record<SizeUpcharge['size'], string> = { '2XL': 'xxl', '3XL': 'xxxl', '4XL+': 'xxxxl' };

/** A whole number as typed, or NaN so the estimate reports it (never a silent default). */
function whole(value: string | null): number {
  if (value === null || value.trim() === '') return Number.NaN;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

function sizesFrom(params: URLSearchParams): SizeCounts {
  const sizes: SizeCounts = {};
  for (const [size, name] of Object.entries(sizeParams) as [SizeUpcharge['size'], string][]) {
    const value = params.get(name);
    if (value !== null && value.trim() !== '') sizes[size] = whole(value);
  }
  return sizes;
}

/** The first quantity break above the minimum: a typical first order, and a useful first estimate. */
export function defaultOptions(prices: PriceFile): EstimateOptions {
  const quantity = prices.breaks[1] ?? prices.minimumQuantity;
  const first = prices.garments[0];
  const garment = first?.id ?? 'own';
  // A catalogue garment starts in its first colour, so the picture and the price show one.
  const color = first?.colors?.[0]?.name;
  switch (prices.service) {
    case 'screen-printing':
      return {
        service: prices.service,
        quantity,
        colors: [1],
        darkGarment: darkFrom(prices, garment, color ?? '', new URLSearchParams()),
        garment,
        ...(color ? { color } : {}),
        sizes: {},
      };
    case 'direct-to-garment':
      return {
        service: prices.service,
        quantity,
        areas: [prices.printAreas[1]?.id ?? prices.printAreas[0]?.id ?? ''],
        darkGarment: darkFrom(prices, garment, color ?? '', new URLSearchParams()),
        garment,
        ...(color ? { color } : {}),
        artSetup: false,
        sizes: {},
      };
    case 'embroidery':
      return {
        service: prices.service,
        quantity,
        stitches: [],
        widths: [prices.stitchEstimate.typicalWidthInches],
        newDesign: true,
        garment,
        ...(color ? { color } : {}),
        sizes: {},
      };
  }
}

/** Whether a query gives embroidery by stitch counts (an older link) rather than by logo widths. */
function byStitches(params: URLSearchParams): boolean {
  return [...params.keys()].some((name) => /^s\d+$/.test(name));
}

/** Per-location values c1, c2, ...: empty or "0" ends nothing, it is simply no print at that location. */
function perLocation(params: URLSearchParams, prefix: string, max: number): string[] {
  const values: string[] = [];
  for (let index = 1; index <= max; index += 1) {
    const value = params.get(`${prefix}${index}`)?.trim() ?? '';
    if (value !== '' && value !== '0') values.push(value);
  }
  return values;
}

/**
 * A catalogue garment's colour decides whether it is dark (no colour named: not dark); for a garment the
 * visitor brings, or one listed without colours, the link's dark=1 does.
 */
function darkFrom(prices: PriceFile, garmentId: string, color: string, params: URLSearchParams): boolean {
  const garment = prices.garments.find((item) => item.id === garmentId);
  if (!garment?.colors) return params.get('dark') === '1';
  const chosen = colorNamed(garment, color);
  return chosen ? isDarkColor(chosen.hex) : false;
}

/** The options in a query, or the defaults when the query says nothing about them (no "q"). */
export function optionsFromQuery(prices: PriceFile, params: URLSearchParams): EstimateOptions {
  if (!params.has('q')) return defaultOptions(prices);
  const garment = params.get('garment') || (prices.garments[0]?.id ?? 'own');
  const color = params.get('color')?.trim() ?? '';
  const base = {
    ...(params.get('by')?.trim() ? { inHands: params.get('by')?.trim() } : {}),
    ...(color !== '' ? { color } : {}),
    ...(params.get('deliver') === '1'
      ? { delivery: { method: 'delivery' as const, zip: params.get('zip') ?? '' } }
      : {}),
    quantity: whole(params.get('q')),
    garment,
    sizes: sizesFrom(params),
  };
  const darkGarment = darkFrom(prices, garment, color, params);
  switch (prices.service) {
    case 'screen-printing':
      return {
        ...base,
        service: prices.service,
        colors: perLocation(params, 'c', (prices as ScreenPrintingPrices).maxLocations).map(whole),
        darkGarment,
      };
    case 'direct-to-garment':
      return {
        ...base,
        service: prices.service,
        areas: perLocation(params, 'a', (prices as DirectToGarmentPrices).maxLocations),
        darkGarment,
        artSetup: params.get('art') === '1',
      };
    case 'embroidery': {
      const { maxLocations } = prices as EmbroideryPrices;
      const designs = byStitches(params)
        ? { stitches: perLocation(params, 's', maxLocations).map((value) => whole(value.replace(/,/g, ''))) }
        : { stitches: [], widths: perLocation(params, 'w', maxLocations).map(parseInches) };
      return { ...base, service: prices.service, ...designs, newDesign: params.get('repeat') !== '1' };
    }
  }
}

/** The query for these options: stable order, nothing that is at its "off" value. */
export function queryFromOptions(options: EstimateOptions): URLSearchParams {
  const params = new URLSearchParams();
  params.set('q', Number.isFinite(options.quantity) ? String(options.quantity) : '');
  const list = (prefix: string, values: (string | number)[]) => {
    values.forEach((value, index) => {
      params.set(`${prefix}${index + 1}`, Number.isFinite(value) || typeof value === 'string' ? String(value) : '');
    });
  };
  switch (options.service) {
    case 'screen-printing':
      list('c', options.colors);
      if (options.darkGarment) params.set('dark', '1');
      break;
    case 'direct-to-garment':
      list('a', options.areas);
      if (options.darkGarment) params.set('dark', '1');
      if (options.artSetup) params.set('art', '1');
      break;
    case 'embroidery':
      if (options.widths) list('w', options.widths);
      else list('s', options.stitches);
      if (!options.newDesign) params.set('repeat', '1');
      break;
  }
  params.set('garment', options.garment);
  if (options.color) params.set('color', options.color);
  if (options.inHands) params.set('by', options.inHands);
  if (options.delivery?.method === 'delivery') {
    params.set('deliver', '1');
    params.set('zip', options.delivery.zip);
  }
  for (const [size, name] of Object.entries(sizeParams) as [SizeUpcharge['size'], string][]) {
    const count = options.sizes[size];
    if (count !== undefined && count !== 0) params.set(name, Number.isFinite(count) ? String(count) : '');
  }
  return params;
}
