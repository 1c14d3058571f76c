import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import type { ServiceId } from '#shared/site-data.ts';
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
 * unit price; the total is the sum of the lines; the per-piece price is that total divided by the
 * quantity, rounded up to the cent, so per piece times quantity never undercuts the total. Garments the
 * customer brings ("own") carry no garment line and no size upcharge (those are the cost of our
 * blanks); the set-up of the print itself (screens, art set-up, digitizing) applies either way.
 */

export interface PriceFiles {
  'screen-printing': ScreenPrintingPrices;
  'direct-to-garment': DirectToGarmentPrices;
  embroidery: EmbroideryPrices;
}

/** The price file of a service, from the site data (or anything holding the three files). */
export function priceFileFor<S extends ServiceId>(site: PriceFiles, service: S): PriceFiles[S] {
  return site[service];
}

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

/** Integer division rounding up, without a floating-point quotient. */
function divideRoundingUp(total: Cents, quantity: number): Cents {
  const remainder = total % quantity;
  return (total - remainder) / quantity + (remainder > 0 ? 1 : 0);
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

const embroidery: ServiceRules<EmbroideryPrices, EmbroideryOptions> = {
  errors(prices, options) {
    const largest = prices.stitchBands.at(-1)?.maxStitches ?? 0;
    return locationErrors(
      'stitches',
      options.stitches,
      prices.maxLocations,
      'Enter the stitch count of at least one design.',
      (stitches) => {
        if (!isWhole(stitches) || stitches < 1) return 'Enter the stitch count as a whole number, such as 7,500.';
        if (stitches > largest) return `Designs over ${wholeNumbers.format(largest)} stitches need a custom quote.`;
        return null;
      },
    );
  },
  lines(prices, { quantity, stitches, newDesign }, row) {
    const print = stitches.map((count, index) => {
      const column = prices.stitchBands.findIndex((band) => count <= band.maxStitches);
      const label = `Embroidery location ${index + 1}, ${wholeNumbers.format(count)} stitches`;
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
  const { print, setup } = rules.lines(prices, options, row);
  if (options.garment === 'own') return [...print, ...setup];
  const garment = prices.garments.find((item) => item.id === options.garment);
  if (!garment) throw new Error(`The price file has no garment "${options.garment}"`);
  const upcharges = upchargedSizes.flatMap((size) => {
    const count = options.sizes[size] ?? 0;
    if (count === 0) return [];
    const upcharge = prices.sizeUpcharges.find((item) => item.size === size);
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

function run<P extends PriceFile, O extends EstimateOptions>(
  prices: P,
  options: O,
  rules: ServiceRules<P, O>,
): EstimateResult {
  const errors = [
    ...quantityErrors(prices, options.quantity),
    ...garmentErrors(prices, options.garment),
    ...rules.errors(prices, options),
    ...sizeErrors(options),
  ];
  if (errors.length > 0) return { ok: false, errors };

  const { quantity } = options;
  const lines = linesOf(prices, options, rules);
  const totalCents = totalOf(lines);
  const perPieceCents = divideRoundingUp(totalCents, quantity);
  const row = breakIndex(prices.breaks, quantity);

  let nextTier: NextTier | null = null;
  const nextQuantity = prices.breaks[row + 1];
  if (nextQuantity !== undefined) {
    const nextTotal = totalOf(linesOf(prices, { ...options, quantity: nextQuantity }, rules));
    const next = {
      fromQuantity: nextQuantity,
      perPieceCents: divideRoundingUp(nextTotal, nextQuantity),
      totalCents: nextTotal,
      cheaperInTotal: nextTotal < totalCents,
    };
    nextTier = { ...next, note: nextTierNote(quantity, totalCents, perPieceCents, next) };
  }

  const estimate: Estimate = {
    service: prices.service,
    lines,
    perPieceCents,
    totalCents,
    tier: tierAt(prices.breaks, row),
    nextTier,
  };
  return { ok: true, estimate };
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
 * The estimate of an order, or the field errors that stop it. Throws only on a programming or data
 * mistake (options of another service, a price missing from the file), never on what a visitor typed.
 */
export function estimate(prices: PriceFile, options: EstimateOptions): EstimateResult {
  switch (prices.service) {
    case 'screen-printing':
      return run(prices, sameService(prices, options), screenPrinting);
    case 'direct-to-garment':
      return run(prices, sameService(prices, options), directToGarment);
    case 'embroidery':
      return run(prices, sameService(prices, options), embroidery);
  }
}
