import { describe, expect, it } from 'vitest';
import { importedGarmentPrices } from './imported-prices.ts';

describe('the catalogue price from the import', () => {
  const rows = [
    { size: 'S', cents: 302 },
    { size: 'M', cents: 302 },
    { size: 'XL', cents: 302 },
    // A heather colour costs more: the common price stands.
    { size: 'M', cents: 340 },
    { size: '2XL', cents: 467 },
    { size: '3XL', cents: 612 },
  ];

  it('marks up the standard sizes’ common price to the nickel, and each larger size by its difference', () => {
    // $3.02 + 15% = $3.473 → $3.50; 2XL $1.65 more → $1.8975 → $1.90; 3XL $3.10 more → $3.565 → $3.60.
    expect(importedGarmentPrices(rows, 15)).toEqual({
      cents: 350,
      sizeUpcharges: [
        { size: '2XL', cents: 190 },
        { size: '3XL', cents: 360 },
      ],
    });
    expect(importedGarmentPrices(rows, 0)?.cents).toBe(305);
  });

  it('has no price when the import lists no standard size of the style', () => {
    expect(importedGarmentPrices([{ size: '2XL', cents: 467 }], 15)).toBeUndefined();
  });
});
