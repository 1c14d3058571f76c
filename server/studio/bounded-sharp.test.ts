import { expect, it } from 'vitest';
import sharp, { SHARP_CACHE } from './bounded-sharp.ts';

it("bounds libvips's cache below sharp's default, and keeps within it while drawing", async () => {
  const limits = sharp.cache();
  expect(limits.memory.max).toBe(SHARP_CACHE.memory);
  expect(limits.files.max).toBe(0);
  expect(limits.items.max).toBe(SHARP_CACHE.items);
  // sharp's defaults are 50 MB and 100 operations: the bound must be tighter to change anything.
  expect(SHARP_CACHE.memory).toBeLessThan(50);
  expect(SHARP_CACHE.items).toBeLessThan(100);
  for (let i = 0; i < 20; i++) {
    await sharp({ create: { width: 1200, height: 1400, channels: 4, background: { r: i, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer();
  }
  const after = sharp.cache();
  expect(after.memory.current).toBeLessThanOrEqual(SHARP_CACHE.memory);
  expect(after.items.current).toBeLessThanOrEqual(SHARP_CACHE.items);
});
