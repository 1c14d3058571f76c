import { describe, expect, it } from 'vitest';
import { blanksLeadDays } from './blanks-arrival.ts';
import { deskStockText, publicStockAnswer, publicStockText, stockAge, stockAnswer } from './stock-answer.ts';

const garment = {
  colors: [
    { name: 'White', hex: '#ffffff' },
    { name: 'Navy', hex: '#1f2a44' },
    { name: 'Black', hex: '#1b1b1d' },
    { name: 'Royal', hex: '#2a4fa8' },
  ],
};
const cells = [
  { colour: 'Navy', size: 'M', quantity: 120 },
  { colour: 'Navy', size: 'XL', quantity: 10 },
  { colour: 'Royal', size: 'M', quantity: 40 },
  { colour: 'Royal', size: 'XL', quantity: 5 },
  { colour: 'Black', size: 'M', quantity: 90 },
  { colour: 'Black', size: 'XL', quantity: 60 },
  { colour: 'White', size: 'M', quantity: 900 },
  { colour: 'White', size: 'XL', quantity: 900 },
];
const takenAt = new Date('2026-11-30T12:00:00Z');

describe('the stock answer', () => {
  it('says 30 M and 18 XL in a colour with 10 XL is 8 short, and offers the nearest colour that has both', () => {
    const answer = stockAnswer({ garment, style: {}, cells, takenAt, colour: 'navy', need: { M: 30, XL: 18 } });
    expect(answer?.lines).toEqual([
      { size: 'M', need: 30, have: 120, short: 0, listed: true },
      { size: 'XL', need: 18, have: 10, short: 8, listed: true },
    ]);
    // Black is the nearest in look, and has every size.
    expect(answer?.alternative?.name).toBe('Black');
    // Without Black's XL, the nearer Royal is short too: White is offered.
    const withoutBlack = cells.map((cell) => (cell.colour === 'Black' ? { ...cell, quantity: 0 } : cell));
    expect(
      stockAnswer({ garment, style: {}, cells: withoutBlack, takenAt, colour: 'Navy', need: { M: 30, XL: 18 } })
        ?.alternative?.name,
    ).toBe('White');
    const line = answer?.lines[1];
    if (!answer || !line) throw new Error('no answer');
    expect(deskStockText(answer.colour, line)).toBe('Navy XL: 10 in stock, you need 18');
    const shown = publicStockAnswer(answer);
    expect(shown.lines.map((item) => publicStockText(shown.colour, item))).toEqual([
      'Navy M: in stock',
      'Navy XL: 8 short',
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/"have"|120|10/);
  });

  it('says not in stock for a size the supplier has none of, and reads the supplier’s own spelling of a colour', () => {
    const answer = stockAnswer({
      garment,
      style: { colours: { Navy: 'Classic Navy' } },
      cells: [
        { colour: 'Classic Navy', size: 'M', quantity: 4 },
        { colour: 'Classic Navy', size: '2XL', quantity: 0 },
      ],
      takenAt,
      colour: 'Navy',
      need: { M: 2, '2XL': 3 },
    });
    expect(answer && publicStockAnswer(answer).lines.map((line) => line.stock)).toEqual([
      { state: 'in-stock' },
      { state: 'not-in-stock' },
    ]);
  });

  it('says a size or colour the supplier’s latest file no longer lists is unavailable, keeping it on the quote', () => {
    // The latest file has no Navy 2XL, and no Royal at all.
    const dropped = cells.filter((cell) => cell.colour !== 'Royal');
    const answer = stockAnswer({
      garment,
      style: {},
      cells: dropped,
      takenAt,
      colour: 'Navy',
      need: { M: 2, '2XL': 3 },
    });
    if (!answer) throw new Error('no answer');
    expect(answer.lines.map((line) => line.size)).toEqual(['M', '2XL']);
    const shown = publicStockAnswer(answer);
    expect(shown.lines.map((line) => publicStockText(shown.colour, line))).toEqual([
      'Navy M: in stock',
      'Navy 2XL: unavailable at our supplier',
    ]);
    const line = answer.lines[1];
    if (!line) throw new Error('no 2XL line');
    expect(deskStockText(answer.colour, line)).toBe('Navy 2XL: no longer in the supplier’s file, you need 3');
    const royal = stockAnswer({ garment, style: {}, cells: dropped, takenAt, colour: 'Royal', need: { M: 2 } });
    expect(royal && publicStockAnswer(royal).lines.map((item) => item.stock.state)).toEqual(['unavailable']);
  });

  it('says how old the figures are', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    expect(stockAge('2026-12-02T11:59:30Z', now)).toBe('taken just now');
    expect(stockAge('2026-12-02T09:00:00Z', now)).toBe('taken 3 hours ago');
    expect(stockAge('2026-11-30T12:00:00Z', now)).toBe('taken 2 days ago');
  });
});

describe('the days the blanks take', () => {
  const warehouses = [
    { code: 'NV', leadDays: 4 },
    { code: 'IL', leadDays: 1 },
    { code: 'KS', leadDays: 2 },
  ];
  const stock = [
    { colour: 'Navy', size: 'M', warehouses: { IL: 60, KS: 40, NV: 0 } },
    { colour: 'Navy', size: 'XL', warehouses: { IL: 4, KS: 6, NV: 20 } },
  ];

  it('takes each size from the quickest warehouses first; the order waits for its slowest size', () => {
    expect(blanksLeadDays(stock, 'Navy', { M: 30 }, warehouses)).toBe(1);
    expect(blanksLeadDays(stock, 'Navy', { M: 30, XL: 8 }, warehouses)).toBe(2);
    expect(blanksLeadDays(stock, 'Navy', { M: 30, XL: 18 }, warehouses)).toBe(4);
  });

  it('has no day when the supplier cannot cover a size', () => {
    expect(blanksLeadDays(stock, 'Navy', { XL: 31 }, warehouses)).toBeUndefined();
  });
});
