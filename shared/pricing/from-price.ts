import { estimate } from './estimate.ts';
import type { Cents, EstimateOptions, PriceFile } from './types.ts';

/**
 * The order a service's "from" price is the price of: the top quantity break, one location with the
 * smallest option (1 color / the smallest print area / the smallest stitch band, at its largest stitch
 * count), a light garment the customer brings, and no optional set-up (print-ready art, a design we
 * have already digitized).
 *
 * Why no valid order costs less per piece (price-schemas.ts checks what this relies on at start):
 * - per-piece prices never rise with quantity, and from the top break on they stay put;
 * - within a break, prices never fall as colors, print areas or stitch bands grow, a dark garment is
 *   never cheaper (DTG: checked; screen printing: it prints as extra colors);
 * - garments, size upcharges, further locations and set-up fees only add;
 * - the screen fee is waived from one of the breaks, so at the top break it is waived too.
 * Were a set-up fee still due at the top break, estimate() would spread it over that break's quantity
 * and it would be in the price: the "from" price is always exactly what estimate() charges for this order.
 */
export function fromPriceOrder(prices: PriceFile): EstimateOptions {
  const quantity = prices.breaks.at(-1);
  if (quantity === undefined) throw new Error(`The ${prices.service} price file has no quantity breaks`);
  const common = { quantity, garment: 'own', sizes: {} };
  switch (prices.service) {
    case 'screen-printing':
      return { ...common, service: prices.service, colors: [1], darkGarment: false };
    case 'direct-to-garment': {
      const area = prices.printAreas[0];
      if (!area) throw new Error('The direct-to-garment price file has no print areas');
      return { ...common, service: prices.service, areas: [area.id], darkGarment: false, artSetup: false };
    }
    case 'embroidery': {
      const band = prices.stitchBands[0];
      if (!band) throw new Error('The embroidery price file has no stitch bands');
      return { ...common, service: prices.service, stitches: [band.maxStitches], newDesign: false };
    }
  }
}

/** "From $1.55 per piece": derived from the price file, so it can never disagree with the tables. */
export function fromPriceCents(prices: PriceFile): Cents {
  const result = estimate(prices, fromPriceOrder(prices));
  if (!result.ok)
    throw new Error(`The ${prices.service} "from" order is invalid: ${result.errors.map((e) => e.message).join(' ')}`);
  return result.estimate.perPieceCents;
}
