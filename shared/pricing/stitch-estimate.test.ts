import { describe, expect, it } from 'vitest';
import {
  formatInches,
  parseInches,
  type StitchEstimateRule,
  stitchesForWidth,
  stitchWords,
} from './stitch-estimate.ts';

const rule: StitchEstimateRule = { stitchesPerSquareInch: 1000, heightPerWidth: 0.5, typicalWidthInches: 3.5 };

describe('stitch estimate from a logo width', () => {
  it.each([
    // width × (width × 0.5) square inches × 1,000 stitches, to the nearest 100
    [3.5, 6100],
    [4, 8000],
    [2, 2000],
    [5.5, 15100],
    [0.5, 100],
    [0.1, 100],
  ])('a %s in wide logo is about %i stitches', (width, stitches) => {
    expect(stitchesForWidth(rule, width)).toBe(stitches);
  });

  it('follows the shop’s rule: denser or taller logos take more stitches', () => {
    expect(stitchesForWidth({ ...rule, stitchesPerSquareInch: 1500 }, 4)).toBe(12000);
    expect(stitchesForWidth({ ...rule, heightPerWidth: 1 }, 4)).toBe(16000);
  });

  it('never takes fewer stitches for a wider logo', () => {
    let last = 0;
    for (let width = 0.5; width <= 16; width += 0.05) {
      const stitches = stitchesForWidth(rule, width);
      expect(stitches).toBeGreaterThanOrEqual(last);
      last = stitches;
    }
  });

  it('says it the way the fields and the estimate do', () => {
    expect(stitchWords(rule, 3.5)).toBe('about 6,100 stitches');
    expect(formatInches(3.5)).toBe('3.5 in');
    expect(formatInches(4)).toBe('4 in');
    expect(formatInches(2.125)).toBe('2.13 in');
  });
});

describe('a width as typed', () => {
  it.each([
    ['3.5', 3.5],
    ['4', 4],
    [' 4 in', 4],
    ['3.25"', 3.25],
    ['.5', 0.5],
    ['12.', 12],
    ['2 inches', 2],
  ])('reads %j as %s', (text, width) => {
    expect(parseInches(text)).toBe(width);
  });

  it.each(['', 'wide', '3.5.1', '-2', '3,5', '1/2', '1234', '3.125'])('does not guess at %j', (text) => {
    expect(parseInches(text)).toBeNaN();
  });
});
