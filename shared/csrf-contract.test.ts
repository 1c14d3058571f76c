import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, csrfCookieNames, csrfTokenFrom } from './csrf-contract.ts';

describe('the anti-forgery contract', () => {
  it('uses the names the spec gives the HTTP client: the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN', () => {
    expect(CSRF_COOKIE).toBe('XSRF-TOKEN');
    expect(CSRF_HEADER).toBe('X-XSRF-TOKEN');
  });

  it('names the hidden field of forms posted without JavaScript _csrf, as docs/operations.md documents', () => {
    expect(CSRF_FIELD).toBe('_csrf');
  });

  it('prefixes both cookies with __Host- when they are Secure, and only then', () => {
    expect(csrfCookieNames(true)).toEqual({ token: '__Host-XSRF-TOKEN', session: '__Host-sid' });
    expect(csrfCookieNames(false)).toEqual({ token: 'XSRF-TOKEN', session: 'sid' });
  });

  it('reads the host-only token before a bare one a sibling subdomain could have planted', () => {
    const jar = new Map([
      ['XSRF-TOKEN', 'planted'],
      ['__Host-XSRF-TOKEN', 'ours'],
    ]);
    expect(csrfTokenFrom((name) => jar.get(name))).toBe('ours');
    expect(csrfTokenFrom((name) => (name === 'XSRF-TOKEN' ? 'development' : undefined))).toBe('development');
  });
});
