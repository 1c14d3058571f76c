import { describe, expect, it } from 'vitest';
import { pluralize, pluralWords } from './plural.ts';

describe('pluralize', () => {
  it('uses the singular for exactly one and the plural otherwise, zero included', () => {
    expect(pluralize(1, 'color')).toBe('1 color');
    expect(pluralize(2, 'color')).toBe('2 colors');
    expect(pluralize(0, 'color')).toBe('0 colors');
  });

  it('spells the irregular plural of reply', () => {
    expect(pluralize(1, 'reply')).toBe('1 reply');
    expect(pluralize(2, 'reply')).toBe('2 replies');
  });

  it('has a singular and a plural for each of the ten words of the spec', () => {
    expect([...pluralWords].sort()).toEqual(
      ['color', 'comment', 'file', 'image', 'location', 'piece', 'reply', 'shirt', 'side', 'size'].sort(),
    );
    expect(pluralWords.map((word) => [pluralize(1, word), pluralize(3, word)])).toEqual([
      ['1 color', '3 colors'],
      ['1 location', '3 locations'],
      ['1 size', '3 sizes'],
      ['1 reply', '3 replies'],
      ['1 file', '3 files'],
      ['1 image', '3 images'],
      ['1 comment', '3 comments'],
      ['1 side', '3 sides'],
      ['1 shirt', '3 shirts'],
      ['1 piece', '3 pieces'],
    ]);
  });

  it('treats a fraction as plural and chooses the form from the number as shown', () => {
    expect(pluralize(1.5, 'color')).toBe('1.5 colors');
    expect(pluralize(1.0004, 'color')).toBe('1 color');
  });

  it('groups thousands the way the locale writes them', () => {
    expect(pluralize(1000, 'shirt')).toBe('1,000 shirts');
    expect(pluralize(100000, 'shirt', 'en-IN')).toBe('1,00,000 shirts');
    expect(pluralize(1, 'piece', 'en-GB')).toBe('1 piece');
  });

  it('refuses a count that is not a number rather than printing "NaN colors"', () => {
    expect(() => pluralize(Number.NaN, 'color')).toThrow(RangeError);
    expect(() => pluralize(Number.POSITIVE_INFINITY, 'shirt')).toThrow(RangeError);
  });
});
