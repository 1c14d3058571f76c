import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, crc32ShiftFor } from './crc32-combine.ts';

describe('crc32Combine', () => {
  it.each([0, 1, 7, 77, 4096, 65_537, 300_000])('gives the CRC of A then B of %i bytes', (length) => {
    const a = randomBytes(1000);
    const b = randomBytes(length);
    expect(crc32Combine(crc32(a), crc32(b), crc32ShiftFor(b.length))).toBe(crc32(Buffer.concat([a, b])));
  });

  it('starts from an empty prefix (CRC 0)', () => {
    const b = Buffer.from('<!DOCTYPE html>');
    expect(crc32Combine(0, crc32(b), crc32ShiftFor(b.length))).toBe(crc32(b));
  });
});
