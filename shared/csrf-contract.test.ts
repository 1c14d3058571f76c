import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER } from './csrf-contract.ts';

describe('the anti-forgery contract', () => {
  it('uses the names spec section 7 gives: the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN', () => {
    expect(CSRF_COOKIE).toBe('XSRF-TOKEN');
    expect(CSRF_HEADER).toBe('X-XSRF-TOKEN');
  });

  it('names the hidden field of forms posted without JavaScript _csrf, as the README documents', () => {
    expect(CSRF_FIELD).toBe('_csrf');
  });
});
