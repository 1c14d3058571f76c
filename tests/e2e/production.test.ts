import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

async function page(path: string) {
  const response = await fetch(`${baseUrl}${path}`);
  return { response, html: await response.text() };
}

function modulePreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1] as string);
}

describe('production build', () => {
  it('preloads the matched route chunk from the manifest, and no other page chunk', async () => {
    const about = modulePreloads((await page('/about-us')).html);
    expect(about.some((href) => /\/assets\/about-us-[\w-]+\.js$/.test(href))).toBe(true);
    expect(about.some((href) => /pricing|contact-us/.test(href))).toBe(false);
    const home = modulePreloads((await page('/')).html);
    expect(home.some((href) => /about-us|pricing|contact-us|policy|terms/.test(href))).toBe(false);
  });

  it('keeps the calculator chunk for the pages that use it', async () => {
    // The calculator hydrates as an island (client/components/island.tsx): no page preloads it; a page's
    // own chunks import it when the page has one. Followed from the preloaded chunks' text, as the browser would.
    const chunkText = async (href: string) => (await fetch(`${baseUrl}${href}`)).text();
    const importsOf = async (path: string) =>
      (await Promise.all(modulePreloads((await page(path)).html).map(chunkText))).join('\n');
    const calculator = /calculator-[\w-]+\.js/.exec(await importsOf('/pricing/printing'))?.[0];
    expect(calculator).toBeDefined();
    const served = await fetch(`${baseUrl}/assets/${calculator}`);
    expect(served.status).toBe(200);
    for (const path of ['/', '/pricing', '/about-us', '/contact-us']) {
      expect(await importsOf(path)).not.toContain(calculator);
    }
  });

  it('serves hashed assets as immutable for a year, compressed', async () => {
    const { html } = await page('/');
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    for (const asset of [script, stylesheet]) {
      expect(asset).toMatch(/^\/assets\//);
      const response = await fetch(`${baseUrl}${asset}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-encoding')).toBe('gzip');
    }
    // The build's brotli copy, when the browser accepts it: smaller than compressing on the fly.
    const brotli = await fetch(`${baseUrl}${script}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/);
    const favicon = await fetch(`${baseUrl}/favicon.svg`);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('serves the social-sharing image that og:image names', async () => {
    const { html } = await page('/about-us');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toBe(`${baseUrl}/og-image.png`);
    const response = await fetch(image as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });

  it('gives an unknown asset a 404 page, not a crash', async () => {
    const response = await fetch(`${baseUrl}/assets/nope-123.js`);
    expect(response.status).toBe(404);
  });
});
