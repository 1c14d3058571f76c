import { pluralize } from '#shared/plural.ts';
import { estimate } from './estimate.ts';
import { formatInches } from './stitch-estimate.ts';
import type { Cents, EstimateOptions, PriceFile } from './types.ts';

/**
 * A typical first order per service, priced all in by the engine: our garment, the set-up (screens,
 * digitizing) and the decoration, picked up, at the standard turnaround. The "from" price (from-price.ts)
 * is the floor a big order of the customer's own shirts reaches; this is what most people pay, so the
 * pricing page leads with it.
 */

/** How many pieces the example has: a team's or a small business's order. */
const EXAMPLE_QUANTITY: Record<PriceFile['service'], number> = {
  'screen-printing': 48,
  'direct-to-garment': 12,
  embroidery: 12,
};

/** The example order of a service's price file: its first garment, one location, the simplest decoration. */
export function exampleOrder(prices: PriceFile): EstimateOptions {
  const quantity = Math.max(prices.minimumQuantity, EXAMPLE_QUANTITY[prices.service]);
  const garment = prices.garments[0]?.id;
  if (garment === undefined) throw new Error(`The ${prices.service} price file has no garments`);
  const common = { quantity, garment, sizes: {} };
  switch (prices.service) {
    case 'screen-printing':
      return { ...common, service: prices.service, colors: [1], darkGarment: false };
    case 'direct-to-garment': {
      // The size most front prints are: the second area when there is one.
      const area = prices.printAreas[1] ?? prices.printAreas[0];
      if (!area) throw new Error('The direct-to-garment price file has no print areas');
      return { ...common, service: prices.service, areas: [area.id], darkGarment: false, artSetup: false };
    }
    case 'embroidery':
      return {
        ...common,
        service: prices.service,
        stitches: [],
        widths: [prices.stitchEstimate.typicalWidthInches],
        newDesign: true,
      };
  }
}

/** The example in words and figures, as the pricing page's cards show it. */
export interface ExamplePrice {
  /** "48 × Standard cotton tee, 1 color on the front". */
  order: string;
  perPieceCents: Cents;
  /** Whether perPieceCents times the quantity is the total exactly. */
  perPieceExact: boolean;
  totalCents: Cents;
  /** What the total holds besides the decoration: "the tees and the screens". */
  includes: string;
}

function orderWords(prices: PriceFile, options: EstimateOptions): string {
  const garment = prices.garments.find((item) => item.id === options.garment)?.name ?? options.garment;
  const pieces = `${options.quantity} × ${garment}`;
  switch (options.service) {
    case 'screen-printing':
      return `${pieces}, ${pluralize(options.colors[0] ?? 1, 'color')} on the front`;
    case 'direct-to-garment': {
      const area = prices.service === 'direct-to-garment' && prices.printAreas.find((a) => a.id === options.areas[0]);
      return `${pieces}, a full-color print${area ? ` up to ${area.widthInches} × ${area.heightInches} in` : ''} on the front`;
    }
    case 'embroidery':
      return `${pieces}, a ${formatInches(options.widths?.[0] ?? 0)} wide left-chest logo`;
  }
}

/** The example order priced by the engine, with the words that say what it is. Throws if the data cannot price it. */
export function examplePrice(prices: PriceFile): ExamplePrice {
  const options = exampleOrder(prices);
  const result = estimate(prices, options);
  if (!result.ok)
    throw new Error(`The ${prices.service} example order is invalid: ${result.errors.map((e) => e.message).join(' ')}`);
  const setup = result.estimate.lines.filter((line) => line.kind === 'setup' && line.totalCents > 0);
  const extras = ['the garments', ...(setup.length > 0 ? [setupWords[prices.service]] : [])];
  return {
    order: orderWords(prices, options),
    perPieceCents: result.estimate.perPieceCents,
    perPieceExact: result.estimate.perPieceExact,
    totalCents: result.estimate.totalCents,
    includes: extras.join(' and '),
  };
}

const setupWords: Record<PriceFile['service'], string> = {
  'screen-printing': 'the screens',
  'direct-to-garment': 'the art set-up',
  embroidery: 'digitizing the logo',
};
