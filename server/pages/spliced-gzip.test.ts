import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createSplicedGzip } from './spliced-gzip.ts';

const page = (size: number) => Buffer.from(`<p>${'Screen printing, embroidery and DTG. '.repeat(size)}</p>`);

describe('spliced gzip', () => {
  it('decompresses to the fixed parts with each response’s own values between them', () => {
    const parts = [page(200), Buffer.from('" name="_submission_key" value="'), page(50)];
    const gzip = createSplicedGzip(parts);
    for (const [token, key] of [
      ['1790000000.aaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', crypto.randomUUID()],
      ['1790000001.cccccccccccccccccccccc.ddddddddddddddddddddddddddddddddddddddddddd', crypto.randomUUID()],
    ] as const) {
      const body = Buffer.concat(gzip.encode([Buffer.from(token), Buffer.from(key)]));
      // gunzip checks the CRC-32 and the length in the trailer, so a wrong checksum fails here.
      expect(gunzipSync(body).toString()).toBe(`${parts[0]}${token}${parts[1]}${key}${parts[2]}`);
    }
  });

  it('is within a few bytes of compressing the whole page per request, text repeated across the token included', () => {
    // Like a page whose embedded data, below the form, repeats what its header says above it.
    const header = Buffer.from(Array.from({ length: 300 }, () => randomBytes(12).toString('hex')).join(' '));
    const parts = [header, Buffer.concat([Buffer.from('" name="k" value="'), header])];
    const token = Buffer.from('1790000000.aaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
    const spliced = Buffer.concat(createSplicedGzip(parts).encode([token]));
    const whole = gzipSync(Buffer.concat([parts[0] as Buffer, token, parts[1] as Buffer]), { level: 9 });
    expect(gunzipSync(spliced).equals(gunzipSync(whole))).toBe(true);
    expect(spliced.length).toBeLessThan(whole.length * 1.02);
  });

  it('stays right when the values change length, and on a page that holds a NUL byte', () => {
    const gzip = createSplicedGzip([page(100), page(100)]);
    for (const value of ['short', 'a much longer value than before', '']) {
      const body = Buffer.concat(gzip.encode([Buffer.from(value)]));
      expect(gunzipSync(body).toString()).toBe(`${page(100)}${value}${page(100)}`);
    }
    const withNul = [Buffer.from('a\0\0\0b'), Buffer.from('\0\0\0\0\0a\0\0\0b')];
    const body = Buffer.concat(createSplicedGzip(withNul).encode([Buffer.from('xyz12')]));
    expect(gunzipSync(body).toString()).toBe('a\0\0\0bxyz12\0\0\0\0\0a\0\0\0b');
  });

  it('handles empty fixed parts, a value longer than one stored block, and random bytes', () => {
    const big = randomBytes(70_000);
    const body = Buffer.concat(createSplicedGzip([Buffer.alloc(0), Buffer.from('x')]).encode([big]));
    expect(gunzipSync(body).equals(Buffer.concat([big, Buffer.from('x')]))).toBe(true);
  });

  it('refuses a wrong number of values instead of sending a broken page', () => {
    expect(() => createSplicedGzip([page(1), page(1)]).encode([])).toThrow(/takes 1 values/);
  });
});
