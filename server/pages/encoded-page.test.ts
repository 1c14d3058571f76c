import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { encodePage, pickRepresentation } from './encoded-page.ts';

const html = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Embroidery from 12 pieces.</p>'.repeat(500)}</body></html>`);

describe('encodePage', () => {
  it('a quick page (an address anyone can invent) has every encoding at once', () => {
    const page = encodePage(html, 'quick');
    expect(page.br).not.toBeNull();
    expect(brotliDecompressSync(page.br?.body ?? Buffer.alloc(0)).equals(html)).toBe(true);
    expect(gunzipSync(page.gzip.body).equals(html)).toBe(true);
  });

  it('a thorough page sends gzip until its brotli, made in the background, is ready', async () => {
    const page = encodePage(html, 'thorough');
    expect(pickRepresentation(page, { br: true, gzip: true }).encoding).toBe('gzip');
    await vi.waitFor(() => expect(page.br).not.toBeNull());
    const picked = pickRepresentation(page, { br: true, gzip: true });
    expect(picked.encoding).toBe('br');
    expect(brotliDecompressSync(picked.representation.body).equals(html)).toBe(true);
  });

  it('tags each encoding apart, and the same bytes alike', () => {
    const a = encodePage(html, 'quick');
    const b = encodePage(Buffer.from(html), 'quick');
    expect(new Set([a.identity.etag, a.gzip.etag, a.br?.etag]).size).toBe(3);
    expect(b.gzip.etag).toBe(a.gzip.etag);
    expect(encodePage(Buffer.from(`${html} `), 'quick').gzip.etag).not.toBe(a.gzip.etag);
  });
});
