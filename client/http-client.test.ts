// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_ERROR_CODE, CSRF_HEADER, CSRF_TOKEN_PATH } from '#shared/csrf-contract.ts';
import { readCookie } from './csrf-cookie.ts';
import { HttpError, request } from './http-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readCookie', () => {
  it('finds the token among other cookies', () => {
    expect(readCookie(CSRF_COOKIE, `sid=abc; ${CSRF_COOKIE}=hmac.random; theme=dark`)).toBe('hmac.random');
  });

  it('does not confuse a cookie whose name ends the same way', () => {
    expect(readCookie(CSRF_COOKIE, `OLD-${CSRF_COOKIE}=x`)).toBeUndefined();
  });

  it('decodes percent-encoding and survives garbage', () => {
    expect(readCookie('a', 'a=hello%20world')).toBe('hello world');
    expect(readCookie('a', 'a=%E0%A4%A')).toBeUndefined();
    expect(readCookie('a', '')).toBeUndefined();
  });
});

describe('a form that outlived its token', () => {
  /** A server whose first answer to a post is `first`; GET CSRF_TOKEN_PATH leaves token-2 in the cookies. */
  function server(first: { status: number; body: unknown }) {
    const posts: (string | null)[] = [];
    let renewals = 0;
    const fetch = async (url: URL | string, init: RequestInit = {}) => {
      if (String(url) === CSRF_TOKEN_PATH) {
        renewals += 1;
        // biome-ignore lint/suspicious/noDocumentCookie: stands in for the Set-Cookie of the real answer.
        document.cookie = `${CSRF_COOKIE}=token-2`;
        return new Response(null, { status: 204 });
      }
      posts.push(new Headers(init.headers).get(CSRF_HEADER));
      const answer = posts.length === 1 ? first : { status: 201, body: { reference: 'Q-2026-000046' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    return { fetch, posts, renewals: () => renewals };
  }

  it('gets a fresh token and sends the form once more, so nothing typed is lost', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the HTTP client reads document.cookie, so the test writes it.
    document.cookie = `${CSRF_COOKIE}=token-1`;
    const stub = server({ status: 403, body: { error: CSRF_ERROR_CODE, message: 'expired' } });
    vi.stubGlobal('fetch', stub.fetch);
    const answer = await request('/api/quotes', { method: 'POST', body: { name: 'Dana' } });
    expect(answer).toEqual({ reference: 'Q-2026-000046' });
    expect(stub.posts).toEqual(['token-1', 'token-2']);
  });

  it('does not send again after any other refusal', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the HTTP client reads document.cookie, so the test writes it.
    document.cookie = `${CSRF_COOKIE}=token-1`;
    const stub = server({
      status: 403,
      body: { error: 'http_403', message: 'This form was sent from another website' },
    });
    vi.stubGlobal('fetch', stub.fetch);
    await expect(request('/api/quotes', { method: 'POST', body: { name: 'Dana' } })).rejects.toBeInstanceOf(HttpError);
    expect(stub.posts).toHaveLength(1);
    expect(stub.renewals()).toBe(0);
  });
});

describe('a visit that began on a page without a form', () => {
  /** A server that sets the token cookie only when asked at CSRF_TOKEN_PATH, and records what came in order. */
  function server() {
    const seen: string[] = [];
    const fetch = async (url: URL | string, init: RequestInit = {}) => {
      if (String(url) === CSRF_TOKEN_PATH) {
        seen.push('renew');
        // Answered later than at once, so requests sent together are all waiting for it.
        await new Promise((resolve) => setTimeout(resolve, 10));
        // biome-ignore lint/suspicious/noDocumentCookie: stands in for the Set-Cookie of the real answer.
        document.cookie = `${CSRF_COOKIE}=fresh-token`;
        return new Response(null, { status: 204 });
      }
      seen.push(`${init.method ?? 'GET'} ${new Headers(init.headers).get(CSRF_HEADER)}`);
      return new Response(JSON.stringify({ reference: 'Q-2026-000047' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    return { fetch, seen };
  }

  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: no token cookie, as after landing on the home page.
    document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('gets a token before its first post, so the post goes through with it', async () => {
    const stub = server();
    vi.stubGlobal('fetch', stub.fetch);
    await request('/api/contact', { method: 'POST', body: { name: 'Dana' } });
    expect(stub.seen).toEqual(['renew', 'POST fresh-token']);
  });

  it('asks once for posts sent together, and not at all for reads', async () => {
    const stub = server();
    vi.stubGlobal('fetch', stub.fetch);
    await request('/data/config.json');
    await Promise.all([
      request('/api/contact', { method: 'POST', body: { name: 'Dana' } }),
      request('/api/quotes', { method: 'POST', body: { name: 'Lee' } }),
    ]);
    expect(stub.seen).toEqual(['GET null', 'renew', 'POST fresh-token', 'POST fresh-token']);
  });

  it('asks no more once the cookie is there', async () => {
    const stub = server();
    vi.stubGlobal('fetch', stub.fetch);
    await request('/api/contact', { method: 'POST', body: { name: 'Dana' } });
    await request('/api/contact', { method: 'POST', body: { name: 'Dana' } });
    expect(stub.seen.filter((item) => item === 'renew')).toHaveLength(1);
  });
});
