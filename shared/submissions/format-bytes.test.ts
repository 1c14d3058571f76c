import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('file sizes as a visitor reads them', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [900, '900 bytes'],
    [1023, '1,023 bytes'],
    [1024, '1 kB'],
    [1536, '1.5 kB'],
    [10 * 1024 * 1024, '10 MB'],
    [11 * 1024 * 1024, '11 MB'],
    [25 * 1024 * 1024 + 1, '25 MB'],
    [26.25 * 1024 * 1024, '26.3 MB'],
    [3 * 1024 * 1024 * 1024, '3,072 MB'],
  ])('%d bytes read "%s"', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('file sizes as staff read them', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [2048, '2.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10.0 MB'],
    [26.25 * 1024 * 1024, '26.3 MB'],
  ])('%d bytes read "%s"', (bytes, text) => {
    expect(formatBytes(bytes, 'staff')).toBe(text);
  });
});
