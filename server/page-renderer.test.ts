import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import * as realEntry from '#client/entry-server.tsx';
import { CSRF_COOKIE, CSRF_SESSION_COOKIE } from '#shared/csrf-contract.ts';
import type { SsrEntry } from '#shared/ssr-contract.ts';
import { createTestApp } from '#tests/support/test-app.ts';

/** The real React entry, with its two steps counted. */
function countingEntry() {
  const entry = realEntry as SsrEntry;
  const counted = {
    query: vi.fn(entry.query),
    render: vi.fn(entry.render),
    renderDesk: entry.renderDesk,
  };
  return counted;
}

const nonceOf = (response: request.Response) =>
  /'nonce-([^']+)'/.exec(response.headers['content-security-policy'] as string)?.[1];

describe('page cache', () => {
  it('renders a URL once, then answers it without routing or rendering, with a fresh nonce each time', async () => {
    const entry = countingEntry();
    const { app } = await createTestApp({ entry });
    const first = await request(app).get('/about-us').expect(200);
    const second = await request(app).get('/about-us').expect(200);
    expect(entry.render).toHaveBeenCalledTimes(1);
    expect(entry.query).toHaveBeenCalledTimes(1);
    const [a, b] = [nonceOf(first), nonceOf(second)];
    expect(a).not.toBe(b);
    expect(second.text.replaceAll(b as string, a as string)).toBe(first.text);
  });

  it('renders the 404 page once for any number of unknown addresses', async () => {
    const entry = countingEntry();
    const { app } = await createTestApp({ entry });
    for (const path of ['/a', '/b', '/c/d', '/e?x=1']) await request(app).get(path).expect(404);
    expect(entry.render).toHaveBeenCalledTimes(1);
    // Unknown addresses are matched every time, so they cannot crowd real pages out of the cache.
    expect(entry.query).toHaveBeenCalledTimes(4);
  });

  it('still issues the visitor their session and token on a cache hit', async () => {
    const { app } = await createTestApp();
    await request(app).get('/').expect(200);
    const hit = await request(app).get('/').expect(200);
    const cookies = (hit.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split('=')[0]);
    expect(cookies).toEqual([CSRF_SESSION_COOKIE, CSRF_COOKIE]);
  });

  it('renders every time when the cache is off, as in development', async () => {
    const entry = countingEntry();
    const { app } = await createTestApp({ entry, cache: false });
    await request(app).get('/contact-us').expect(200);
    await request(app).get('/contact-us').expect(200);
    expect(entry.render).toHaveBeenCalledTimes(2);
  });
});

describe('flash messages', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('renders a flash handed over by cookie into the page, clears it, and never caches that page', async () => {
    const entry = countingEntry();
    const { app } = await createTestApp({ entry });
    await request(app).get('/contact-us').expect(200);
    const flash = encode({ type: 'success', text: 'Thanks! We will answer within one business day.' });
    const withFlash = await request(app).get('/contact-us').set('Cookie', `flash=${flash}`).expect(200);
    expect(withFlash.text).toContain('Thanks! We will answer within one business day.');
    expect(withFlash.text).toContain('data-testid="flash-message"');
    const cleared = (withFlash.headers['set-cookie'] as unknown as string[]).find((cookie) =>
      cookie.startsWith('flash='),
    );
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    // Rendered for this visitor, and the next visitor gets the cached page without it.
    expect(entry.render).toHaveBeenCalledTimes(2);
    const after = await request(app).get('/contact-us').expect(200);
    expect(after.text).not.toContain('Thanks! We will answer');
  });

  it('shows a flash as text: markup in it is escaped, and a forged cookie is ignored', async () => {
    const { app } = await createTestApp();
    const hostile = encode({ type: 'error', text: '<img src=x onerror=alert(1)>' });
    const response = await request(app).get('/about-us').set('Cookie', `flash=${hostile}`).expect(200);
    expect(response.text).not.toContain('<img src=x');
    expect(response.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const forged = await request(app).get('/about-us').set('Cookie', 'flash=%%%not-base64').expect(200);
    expect(forged.text).not.toContain('data-testid="flash-message"');
  });
});
