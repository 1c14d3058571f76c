import { engineTaxClass, salesTaxOf } from '#shared/books/sales-tax.ts';
import type { SalesTaxRules } from '#shared/books/sales-tax-rules.ts';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import { type LoadDates, withClosedDates } from '#shared/production/production-load.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import { businessDays } from './business-days.ts';
import { isCalendarDate } from './calendar-date.ts';
import { type DeliveryChoice, deliveryQuote } from './delivery.ts';
import type { OrderTerms } from './order-terms.ts';
import { isPast, type Schedule, scheduleFor } from './schedule.ts';
import { formatInches, MIN_LOGO_WIDTH_INCHES, stitchesForWidth, stitchWords } from './stitch-estimate.ts';
import { breakIndex, MAX_ORDER_QUANTITY, tierAt } from './tiers.ts';
import type {
  Cents,
  DirectToGarmentOptions,
  DirectToGarmentPrices,
  EmbroideryOptions,
  EmbroideryPrices,
  Estimate,
  EstimateOptions,
  EstimateResult,
  FieldError,
  LadderRow,
  LineItem,
  NextTier,
  PriceFile,
  ScreenPrintingOptions,
  ScreenPrintingPrices,
  SizeUpcharge,
} from './types.ts';

/**
 * The pricing engine: what an order costs, line by line, from a price file validated at start
 * (price-schemas.ts). Pure and isomorphic: the calculator runs it on every keystroke and the server
 * runs the same code for the page without JavaScript, so both always agree.
 *
 * Rules a person can rely on: every amount is whole cents; each line's total is its quantity times its
 * unit price; the total is the sum of the lines (garments, printing, set-up, rush, delivery); the
 * per-piece price is that total divided by the quantity, rounded to the nearest cent, and flagged when
 * it is not exact so the page calls it an average rather than a price to multiply. Garments the
 * customer brings ("own") carry no garment line and no size upcharge (those are the cost of our
 * blanks); the set-up of the print itself (screens, art set-up, digitizing) applies either way, except
 * on a reorder whose set-up is on file, where it shows at $0.00 so the customer sees it was not forgotten.
 *
 * With the order terms (data/order-terms.json) and the time, the in-hands date and the delivery are
 * priced too: a rush is a percentage of the printing and set-up lines (the work that is sped up; the
 * garments and the delivery cost the same either way), rounded to the nearest cent, and the delivery is
 * a line of its own, free for pickup and local ZIP codes.
 */

/** What the engine needs, besides a price file, to price the date and the delivery. */
export interface OrderContext {
  terms: OrderTerms;
  now: Date;
  /** The shop's production load: dates come from the capacity left, not business days alone. */
  load?: LoadDates;
  /** The shop's sales-tax rules and its ZIP code (a pickup's): the estimate then counts the tax line by line. */
  salesTax?: { rules: SalesTaxRules; shopZip: string };
}

/** The price files and the order terms: everything an estimate with a date and a delivery is made from. */
export interface PricingData extends PriceFiles {
  'order-terms': OrderTerms;
  /** The sales-tax rules and the shop's address (its ZIP code taxes a pickup): the estimate counts tax with both. */
  'sales-tax'?: SalesTaxRules;
  config?: { address: { postalCode: string } };
}

/** The engine's context for `site` at `now`: the terms, the load, and the tax rules where the site has them. */
export function orderContext(site: PricingData, now: Date, load?: LoadDates): OrderContext {
  const rules = site['sales-tax'];
  const shopZip = site.config?.address.postalCode;
  return {
    terms: site['order-terms'],
    now,
    ...(load ? { load } : {}),
    ...(rules && shopZip ? { salesTax: { rules, shopZip } } : {}),
  };
}

import type { PriceFiles } from './price-file.ts';

export { type PriceFiles, priceFileFor } from './price-file.ts';

const serviceNames: Record<ServiceId, string> = {
  'screen-printing': 'Screen printing',
  'direct-to-garment': 'Direct-to-garment printing',
  embroidery: 'Embroidery',
};

const upchargedSizes: readonly SizeUpcharge['size'][] = ['2XL', '3XL', '4XL+'];

const wholeNumbers = new Intl.NumberFormat('en-US');

const isWhole = (value: number) => Number.isSafeInteger(value);

function line(kind: LineItem['kind'], label: string, quantity: number, unitCents: Cents): LineItem {
  return { kind, label, quantity, unitCents, totalCents: quantity * unitCents };
}

/** A missing price is a broken file, never a free print. */
function priceAt(table: Cents[][], row: number, column: number, what: string): Cents {
  const cents = table[row]?.[column];
  if (cents === undefined) throw new Error(`The price file has no price for ${what} (row ${row}, column ${column})`);
  return cents;
}

/** Integer division rounding to the nearest whole number (halves up), without a floating-point quotient. */
function divideRounding(total: Cents, divisor: number): Cents {
  const remainder = total % divisor;
  return (total - remainder) / divisor + (remainder * 2 >= divisor ? 1 : 0);
}

/** What a service adds to the parts every order shares (quantity, garment, sizes). */
interface ServiceRules<P extends PriceFile, O extends EstimateOptions> {
  errors(prices: P, options: O): FieldError[];
  /** Lines for a valid order; `row` is its quantity break. */
  lines(prices: P, options: O, row: number): { print: LineItem[]; setup: LineItem[] };
}

/** Errors of the per-location list ("colors", "areas", "stitches"): none, too many, or a bad entry. */
function locationErrors<T>(
  field: string,
  values: T[],
  maxLocations: number,
  noneMessage: string,
  check: (value: T) => string | null,
): FieldError[] {
  if (values.length === 0) return [{ field: `${field}.0`, message: noneMessage }];
  const errors: FieldError[] = [];
  if (values.length > maxLocations)
    errors.push({ field, message: `At most ${pluralize(maxLocations, 'location')} per piece.` });
  values.forEach((value, index) => {
    const message = check(value);
    if (message !== null) errors.push({ field: `${field}.${index}`, message });
  });
  return errors;
}

const screenPrinting: ServiceRules<ScreenPrintingPrices, ScreenPrintingOptions> = {
  errors(prices, options) {
    const underbase = options.darkGarment ? prices.darkGarmentExtraColors : 0;
    const available = prices.maxColors - underbase;
    return locationErrors(
      'colors',
      options.colors,
      prices.maxLocations,
      'Choose the ink colors of at least one print location.',
      (colors) => {
        if (!isWhole(colors) || colors < 1) return `Choose from 1 to ${pluralize(available, 'color')}.`;
        if (colors <= available) return null;
        if (underbase === 0) return `At most ${pluralize(prices.maxColors, 'color')} per location.`;
        return `At most ${pluralize(available, 'color')} per location on a dark garment: the white underbase takes ${underbase} of the ${prices.maxColors}.`;
      },
    );
  },
  lines(prices, { quantity, colors, darkGarment }, row) {
    const underbase = darkGarment ? prices.darkGarmentExtraColors : 0;
    const print = colors.map((count, index) => {
      const table = index === 0 ? prices.firstLocation : prices.additionalLocation;
      const label = `Print location ${index + 1}, ${pluralize(count, 'color')}${underbase > 0 ? ' + white underbase' : ''}`;
      return line('print', label, quantity, priceAt(table, row, count + underbase - 1, label));
    });
    if (quantity >= prices.screenFee.waivedFromQuantity) return { print, setup: [] };
    const screens = colors.reduce((sum, count) => sum + count + underbase, 0);
    const label = `Screens: ${pluralize(screens, 'color')} over ${pluralize(colors.length, 'location')}${underbase > 0 ? ', white underbase included' : ''}`;
    return { print, setup: [line('setup', label, screens, prices.screenFee.cents)] };
  },
};

const directToGarment: ServiceRules<DirectToGarmentPrices, DirectToGarmentOptions> = {
  errors(prices, options) {
    const names = prices.printAreas.map((area) => area.name).join(', ');
    return locationErrors(
      'areas',
      options.areas,
      prices.maxLocations,
      'Choose the print size of at least one location.',
      (id) => (prices.printAreas.some((area) => area.id === id) ? null : `Choose one of our print sizes: ${names}.`),
    );
  },
  lines(prices, { quantity, areas, darkGarment, artSetup }, row) {
    const table = darkGarment ? prices.dark : prices.light;
    const print = areas.map((id, index) => {
      const column = prices.printAreas.findIndex((area) => area.id === id);
      const area = prices.printAreas[column];
      if (!area) throw new Error(`The price file has no print area "${id}"`);
      const label = `Print location ${index + 1}, ${area.name}${darkGarment ? ', dark garment' : ''}`;
      return line('print', label, quantity, priceAt(table, row, column, label));
    });
    return { print, setup: artSetup ? [line('setup', 'Art set-up', 1, prices.artSetupFee)] : [] };
  },
};

/** Each location's stitch count: as given, or estimated from the logo's width when widths are given. */
function stitchCounts(prices: EmbroideryPrices, options: EmbroideryOptions): number[] {
  return options.widths
    ? options.widths.map((width) => stitchesForWidth(prices.stitchEstimate, width))
    : options.stitches;
}

const embroidery: ServiceRules<EmbroideryPrices, EmbroideryOptions> = {
  errors(prices, options) {
    const largest = prices.stitchBands.at(-1)?.maxStitches ?? 0;
    const tooMany = `Designs over ${wholeNumbers.format(largest)} stitches need a custom quote.`;
    if (options.widths) {
      const example = Number(prices.stitchEstimate.typicalWidthInches.toFixed(2));
      return locationErrors(
        'widths',
        options.widths,
        prices.maxLocations,
        'Enter the width of at least one logo.',
        (width) => {
          if (!Number.isFinite(width) || width < MIN_LOGO_WIDTH_INCHES)
            return `Enter the logo's width in inches, such as ${example}.`;
          if (stitchesForWidth(prices.stitchEstimate, width) > largest)
            return `A ${formatInches(width)} wide logo is ${stitchWords(prices.stitchEstimate, width)}. ${tooMany}`;
          return null;
        },
      );
    }
    return locationErrors(
      'stitches',
      options.stitches,
      prices.maxLocations,
      'Enter the stitch count of at least one design.',
      (stitches) => {
        if (!isWhole(stitches) || stitches < 1) return 'Enter the stitch count as a whole number, such as 7,500.';
        if (stitches > largest) return tooMany;
        return null;
      },
    );
  },
  lines(prices, options, row) {
    const { quantity, widths, newDesign } = options;
    const stitches = stitchCounts(prices, options);
    const print = stitches.map((count, index) => {
      const column = prices.stitchBands.findIndex((band) => count <= band.maxStitches);
      const width = widths?.[index];
      const design =
        width === undefined
          ? `${wholeNumbers.format(count)} stitches`
          : `${formatInches(width)} wide, ${stitchWords(prices.stitchEstimate, width)}`;
      const label = `Embroidery location ${index + 1}, ${design}`;
      return line('print', label, quantity, priceAt(prices.prices, row, column, label));
    });
    const digitizing = line(
      'setup',
      `Digitizing a new design: ${pluralize(stitches.length, 'location')}`,
      stitches.length,
      prices.digitizingFee,
    );
    return { print, setup: newDesign ? [digitizing] : [] };
  },
};

function quantityErrors(prices: PriceFile, quantity: number): FieldError[] {
  const fail = (message: string) => [{ field: 'quantity', message }];
  if (!isWhole(quantity)) return fail('Enter the quantity as a whole number of pieces.');
  if (quantity < prices.minimumQuantity)
    return fail(`${serviceNames[prices.service]} starts at ${pluralize(prices.minimumQuantity, 'piece')}.`);
  if (quantity > MAX_ORDER_QUANTITY)
    return fail(`For more than ${pluralize(MAX_ORDER_QUANTITY, 'piece')}, ask us for a custom quote.`);
  return [];
}

function garmentErrors(prices: PriceFile, garment: string): FieldError[] {
  if (garment === 'own' || prices.garments.some((item) => item.id === garment)) return [];
  return [{ field: 'garment', message: 'Choose one of our garments, or bring your own.' }];
}

function sizeErrors({ quantity, sizes }: EstimateOptions): FieldError[] {
  const errors: FieldError[] = [];
  let counted = 0;
  let last: SizeUpcharge['size'] | null = null;
  for (const size of upchargedSizes) {
    const count = sizes[size];
    if (count === undefined) continue;
    if (!isWhole(count) || count < 0)
      errors.push({ field: `sizes.${size}`, message: `Enter how many pieces are ${size} as a whole number, or 0.` });
    else if (count > 0) {
      counted += count;
      last = size;
    }
  }
  // Reported beside the last size counted, the one that tipped the sum over.
  if (errors.length === 0 && last !== null && isWhole(quantity) && counted > quantity)
    errors.push({
      field: `sizes.${last}`,
      message: `The larger sizes add up to ${pluralize(counted, 'piece')}, more than the ${pluralize(quantity, 'piece')} ordered.`,
    });
  return errors;
}

/** The lines of a valid order, in the order a person reads a quote. */
function linesOf<P extends PriceFile, O extends EstimateOptions>(
  prices: P,
  options: O,
  rules: ServiceRules<P, O>,
): LineItem[] {
  const row = breakIndex(prices.breaks, options.quantity);
  const { print, setup: charged } = rules.lines(prices, options, row);
  const setup = options.setupOnFile
    ? charged.map((item) => line('setup', `${item.label}: on file, not charged again`, item.quantity, 0))
    : charged;
  if (options.garment === 'own') return [...print, ...setup];
  const garment = prices.garments.find((item) => item.id === options.garment);
  if (!garment) throw new Error(`The price file has no garment "${options.garment}"`);
  const upcharges = upchargedSizes.flatMap((size) => {
    const count = options.sizes[size] ?? 0;
    if (count === 0) return [];
    // A catalogue garment has its own upcharges; a garment listed in the price file takes the file's.
    const upcharge = (garment.sizeUpcharges ?? prices.sizeUpcharges).find((item) => item.size === size);
    if (!upcharge) throw new Error(`The price file has no upcharge for size ${size}`);
    return [line('size-upcharge', `${size} size upcharge`, count, upcharge.cents)];
  });
  return [line('garments', garment.name, options.quantity, garment.cents), ...print, ...setup, ...upcharges];
}

function totalOf(lines: LineItem[]): Cents {
  return lines.reduce((sum, item) => sum + item.totalCents, 0);
}

function nextTierNote(quantity: number, total: Cents, perPiece: Cents, next: Omit<NextTier, 'note'>): string {
  const pieces = pluralize(next.fromQuantity, 'piece');
  if (next.cheaperInTotal)
    return `Order ${pieces} instead and pay ${formatMoney(total - next.totalCents)} less in total.`;
  if (next.totalCents === total)
    return `Order ${pieces} instead for the same ${formatMoney(total)} in total: ${pluralize(next.fromQuantity - quantity, 'piece')} more at no extra cost.`;
  if (next.perPieceCents < perPiece) return `At ${pieces} the price drops to ${formatMoney(next.perPieceCents)} each.`;
  return `At ${pieces} the price is ${formatMoney(next.perPieceCents)} each.`;
}

const pickup: DeliveryChoice = { method: 'pickup' };

/** The date and the delivery: what to fix in them, checked only when the order terms are given. */
function orderErrors(options: EstimateOptions, context: OrderContext | undefined): FieldError[] {
  const inHands = options.inHands?.trim() ?? '';
  if (!context) {
    if (inHands !== '' || options.delivery?.method === 'delivery')
      throw new TypeError('An in-hands date or a delivery is priced only with the order terms');
    return [];
  }
  const errors: FieldError[] = [];
  if (inHands !== '' && !isCalendarDate(inHands))
    errors.push({ field: 'inHands', message: 'Enter the in-hands date as YYYY-MM-DD, or leave it empty.' });
  else if (inHands !== '' && isPast(inHands, context.now, context.terms))
    errors.push({ field: 'inHands', message: 'Choose an in-hands date from today on.' });
  const delivery = deliveryQuote(context.terms.delivery, options.delivery ?? pickup, 1);
  if (!delivery.ok) errors.push({ field: 'zip', message: delivery.message });
  return errors;
}

/** Every line of a valid order at its quantity: the service's lines, then the rush and the delivery. */
function orderLines<P extends PriceFile, O extends EstimateOptions>(
  prices: P,
  options: O,
  rules: ServiceRules<P, O>,
  context: OrderContext | undefined,
  schedule: Schedule | null,
): LineItem[] {
  const lines = linesOf(prices, options, rules);
  if (!context) return lines;
  const percent = schedule?.turnaround.surchargePercent ?? 0;
  if (schedule && percent > 0) {
    const decoration = totalOf(lines.filter((item) => item.kind === 'print' || item.kind === 'setup'));
    const label = `Rush, ${businessDays(schedule.turnaround.businessDays)}: +${percent}% of printing and set-up`;
    lines.push(line('rush', label, 1, divideRounding(decoration * percent, 100)));
  }
  const delivery = deliveryQuote(context.terms.delivery, options.delivery ?? pickup, options.quantity);
  if (!delivery.ok) throw new Error(`The delivery was not checked: ${delivery.message}`);
  lines.push(line('delivery', delivery.label, 1, delivery.cents));
  return lines;
}

function upchargedCount(options: EstimateOptions): number {
  return upchargedSizes.reduce((sum, size) => sum + (options.sizes[size] ?? 0), 0);
}

function ladderRow(quantity: number, totalCents: Cents, current: boolean): LadderRow {
  return {
    quantity,
    totalCents,
    perPieceCents: divideRounding(totalCents, quantity),
    perPieceExact: totalCents % quantity === 0,
    current,
  };
}

function run<P extends PriceFile, O extends EstimateOptions>(
  prices: P,
  options: O,
  rules: ServiceRules<P, O>,
  context: OrderContext | undefined,
): EstimateResult {
  const errors = [
    ...quantityErrors(prices, options.quantity),
    ...garmentErrors(prices, options.garment),
    ...rules.errors(prices, options),
    ...sizeErrors(options),
    ...orderErrors(options, context),
  ];
  if (errors.length > 0) return { ok: false, errors };

  const { quantity } = options;
  let schedule: Schedule | null = null;
  if (context) {
    const delivery = deliveryQuote(context.terms.delivery, options.delivery ?? pickup, quantity);
    const inHands = options.inHands?.trim() ?? '';
    const { load } = context;
    const terms = load ? withClosedDates(context.terms, load.closedDates) : context.terms;
    const pressFrom = load?.pressFrom(prices.service, quantity);
    schedule = scheduleFor(terms, terms.turnaround[prices.service], {
      now: context.now,
      inHands: inHands === '' ? null : inHands,
      shipped: delivery.ok && delivery.shipped,
      ...(pressFrom === undefined ? {} : { pressFrom }),
    });
  }
  const totalAt = (pieces: number) =>
    totalOf(orderLines(prices, { ...options, quantity: pieces }, rules, context, schedule));
  const lines = orderLines(prices, options, rules, context, schedule);
  const totalCents = totalOf(lines);
  const own = ladderRow(quantity, totalCents, true);
  const row = breakIndex(prices.breaks, quantity);

  // Breaks too small to hold the larger sizes asked for are left out rather than priced as another order.
  const ladder = prices.breaks
    .filter((pieces) => pieces !== quantity && pieces >= upchargedCount(options))
    .map((pieces) => ladderRow(pieces, totalAt(pieces), false));
  ladder.push(own);
  ladder.sort((a, b) => a.quantity - b.quantity);

  let nextTier: NextTier | null = null;
  const nextQuantity = prices.breaks[row + 1];
  if (nextQuantity !== undefined) {
    const nextTotal = totalAt(nextQuantity);
    const next = {
      fromQuantity: nextQuantity,
      perPieceCents: divideRounding(nextTotal, nextQuantity),
      totalCents: nextTotal,
      cheaperInTotal: nextTotal < totalCents,
    };
    nextTier = { ...next, note: nextTierNote(quantity, totalCents, own.perPieceCents, next) };
  }

  const estimate: Estimate = {
    service: prices.service,
    lines,
    perPieceCents: own.perPieceCents,
    perPieceExact: own.perPieceExact,
    totalCents,
    tier: tierAt(prices.breaks, row),
    nextTier,
    ladder,
    schedule,
    salesTax: context ? context.terms.salesTax.statement : null,
    tax: context?.salesTax ? estimateTax(prices, options, lines, context.salesTax) : null,
  };
  return { ok: true, estimate };
}

/** The estimate's sales tax: each line by its class (the garment's, set-up, delivery), where it is handed over. */
function estimateTax(
  prices: PriceFile,
  options: EstimateOptions,
  lines: readonly LineItem[],
  { rules, shopZip }: { rules: SalesTaxRules; shopZip: string },
) {
  const garmentType = prices.garments.find((item) => item.id === options.garment)?.type;
  return salesTaxOf(
    rules,
    options.delivery ?? pickup,
    shopZip,
    lines.map((item) => ({
      taxClass: engineTaxClass(item.kind, garmentType),
      quantity: item.quantity,
      unitCents: item.unitCents,
    })),
  );
}

function sameService<S extends ServiceId>(
  prices: { service: S },
  options: EstimateOptions,
): Extract<EstimateOptions, { service: S }> {
  if (options.service !== prices.service)
    throw new TypeError(`Options for ${options.service} cannot be priced with the ${prices.service} price file`);
  return options as Extract<EstimateOptions, { service: S }>;
}

/**
 * The estimate of an order, or the field errors that stop it. With `context` (the order terms and the
 * time) the in-hands date and the delivery are priced too; without it, the order is priced as picked up
 * with no date (the "from" prices). Throws only on a programming or data mistake (options of another
 * service, a price missing from the file), never on what a visitor typed.
 */
export function estimate(prices: PriceFile, options: EstimateOptions, context?: OrderContext): EstimateResult {
  switch (prices.service) {
    case 'screen-printing':
      return run(prices, sameService(prices, options), screenPrinting, context);
    case 'direct-to-garment':
      return run(prices, sameService(prices, options), directToGarment, context);
    case 'embroidery':
      return run(prices, sameService(prices, options), embroidery, context);
  }
}
