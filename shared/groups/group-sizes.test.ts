import { describe, expect, it } from 'vitest';
import { groupSizes, ONE_SIZE, sizeChart, sizeFieldsOf, sizeUpcharges } from './group-sizes.ts';

const tee = {
  sizes: ['S', 'M', 'L', 'XL', '2XL', '4XL'] as const,
  sizeUpcharges: [
    { size: '2XL' as const, cents: 200 },
    { size: '4XL+' as const, cents: 400 },
  ],
};
const cap = { sizes: [], sizeUpcharges: [] };

describe('a group’s sizes from the garment catalogue', () => {
  it('offers the garment’s own sizes with their upcharges, 4XL+ for 4XL and 5XL', () => {
    const garment = { ...tee, sizes: [...tee.sizes] };
    expect(groupSizes(garment)).toEqual(['S', 'M', 'L', 'XL', '2XL', '4XL']);
    expect(sizeUpcharges(garment)).toEqual({ '2XL': 200, '4XL': 400, '5XL': 400 });
    expect(sizeChart(garment).map((row) => row.size)).toEqual(['S', 'M', 'L', 'XL', '2XL', '4XL']);
  });

  it('offers one size for a cap, counted on M in the request', () => {
    expect(groupSizes(cap)).toEqual([ONE_SIZE]);
    expect(sizeFieldsOf({ [ONE_SIZE]: 7 })).toMatchObject({ qtyM: '7', qtyL: '0' });
  });

  it('offers the quote form’s whole list for a garment the catalogue does not know', () => {
    expect(groupSizes(undefined)).toEqual(['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL']);
    expect(sizeUpcharges(undefined)).toEqual({});
  });
});
