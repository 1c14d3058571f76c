import { describe, expect, it } from 'vitest';
import { createLayoutCache, valueLengths } from './spliced-layouts.ts';

describe('spliced layouts', () => {
  it('gives the values’ lengths when they fit between the fixed parts, and refuses any other count', () => {
    const parts = [Buffer.from('<p>'), Buffer.from('" value="'), Buffer.from('</p>')];
    expect(valueLengths(parts, [Buffer.from('token'), Buffer.from('')])).toEqual([5, 0]);
    expect(() => valueLengths(parts, [Buffer.from('token')])).toThrow(
      'A page with 3 fixed parts takes 2 values, not 1',
    );
    expect(() => valueLengths(parts, [Buffer.alloc(1), Buffer.alloc(1), Buffer.alloc(1)])).toThrow(/not 3/);
  });

  it('keeps one layout per set of lengths, in order, and drops the oldest past its bound', () => {
    const cache = createLayoutCache<string>(2);
    cache.set([1, 2], 'a');
    cache.set([12], 'b');
    expect(cache.get([1, 2])).toBe('a');
    // [1, 2] and [12] are different sets even though their digits read alike.
    expect(cache.get([12])).toBe('b');
    cache.set([1, 2], 'a again');
    expect(cache.size).toBe(2);
    cache.set([3], 'c');
    expect(cache.size).toBe(2);
    expect(cache.get([1, 2])).toBeUndefined();
    expect(cache.get([12])).toBe('b');
    expect(cache.get([3])).toBe('c');
  });
});
