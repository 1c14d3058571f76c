import { describe, expect, it } from 'vitest';
import { hashOfSecret, isLinkSecret, linkKeys, matchesHash, newLinkSecret, sameSecret } from './link-secrets.ts';

const csrfSecret = 'a-test-secret-of-at-least-32-characters!';

describe('link secrets', () => {
  it('are 256 random bits in base64url, never the same twice, and only that shape passes', () => {
    const made = Array.from({ length: 50 }, newLinkSecret);
    expect(new Set(made).size).toBe(50);
    for (const secret of made) expect(isLinkSecret(secret)).toBe(true);
    for (const bad of ['', 'short', `${made[0]}x`, `${made[0]?.slice(1)}=`, `${made[0]?.slice(1)}/`, 42, null]) {
      expect(isLinkSecret(bad)).toBe(false);
    }
  });

  it('are kept as their SHA-256 and matched against it, an absent hash matching nothing', () => {
    const secret = newLinkSecret();
    const hash = hashOfSecret(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret);
    expect(matchesHash(secret, hash)).toBe(true);
    expect(matchesHash(newLinkSecret(), hash)).toBe(false);
    expect(matchesHash(secret, null)).toBe(false);
    expect(matchesHash(secret, undefined)).toBe(false);
    expect(matchesHash(secret, 'not a hash')).toBe(false);
    expect(sameSecret(secret, secret)).toBe(true);
    expect(sameSecret(secret, `${secret}x`)).toBe(false);
    expect(sameSecret(secret, undefined)).toBe(false);
  });

  it('are made from what the database keeps and a key from CSRF_SECRET: neither alone, nor the other kind of link', () => {
    const keys = linkKeys(csrfSecret);
    const salt = newLinkSecret();
    const page = keys.customerPage('Q-2026-000001', salt);
    expect(isLinkSecret(page)).toBe(true);
    // The same every time, so a later mail carries the link the customer bookmarked.
    expect(linkKeys(csrfSecret).customerPage('Q-2026-000001', salt)).toBe(page);
    // Another salt (another database, a replaced link), another reference or another key: another link.
    expect(keys.customerPage('Q-2026-000001', newLinkSecret())).not.toBe(page);
    expect(keys.customerPage('Q-2026-000002', salt)).not.toBe(page);
    expect(linkKeys(`${csrfSecret}?`).customerPage('Q-2026-000001', salt)).not.toBe(page);
    // A sign-in link from the same input is another secret: one kind of link never opens the other.
    expect(keys.signIn(salt)).not.toBe(keys.customerPage('Q-2026-000001', salt));
    expect(isLinkSecret(keys.signIn(salt))).toBe(true);
    for (const made of [page, keys.signIn(salt)]) {
      expect(made).not.toBe(salt);
      expect(made).not.toContain(csrfSecret);
    }
  });
});
