import { describe, expect, it } from 'vitest';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { estimate } from './estimate.ts';
import { fromPriceCents, fromPriceOrder } from './from-price.ts';
import type { EstimateOptions, PriceFile } from './types.ts';

// The fixture's made-up prices (tests/fixtures/site-data/), not the shop's.
const screen = fixtureSiteData['screen-printing'];
const dtg = fixtureSiteData['direct-to-garment'];
const embroidery = fixtureSiteData.embroidery;

const lastRowFirstPrice = (table: number[][]) => table.at(-1)?.[0];

/** Every one-location order on a blank the customer brings, smallest to largest option, light and dark. */
function oneLocationOrders(prices: PriceFile, quantity: number): EstimateOptions[] {
  const common = { quantity, garment: 'own', sizes: {} };
  switch (prices.service) {
    case 'screen-printing':
      return Array.from({ length: prices.maxColors }, (_, index) => index + 1).flatMap((colors) => [
        { ...common, service: prices.service, colors: [colors], darkGarment: false },
        ...(colors + prices.darkGarmentExtraColors <= prices.maxColors
          ? [{ ...common, service: prices.service, colors: [colors], darkGarment: true }]
          : []),
      ]);
    case 'direct-to-garment':
      return prices.printAreas.flatMap((area) =>
        [false, true].map((darkGarment) => ({
          ...common,
          service: prices.service,
          areas: [area.id],
          darkGarment,
          artSetup: false,
        })),
      );
    case 'embroidery':
      return prices.stitchBands.map((band) => ({
        ...common,
        service: prices.service,
        stitches: [band.maxStitches],
        newDesign: false,
      }));
  }
}

describe('the "from" price of each service', () => {
  it.each([
    [screen, lastRowFirstPrice(screen.firstLocation)],
    [dtg, lastRowFirstPrice(dtg.light)],
    [embroidery, lastRowFirstPrice(embroidery.prices)],
  ])('is the smallest option at the top break, with no fee left to spread (%#)', (prices, expected) => {
    expect(fromPriceCents(prices)).toBe(expected);
  });

  it.each([screen, dtg, embroidery])('is a price the calculator actually charges ($service)', (prices) => {
    const order = fromPriceOrder(prices);
    expect(order.quantity).toBe(prices.breaks.at(-1));
    expect(order.garment).toBe('own');
    const result = estimate(prices, order);
    expect(result.ok && result.estimate.perPieceCents).toBe(fromPriceCents(prices));
    // Nothing but the print: no garment, no set-up, no upcharge.
    expect(result.ok && result.estimate.lines.map((item) => item.kind)).toEqual(['print']);
  });

  it.each([screen, dtg, embroidery])('is undercut by no one-location order of any quantity ($service)', (prices) => {
    const from = fromPriceCents(prices);
    const top = prices.breaks.at(-1) ?? 0;
    for (let quantity = prices.minimumQuantity; quantity <= top + 50; quantity += 1) {
      for (const order of oneLocationOrders(prices, quantity)) {
        const result = estimate(prices, order);
        if (!result.ok) throw new Error(JSON.stringify(result.errors));
        expect(result.estimate.perPieceCents).toBeGreaterThanOrEqual(from);
      }
    }
  });

  it('spreads a set-up fee still due at the top break over that break', () => {
    // Not a valid file (the waiver must be a break): it shows what the definition does with a fee.
    const noWaiver = { ...screen, screenFee: { cents: 2500, waivedFromQuantity: 10_000 } };
    expect(fromPriceCents(noWaiver)).toBe((lastRowFirstPrice(screen.firstLocation) ?? 0) + Math.ceil(2500 / 288));
  });
});
