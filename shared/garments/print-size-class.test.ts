import { describe, expect, it } from 'vitest';
import dtg from '#data/direct-to-garment.json' with { type: 'json' };
import type { PrintArea } from '#shared/pricing/types.ts';
import { areaWord, printAreaFor, printAreaProblem, printSizeWords } from './print-size-class.ts';

const areas: PrintArea[] = dtg.printAreas;
const classOf = (widthInches: number, heightInches: number) => printAreaFor(areas, { widthInches, heightInches })?.id;

describe('the print size a placed artwork is priced at', () => {
  it('is the smallest area that holds both its width and its height', () => {
    expect(classOf(4, 4)).toBe('small');
    expect(classOf(5, 5)).toBe('small');
    expect(classOf(5.25, 3)).toBe('medium');
    expect(classOf(3, 5.25)).toBe('medium');
    expect(classOf(10.5, 8)).toBe('large');
    expect(classOf(12, 14)).toBe('large');
    expect(classOf(12, 16)).toBe('oversize');
  });

  it('takes a print posted to the hundredth as in its size, and nothing turned sideways', () => {
    expect(classOf(10.01, 10)).toBe('medium');
    expect(classOf(10.02, 10)).toBe('large');
    // 18 wide would fit oversize turned, but the shop prints it upright.
    expect(classOf(18, 10)).toBeUndefined();
  });

  it('judges a print whose height is unknown by its width alone', () => {
    expect(classOf(9, 0)).toBe('medium');
  });

  it('accepts the size the print needs or a larger one, and says which it needs for a smaller', () => {
    const print = { widthInches: 10.5, heightInches: 8 };
    expect(printAreaProblem(areas, 'large', print)).toBeNull();
    expect(printAreaProblem(areas, 'oversize', print)).toBeNull();
    expect(printAreaProblem(areas, 'medium', print)).toBe(
      'A 10.5 × 8 in print needs Large (up to 14 x 14 in) or larger: choose that size, or make the artwork smaller.',
    );
    expect(printAreaProblem(areas, 'small', { widthInches: 8, heightInches: 4 })).toMatch(
      /^An 8 × 4 in print needs Medium/,
    );
    expect(printAreaProblem(areas, 'small', { widthInches: 18, heightInches: 10 })).toMatch(
      /^An 18 × 10 in print is larger than any print size we price/,
    );
  });

  it('leaves an unknown size to the form’s own check, and names sizes in short words', () => {
    expect(printAreaProblem(areas, 'huge', { widthInches: 12, heightInches: 12 })).toBeNull();
    expect(areas.map(areaWord)).toEqual(['Small', 'Medium', 'Large', 'Oversize']);
    expect(printSizeWords({ widthInches: 7, heightInches: 0 })).toBe('7 in wide');
  });
});
