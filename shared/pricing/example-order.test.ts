import { describe, expect, it } from 'vitest';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { estimate } from './estimate.ts';
import { eachWords } from './estimate-words.ts';
import { exampleOrder, examplePrice } from './example-order.ts';
import { fromPriceCents } from './from-price.ts';

// The fixture's made-up prices (tests/fixtures/site-data/): the figures below are worked out by hand.
const screen = fixtureSiteData['screen-printing'];
const dtg = fixtureSiteData['direct-to-garment'];
const embroidery = fixtureSiteData.embroidery;

describe('the example order on the pricing page', () => {
  it('prices 48 tees with a 1-color front all in: tees, printing and the screen', () => {
    // 48 × $3.00 tees + 48 × $8.00 (48-71 row, 1 color) + 1 screen × $15.00 = $543.00, $11.3125 each.
    expect(examplePrice(screen)).toEqual({
      order: '48 × Standard cotton tee, 1 color on the front',
      perPieceCents: 1131,
      perPieceExact: false,
      totalCents: 54300,
      includes: 'the garments and the screens',
    });
    expect(eachWords(examplePrice(screen))).toBe('about $11.31 each');
  });

  it('prices 12 tees with a full-color front print all in', () => {
    // 12 × $3.00 tees + 12 × $11.00 (12-23 row, medium) = $168.00, $14.00 each; print-ready art, no set-up.
    expect(examplePrice(dtg)).toEqual({
      order: '12 × Standard cotton tee, a full-color print up to 10 × 10 in on the front',
      perPieceCents: 1400,
      perPieceExact: true,
      totalCents: 16800,
      includes: 'the garments',
    });
    expect(eachWords(examplePrice(dtg))).toBe('$14.00 each');
  });

  it('prices 12 polos with a left-chest logo all in, digitizing included', () => {
    // 3.5 in -> about 6,100 stitches (5,001 to 8,000 band): 12 × $12.00 polos + 12 × $13.50 + $40.00
    // digitizing = $346.00, $28.8333 each.
    expect(examplePrice(embroidery)).toEqual({
      order: '12 × Pique polo, a 3.5 in wide left-chest logo',
      perPieceCents: 2883,
      perPieceExact: false,
      totalCents: 34600,
      includes: 'the garments and digitizing the logo',
    });
  });

  it('is the engine’s own figure, and never below the print-only "from" price', () => {
    for (const prices of [screen, dtg, embroidery]) {
      const result = estimate(prices, exampleOrder(prices));
      expect(result.ok && result.estimate.totalCents).toBe(examplePrice(prices).totalCents);
      expect(examplePrice(prices).perPieceCents).toBeGreaterThan(fromPriceCents(prices));
    }
  });

  it('keeps to a service’s minimum', () => {
    expect(exampleOrder({ ...screen, minimumQuantity: 100 }).quantity).toBe(100);
  });
});
