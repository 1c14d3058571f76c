import { describe, expect, it } from 'vitest';
import { randomBytesFromPool } from './random-pool.ts';

describe('randomBytesFromPool', () => {
  it('hands out the sizes asked for, never the same bytes twice, across refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      const bytes = randomBytesFromPool(18);
      expect(bytes.length).toBe(18);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(1000);
  });

  it('keeps bytes already handed out as they were after the pool is refilled', () => {
    const first = randomBytesFromPool(16);
    const copy = Buffer.from(first);
    for (let i = 0; i < 600; i += 1) randomBytesFromPool(16);
    expect(first.equals(copy)).toBe(true);
  });

  it('refuses more than a pool at once', () => {
    expect(() => randomBytesFromPool(5000)).toThrow(RangeError);
  });
});
