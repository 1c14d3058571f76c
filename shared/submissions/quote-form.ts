import { colorNamed } from '#shared/garments/catalogue.ts';
import { MIN_PRINT_INCHES } from '#shared/garments/placement-geometry.ts';
import { zipOf } from '#shared/pricing/delivery.ts';
import type { PriceFiles } from '#shared/pricing/estimate.ts';
import { MIN_LOGO_WIDTH_INCHES, parseInches, stitchesForWidth } from '#shared/pricing/stitch-estimate.ts';
import type { Garment } from '#shared/pricing/types.ts';
import { isServiceId } from '#shared/service-ids.ts';
import { z } from '#shared/zod.ts';
import { emailField, nameField, optionalLineText, optionalText, phoneField } from './common-fields.ts';
import type { FormValues } from './form-values.ts';
import {
  areaIds,
  catalogueGarment,
  count,
  type DeliveryMethod,
  dayBefore,
  deliveryMethods,
  isChecked,
  isDarkOrder,
  isRealDate,
  localToday,
  locationFields,
  MAX_LOCATIONS,
  MAX_PIECES,
  maxLocations,
  OTHER_GARMENT,
  OWN_GARMENT,
  type Placement,
  placements,
  type QuoteLocation,
  type QuoteRequest,
  type QuoteSize,
  quoteSizes,
  SIZES_FIELD,
  sizeField,
  ZIP_FIELD,
} from './quote-fields.ts';

/**
 * The quote request on /pricing. The form is flat (one input, one name) so it posts the same way with or
 * without JavaScript; this schema turns those pairs into a structured request, and the same schema runs in
 * the browser (before sending) and on the server (before storing).
 */

/**
 * The widest logo a request may describe: a full back. Wider than the price list goes (those are quoted
 * by hand), but a width past this is a typing mistake.
 */
const MAX_LOGO_WIDTH_INCHES = 16;

const plainFields = z.object({
  name: nameField,
  company: optionalLineText(100),
  email: emailField,
  phone: phoneField,
  garmentStyle: optionalLineText(120),
  garmentColor: optionalLineText(60),
  address: optionalText(300),
  comments: optionalText(2000),
});

/**
 * A location's artwork placement as posted, or what refuses it (its width, or its position). Checked against the print area's largest size here; against the artwork's
 * proportions when the server renders the mockup (server/mockups/).
 */
function artPlacement(
  values: FormValues,
  names: ReturnType<typeof locationFields>,
  garment: Garment | undefined,
  placement: Placement,
  embroidered: boolean,
): QuoteLocation['art'] | { problem: 'width' | 'position'; message: string } | undefined {
  const limit = garment?.printAreas?.find((area) => area.placement === placement);
  let widthText = values[names.artWidth]?.trim() ?? '';
  if (embroidered) {
    // An embroidered logo's width is its artwork's, whatever else is posted: the one width is priced and
    // drawn. Shown when it fits the area, else placed by the shop.
    const logo = parseInches(values[names.width]);
    widthText = limit && logo >= MIN_PRINT_INCHES && logo <= limit.widthInches ? String(logo) : '';
  }
  if (widthText === '') return undefined;
  if (!garment || !limit)
    return {
      problem: 'width',
      message:
        'This garment has no print area here that we can show: leave the width empty and we will place the artwork for you.',
    };
  const width = parseInches(widthText);
  if (!(width >= MIN_PRINT_INCHES && width <= limit.widthInches))
    return {
      problem: 'width',
      message: `Enter a width from ${MIN_PRINT_INCHES} to ${limit.widthInches} in: the largest print here is ${limit.widthInches} × ${limit.heightInches} in.`,
    };
  const offset = (name: string) => {
    const text = values[name]?.trim() ?? '';
    return text === '' ? undefined : /^\d{1,2}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
  };
  const x = offset(names.artX);
  const y = offset(names.artY);
  if (
    Number.isNaN(x) ||
    Number.isNaN(y) ||
    (x ?? 0) + width > limit.widthInches + 0.01 ||
    (y ?? 0) > limit.heightInches
  )
    return {
      problem: 'position',
      message: 'The artwork must sit inside the print area: move it back in, or clear its position to center it.',
    };
  return { widthInches: width, ...(x !== undefined ? { xInches: x } : {}), ...(y !== undefined ? { yInches: y } : {}) };
}

/** Lets tests fix the clock that the in-hands date is checked against. */
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
    const catalogued = file ? catalogueGarment(file, garment) : undefined;
    if (garment !== OWN_GARMENT && !values.garmentColor?.trim()) {
      fail('garmentColor', catalogued ? 'Choose the garment color.' : 'Tell us the garment color.');
    } else if (catalogued && !colorNamed(catalogued, values.garmentColor)) {
      fail('garmentColor', `Choose one of the colors the ${catalogued.name} comes in.`);
    }

    const sizes = Object.fromEntries(quoteSizes.map((size) => [size, count(values[sizeField(size)])])) as Record<
      QuoteSize,
      number
    >;
    for (const size of quoteSizes) {
      if (!Number.isFinite(sizes[size]))
        fail(sizeField(size), `Enter a whole number of ${size} pieces, or leave it empty.`);
    }
    const offered = catalogued?.sizes ?? [];
    for (const size of quoteSizes) {
      // A one-size garment (a cap) lists none: its pieces count in whichever row they were typed.
      if (offered.length > 0 && sizes[size] > 0 && !(offered as readonly string[]).includes(size))
        fail(sizeField(size), `The ${catalogued?.name} does not come in ${size}: choose another size or garment.`);
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
        const width = values[names.width]?.trim() ?? '';
        const stitchText = values[names.stitches]?.trim() ?? '';
        if (width === '' && stitchText !== '') {
          // A stitch count without a width: a reorder of a request made before the form asked for widths.
          const stitches = count(stitchText.replace(/,/g, ''));
          if (!(stitches >= 1 && stitches <= 100_000)) {
            fail(names.stitches, 'Enter the approximate stitch count, such as 5000 (ask us if you do not know).');
          } else location.stitches = stitches;
        } else {
          const inches = parseInches(width);
          if (!(inches >= MIN_LOGO_WIDTH_INCHES && inches <= MAX_LOGO_WIDTH_INCHES)) {
            fail(
              names.width,
              `Enter the logo's width in inches, such as ${file.stitchEstimate.typicalWidthInches} (a good guess will do).`,
            );
          } else {
            location.widthInches = inches;
            location.stitches = stitchesForWidth(file.stitchEstimate, inches);
          }
        }
      }
      const art = artPlacement(values, names, catalogued, location.placement, file?.service === 'embroidery');
      if (art && 'problem' in art) fail(art.problem === 'position' ? names.artX : names.artWidth, art.message);
      else if (art) location.art = art;
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
    // The ZIP code decides between free local delivery and shipping, so it is asked for on its own.
    const zip = zipOf(values[ZIP_FIELD] ?? '');
    if (delivery === 'delivery' && !values[ZIP_FIELD]?.trim()) fail(ZIP_FIELD, 'Enter the ZIP code to deliver to.');
    else if (delivery === 'delivery' && zip === null) fail(ZIP_FIELD, 'Enter a five-digit ZIP code, such as 62704.');

    if (!plain.success || !service) return z.NEVER;
    const request: QuoteRequest = {
      ...plain.data,
      service,
      garment,
      darkGarment: file ? isDarkOrder(values, file) : false,
      artSetup: service === 'direct-to-garment' && isChecked(values.artSetup),
      repeatDesign: service === 'embroidery' && isChecked(values.repeatDesign),
      sizes,
      quantity,
      locations,
      delivery: delivery as DeliveryMethod,
    };
    if (inHands !== '') request.inHands = inHands;
    if (delivery === 'delivery' && zip !== null) request.zip = zip;
    if (delivery !== 'delivery') delete request.address;
    return request;
  });
}

/** A schema made by createQuoteSchema; the browser keeps one per set of price files (client/forms/schema-checks.ts). */
export type QuoteSchema = ReturnType<typeof createQuoteSchema>;
