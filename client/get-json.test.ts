// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { getJson } from './get-json.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: the test's own cookie, removed again.
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

function stubFetch(status: number, body: unknown) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

describe('getJson', () => {
  it('asks for JSON with the token a form left in the cookies, and returns the body', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a form's token, as the server sets it.
    document.cookie = `${CSRF_COOKIE}=hmac.random`;
    const calls = stubFetch(200, { appName: 'Seenwear' });
    expect(await getJson('/data/config.json')).toEqual({ appName: 'Seenwear' });
    expect(calls).toEqual([
      { url: '/data/config.json', headers: { Accept: 'application/json', [CSRF_HEADER]: 'hmac.random' } },
    ]);
  });

  it('sends no token header where no form set one, and fails on an error status', async () => {
    const calls = stubFetch(404, { error: 'not found' });
    await expect(getJson('/data/nope.json')).rejects.toThrow(/404/);
    expect(calls[0]?.headers).toEqual({ Accept: 'application/json' });
  });
});
