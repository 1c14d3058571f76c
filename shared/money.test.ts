import { describe, expect, it } from 'vitest';
import { formatMoney, moneyFormats } from './money.ts';

describe('formatMoney', () => {
  it('shows cents as US dollars by default', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(123450, 'en-US')).toBe('$1,234.50');
  });

  it('shows cents as pounds sterling in the en-GB format', () => {
    expect(formatMoney(123450, 'en-GB')).toBe('£1,234.50');
  });

  it('keeps the cents on whole amounts so a price never looks rounded', () => {
    expect(formatMoney(1200)).toBe('$12.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5, 'en-GB')).toBe('£0.05');
  });

  it('shows a negative amount, such as a refund, with its sign', () => {
    expect(formatMoney(-500)).toBe('-$5.00');
    expect(formatMoney(-500, 'en-GB')).toBe('-£5.00');
  });

  it('stays exact to the cent on the largest amounts', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('throws on anything that is not a whole number of cents', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('supports exactly the two formats of the spec and refuses any other', () => {
    expect(moneyFormats).toEqual(['en-US', 'en-GB']);
    expect(() => formatMoney(100, 'fr-FR' as 'en-US')).toThrow(RangeError);
  });
});
