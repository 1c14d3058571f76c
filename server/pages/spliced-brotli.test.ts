import { randomBytes, randomUUID } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createSplicedBrotli } from './spliced-brotli.ts';

const page = (size: number) => Buffer.from(`<p>${'Screen printing, embroidery and DTG – “quoted”. '.repeat(size)}</p>`);
const token = () =>
  Buffer.from(`1790000000.${randomBytes(16).toString('base64url')}.${randomBytes(32).toString('base64url')}`);

describe('spliced brotli', () => {
  it('is made in the background: nothing until ready, then each response’s own values in the page', async () => {
    const parts = [page(200), Buffer.from('" name="_submission_key" value="'), page(50)];
    const brotli = createSplicedBrotli(parts);
    const first = [token(), Buffer.from(randomUUID())];
    expect(brotli.encode(first)).toBeNull();
    expect(brotli.ready()).toBe(false);
    await brotli.prepare(first.map((value) => value.length));
    expect(brotli.ready()).toBe(true);
    for (const values of [first, [token(), Buffer.from(randomUUID())]]) {
      const body = Buffer.concat(brotli.encode(values) ?? []);
      expect(brotliDecompressSync(body).toString()).toBe(`${parts[0]}${values[0]}${parts[1]}${values[1]}${parts[2]}`);
    }
  });

  it('comes within a few per cent of compressing the whole page per request', async () => {
    const header = Buffer.from(Array.from({ length: 300 }, () => randomBytes(12).toString('hex')).join(' '));
    const parts = [
      Buffer.concat([header, page(100)]),
      Buffer.concat([Buffer.from('" name="k" value="'), header, page(100)]),
    ];
    const value = token();
    const brotli = createSplicedBrotli(parts);
    await brotli.prepare([value.length]);
    const spliced = Buffer.concat(brotli.encode([value]) ?? []);
    const whole = brotliCompressSync(Buffer.concat([parts[0] as Buffer, value, parts[1] as Buffer]));
    expect(spliced.length).toBeLessThan(whole.length * 1.05);
  });

  it('gives nothing (gzip is sent) for a page it cannot splice: a value with no text after it', async () => {
    const brotli = createSplicedBrotli([page(10), Buffer.alloc(0)]);
    await brotli.prepare([36]);
    expect(brotli.encode([Buffer.from(randomUUID())])).toBeNull();
    expect(brotli.ready()).toBe(false);
  });

  it('makes a stream per set of value lengths, and refuses a wrong number of values', async () => {
    const brotli = createSplicedBrotli([page(20), page(20)]);
    for (const value of ['short', 'a much longer value than before']) {
      await brotli.prepare([value.length]);
      const body = Buffer.concat(brotli.encode([Buffer.from(value)]) ?? []);
      expect(brotliDecompressSync(body).toString()).toBe(`${page(20)}${value}${page(20)}`);
    }
    expect(() => brotli.encode([])).toThrow(/takes 1 values/);
  });
});
