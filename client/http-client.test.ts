import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '#shared/csrf-contract.ts';
import { readCookie } from './http-client.ts';

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
