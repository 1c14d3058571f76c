import { describe, expect, it } from 'vitest';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { defaultOptions, optionsFromQuery, queryFromOptions } from './query.ts';
import type { PriceFile } from './types.ts';

// The fixture's price files (tests/fixtures/site-data/), not the shop's.
const screen = fixtureSiteData['screen-printing'];
const dtg = fixtureSiteData['direct-to-garment'];
const embroidery = fixtureSiteData.embroidery;

describe('calculator query', () => {
  it('gives the defaults when the link says nothing', () => {
    for (const prices of [screen, dtg, embroidery]) {
      expect(optionsFromQuery(prices, new URLSearchParams())).toEqual(defaultOptions(prices));
    }
  });

  it('round-trips every service through the URL', () => {
    const options = [
      {
        service: 'screen-printing',
        quantity: 48,
        colors: [3, 1],
        darkGarment: true,
        garment: 'own',
        sizes: { '2XL': 4 },
      },
      {
        service: 'direct-to-garment',
        quantity: 5,
        areas: [dtg.printAreas[2]?.id ?? '', dtg.printAreas[0]?.id ?? ''],
        darkGarment: false,
        garment: dtg.garments[0]?.id ?? '',
        artSetup: true,
        sizes: {},
      },
      {
        service: 'embroidery',
        quantity: 24,
        stitches: [7500],
        newDesign: false,
        garment: 'own',
        sizes: { '3XL': 1, '4XL+': 2 },
      },
      {
        service: 'embroidery',
        quantity: 12,
        stitches: [],
        widths: [3.5, 2.25],
        newDesign: true,
        garment: 'pique-polo',
        sizes: {},
      },
    ] as const;
    const files: Record<string, PriceFile> = { 'screen-printing': screen, 'direct-to-garment': dtg, embroidery };
    for (const option of options) {
      const query = queryFromOptions(option as never);
      expect(optionsFromQuery(files[option.service] as PriceFile, new URLSearchParams(query.toString()))).toEqual(
        option,
      );
    }
  });

  it('keeps what was typed wrong as NaN, so the estimate can say what to fix', () => {
    const options = optionsFromQuery(screen, new URLSearchParams('q=12abc&c1=2&c2=x'));
    expect(options.quantity).toBeNaN();
    expect(options.service === 'screen-printing' && options.colors[1]).toBeNaN();
  });

  it('skips locations left empty or set to none, and reads stitch counts with commas', () => {
    const options = optionsFromQuery(embroidery, new URLSearchParams('q=12&s1=7%2C500&s2=&s3=0'));
    expect(options.service === 'embroidery' && options.stitches).toEqual([7500]);
  });

  it('reads embroidery by logo width, and a design as new unless the link says it is a repeat', () => {
    const byWidth = optionsFromQuery(embroidery, new URLSearchParams('q=12&w1=3.5&w2=&w3=wide'));
    expect(byWidth).toMatchObject({ stitches: [], newDesign: true });
    expect(byWidth.service === 'embroidery' && byWidth.widths).toEqual([3.5, Number.NaN]);
    expect(optionsFromQuery(embroidery, new URLSearchParams('q=12&w1=3&repeat=1'))).toMatchObject({
      newDesign: false,
    });
    // An older link's new=1 meant a new design, which is what no "repeat" says now.
    expect(optionsFromQuery(embroidery, new URLSearchParams('q=12&s1=5000&new=1'))).toMatchObject({
      stitches: [5000],
      newDesign: true,
    });
  });
});
