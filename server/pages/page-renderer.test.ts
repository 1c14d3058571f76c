import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import * as realEntry from '#client/entry-server.tsx';
import type { Flash } from '#server/http/flash-cookie.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { SsrEntry } from '#shared/ssr-contract.ts';
import { SUBMISSION_KEY_FIELD } from '#shared/submissions/submission-key.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { flashCookieHeader } from '#tests/support/flash-cookie-header.ts';
import { rawRequest } from '#tests/support/raw-get.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { cookiesOf, visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real React entry, with its two steps counted. */
function countingEntry() {
  const entry = realEntry as SsrEntry;
  const counted = {
    query: vi.fn(entry.query),
    render: vi.fn(entry.render),
    renderDesk: entry.renderDesk,
    renderCustomerPage: entry.renderCustomerPage,
    renderInvoice: entry.renderInvoice,
    renderCreditNote: entry.renderCreditNote,
    renderBooksMonth: entry.renderBooksMonth,
    renderGroupMember: entry.renderGroupMember,
    renderTeamStore: entry.renderTeamStore,
  };
  return counted;
}

/** The page's token field (empty: no page holds a visitor's token) and submission key, as its hidden fields carry them. */
function hiddenValues(html: string) {
  return {
    token: new RegExp(`name="${CSRF_FIELD}" value="([^"]*)"`).exec(html)?.[1],
    key: new RegExp(`name="${SUBMISSION_KEY_FIELD}" value="([^"]*)"`).exec(html)?.[1],
  };
}

describe('page cache', () => {
  it('renders a URL once, then answers it without routing or rendering, the same bytes each time', async () => {
    const entry = countingEntry();
    const { app } = await createTestApp({ entry });
    const first = await request(app).get('/about-us').expect(200);
    const second = await request(app).get('/about-us').expect(200);
    expect(entry.render).toHaveBeenCalledTimes(1);
    expect(entry.query).toHaveBeenCalledTimes(1);
    expect(second.text).toBe(first.text);
  });

  it('renders the 404 page once for any number of unknown addresses', async () => {
    const entry = countingEntry();
    const { app } = await createTestApp({ entry });
    for (const path of ['/a', '/b', '/c/d', '/e?x=1']) await request(app).get(path).expect(404);
    expect(entry.render).toHaveBeenCalledTimes(1);
    // Unknown addresses are matched every time, so they cannot crowd real pages out of the cache.
    expect(entry.query).toHaveBeenCalledTimes(4);
  });

  it('answers an unknown address seen before without routing it again', async () => {
    const entry = countingEntry();
    const { app } = await createTestApp({ entry });
    for (let visit = 0; visit < 3; visit += 1) await request(app).get('/wp-login.php').expect(404);
    expect(entry.query).toHaveBeenCalledTimes(1);
    // A real page is still its page.
    await request(app).get('/about-us').expect(200);
  });

  it.each(['/', '/about-us', '/pricing/printing', '/pricing/dtg?quantity=24', '/privacy-policy', '/nope'])(
    '%s has no form, so it sets no cookie and carries no token',
    async (path) => {
      const { app } = await createTestApp();
      for (let visit = 0; visit < 2; visit += 1) {
        const response = await request(app).get(path);
        expect(cookiesOf(response)).toEqual([]);
        expect(response.text).not.toContain(CSRF_FIELD);
      }
    },
  );

  it.each(['/contact-us', '/pricing'])(
    '%s (a form) gives each visitor a fresh submission key, on a hit too, and no token nor cookie',
    async (path) => {
      const entry = countingEntry();
      const { app } = await createTestApp({ entry });
      const seen = [];
      for (let visit = 0; visit < 3; visit += 1) {
        // Raw gzip: the key is spliced into the compressed page.
        const answer = await rawRequest(app, path, { headers: { 'Accept-Encoding': 'gzip' } });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe('gzip');
        expect(answer.headers['cache-control']).toBe('private, no-cache');
        expect(answer.headers['set-cookie']).toBeUndefined();
        const html = gunzipSync(answer.body).toString();
        const { token, key } = hiddenValues(html);
        expect(token).toBe('');
        expect(key).toMatch(/^[0-9a-f-]{36}$/);
        seen.push(key);
      }
      expect(new Set(seen).size).toBe(3);
      expect(entry.render).toHaveBeenCalledTimes(1);
    },
  );

  it.each(['/contact-us', '/pricing'])(
    '%s (a form) is sent in brotli as browsers ask, once made, each visitor’s submission key spliced in',
    async (path) => {
      const entry = countingEntry();
      const { app } = await createTestApp({ entry });
      const ask = () => rawRequest(app, path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      // gzip is sent while the page's brotli is made in the background.
      expect((await ask()).headers['content-encoding']).toBe('gzip');
      await vi.waitFor(async () => expect((await ask()).headers['content-encoding']).toBe('br'));
      const seen = [];
      for (let visit = 0; visit < 3; visit += 1) {
        const answer = await ask();
        expect(answer.headers['content-encoding']).toBe('br');
        expect(answer.headers['cache-control']).toBe('private, no-cache');
        const html = brotliDecompressSync(answer.body).toString();
        expect(html).toMatch(/<\/html>$/);
        expect(answer.headers['set-cookie']).toBeUndefined();
        const { token, key } = hiddenValues(html);
        expect(token).toBe('');
        expect(key).toMatch(/^[0-9a-f-]{36}$/);
        seen.push(key);
      }
      expect(new Set(seen).size).toBe(3);
      expect(entry.render).toHaveBeenCalledTimes(1);
    },
  );

  it('sends a returning visitor the page everyone gets: their token is in no page, and no cookie is renewed', async () => {
    const { app } = await createTestApp();
    const { cookie, token } = await visitorSession(app, '/contact-us');
    const again = await rawRequest(app, '/contact-us', { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' } });
    expect(again.headers['set-cookie']).toBeUndefined();
    const html = gunzipSync(again.body).toString();
    expect(hiddenValues(html).token).toBe('');
    expect(html).not.toContain(token);
  });

  it('sends a form page whole to a client that takes no gzip', async () => {
    const { app } = await createTestApp();
    await request(app).get('/contact-us').expect(200);
    for (const encoding of ['identity', 'br']) {
      const answer = await rawRequest(app, '/contact-us', { headers: { 'Accept-Encoding': encoding } });
      const html = (encoding === 'br' ? brotliDecompressSync(answer.body) : answer.body).toString();
      expect(html).toMatch(/<\/html>$/);
      expect(hiddenValues(html).key).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('renders every time when the cache is off, as in development', async () => {
    const entry = countingEntry();
    const { app } = await createTestApp({ entry, cache: false });
    await request(app).get('/contact-us').expect(200);
    await request(app).get('/contact-us').expect(200);
    expect(entry.render).toHaveBeenCalledTimes(2);
  });
});

describe('pages compressed once', () => {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body: Buffer) => body } as const;

  it('sends each encoding the client accepts, each with its own strong ETag, and Vary', async () => {
    const { app } = await createTestApp();
    const plain = await request(app).get('/about-us').set('Accept-Encoding', 'identity').expect(200);
    // Brotli of the site's own pages is made in the background: gzip is sent until it is ready.
    await vi.waitFor(async () => {
      const br = await rawRequest(app, '/about-us', { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
    });
    const tags = new Set<string>();
    for (const [encoding, accept] of [
      ['br', 'gzip, deflate, br'],
      ['gzip', 'gzip, br;q=0'],
      ['identity', 'identity'],
    ] as const) {
      const answer = await rawRequest(app, '/about-us', { headers: { 'Accept-Encoding': accept } });
      expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(decode[encoding](answer.body).toString()).toBe(plain.text);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      tags.add(answer.headers.etag as string);
    }
    expect(tags.size).toBe(3);
  });

  it('answers 304 to the ETag of the encoding it would send, HEAD with headers only', async () => {
    const { app } = await createTestApp();
    const first = await rawRequest(app, '/pricing/printing', { headers: { 'Accept-Encoding': 'gzip' } });
    const etag = first.headers.etag as string;
    const again = await rawRequest(app, '/pricing/printing', {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await rawRequest(app, '/pricing/printing', {
      headers: { 'Accept-Encoding': 'identity', 'If-None-Match': etag },
    });
    expect(other.status).toBe(200);
    const head = await rawRequest(app, '/pricing/printing', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  it('never answers 304 with the bytes of other site data: the tag follows the content', async () => {
    const shop = await createTestApp();
    const other = await createTestApp({ dataDir: fixtureDataDir });
    const before = await rawRequest(shop.app, '/', { headers: { 'Accept-Encoding': 'gzip' } });
    const after = await rawRequest(other.app, '/', {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': before.headers.etag as string },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('sends the 404 page compressed, without an ETag to revalidate', async () => {
    const { app } = await createTestApp();
    const answer = await rawRequest(app, '/no-such-page', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(answer.status).toBe(404);
    expect(answer.headers.etag).toBeUndefined();
    expect(gunzipSync(answer.body).toString()).toContain('noindex');
  });
});

describe('flash messages', () => {
  /** The cookie the test app itself would have set (signed with its CSRF_SECRET). */
  const flashOf = (app: TestApp, flash: Flash) => flashCookieHeader(app.config, flash);

  it('renders a flash handed over by cookie into the page, clears it, and never caches that page', async () => {
    const entry = countingEntry();
    const t = await createTestApp({ entry });
    const { app } = t;
    await request(app).get('/contact-us').expect(200);
    const flash = flashOf(t, { type: 'success', text: 'Thanks! We will answer within one business day.' });
    const withFlash = await request(app).get('/contact-us').set('Cookie', flash).expect(200);
    expect(withFlash.text).toContain('Thanks! We will answer within one business day.');
    expect(withFlash.text).toContain('data-testid="flash-message"');
    expect(withFlash.headers['cache-control']).toBe('private, no-store');
    const cleared = (withFlash.headers['set-cookie'] as unknown as string[]).find((cookie) =>
      cookie.startsWith('flash='),
    );
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    // Rendered for this visitor, and the next visitor gets the cached page without it.
    expect(entry.render).toHaveBeenCalledTimes(2);
    const after = await request(app).get('/contact-us').expect(200);
    expect(after.text).not.toContain('Thanks! We will answer');
  });

  it('shows a flash on a page without a form that is already cached, and the next visitor gets it without', async () => {
    const t = await createTestApp();
    const { app } = t;
    await request(app).get('/about-us').expect(200);
    const flash = flashOf(t, { type: 'info', text: 'Your message was sent.' });
    const withFlash = await request(app).get('/about-us').set('Cookie', `theme=dark; ${flash}`).expect(200);
    expect(withFlash.text).toContain('Your message was sent.');
    expect(withFlash.headers['cache-control']).toBe('private, no-store');
    const after = await request(app).get('/about-us').set('Cookie', 'theme=dark').expect(200);
    expect(after.text).not.toContain('Your message was sent.');
  });

  it('shows a flash as text: markup in it is escaped, and a forged cookie is ignored', async () => {
    const t = await createTestApp();
    const { app } = t;
    const hostile = flashOf(t, { type: 'error', text: '<img src=x onerror=alert(1)>' });
    const response = await request(app).get('/about-us').set('Cookie', hostile).expect(200);
    expect(response.text).not.toContain('<img src=x');
    expect(response.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const forged = await request(app).get('/about-us').set('Cookie', 'flash=%%%not-base64').expect(200);
    expect(forged.text).not.toContain('data-testid="flash-message"');
  });

  it('ignores a flash planted unsigned, as a sibling subdomain would: the page stays the shared one', async () => {
    const { app } = await createTestApp();
    const planted = Buffer.from(
      JSON.stringify({
        type: 'error',
        text: 'Your order is on hold. Call 555-0100.',
        link: { href: '/x', text: 'Update payment' },
      }),
    ).toString('base64url');
    const response = await request(app).get('/about-us').set('Cookie', `flash=${planted}`).expect(200);
    expect(response.text).not.toContain('555-0100');
    expect(response.text).not.toContain('data-testid="flash-message"');
  });
});
