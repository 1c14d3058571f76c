import { describe, expect, it } from 'vitest';
import { studioPath } from '#client/studio/studio-path.ts';
import { piecesIn, sizesIn } from './quote-size-fields.tsx';

describe('the sizes a quote counts pieces in', () => {
  const values = { qtyXS: '4', qtyS: '', qtyM: '0', qtyL: ' 12 ', qty3XL: '2', qtyXL: 'ten' };

  it('lists the sizes with pieces, smallest first, leaving out empty, zero and unreadable counts', () => {
    expect(sizesIn(values)).toEqual(['XS', 'L', '3XL']);
    expect(piecesIn(values)).toBe(18);
  });

  it('opens the studio on those sizes, so its size-by-size panel starts where the form is', () => {
    const path = studioPath({
      garment: 'gildan-5000',
      color: 'Navy',
      method: 'screen-printing',
      location: 'front',
      quantity: piecesIn(values),
      sizes: sizesIn(values),
    });
    expect(new URL(path, 'https://shop.example').searchParams.get('sizes')).toBe('XS,L,3XL');
  });
});
