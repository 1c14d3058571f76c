import { describe, expect, it } from 'vitest';
import { purchaseOrderCsv, totalOf } from './purchase-order.ts';

const lines = [
  { sku: '200004', style: 'K500', colour: 'Navy, Classic', size: 'XL', quantity: 12, cents: 1298 },
  { sku: '200005', style: 'K500', colour: 'Navy, Classic', size: '2XL', quantity: 3, cents: 1498 },
];

describe('a purchase order', () => {
  it('totals its lines at their prices', () => {
    expect(totalOf(lines)).toBe(12 * 1298 + 3 * 1498);
  });

  it('writes each supplier’s order layout, quoting a cell with a comma', () => {
    expect(purchaseOrderCsv({ supplier: 'sanmar', lines })).toBe(
      'STYLE#,COLOR_NAME,SIZE,QUANTITY\r\nK500,"Navy, Classic",XL,12\r\nK500,"Navy, Classic",2XL,3\r\n',
    );
    expect(purchaseOrderCsv({ supplier: 'alphabroder', lines })).toBe(
      'Item Number,Quantity\r\n200004,12\r\n200005,3\r\n',
    );
    expect(purchaseOrderCsv({ supplier: 'ss-activewear', lines })).toBe('Sku,Qty\r\n200004,12\r\n200005,3\r\n');
  });
});
