import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { listenOnLoopback, rawExchange } from '#tests/support/raw-socket.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { redactUrl } from './redact-url.ts';

describe('the keys in private links stay out of the logs', () => {
  it("replaces a customer page's secret and a staff sign-in token, and nothing else", () => {
    const secret = 'k'.repeat(43);
    expect(redactUrl(`/requests/Q-2026-000123/${secret}`)).toBe('/requests/Q-2026-000123/[secret]');
    expect(redactUrl(`/requests/Q-2026-000123/${secret}/files/0/preview?x=1`)).toBe(
      '/requests/Q-2026-000123/[secret]/files/0/preview?x=1',
    );
    expect(redactUrl(`/staff/sign-in/${secret}?next=%2Fstaff`)).toBe('/staff/sign-in/[secret]?next=%2Fstaff');
    expect(redactUrl('/staff/sign-in/confirm')).toBe('/staff/sign-in/confirm');
    expect(redactUrl('/staff/sign-in?sent')).toBe('/staff/sign-in?sent');
    expect(redactUrl('/pricing?service=dtg')).toBe('/pricing?service=dtg');
  });

  // Routes match in any case, and a server must take an absolute-form target: each reaches the same page.
  it.each([
    ['/Requests/Q-2026-000123/KEY', '/Requests/Q-2026-000123/[secret]'],
    ['/REQUESTS/q-2026-000123/KEY/files/0', '/REQUESTS/q-2026-000123/[secret]/files/0'],
    ['http://evil.example/requests/Q-2026-000123/KEY', 'http://evil.example/requests/Q-2026-000123/[secret]'],
    [
      'HTTPS://evil.example:8443/Requests/Q-2026-000123/KEY?done=sent',
      'HTTPS://evil.example:8443/Requests/Q-2026-000123/[secret]?done=sent',
    ],
    ['//requests/Q-2026-000123/KEY', '//requests/Q-2026-000123/[secret]'],
    ['/%72equests/Q-2026-000123/KEY', '/requests/Q-2026-000123/[secret]'],
    ['/requests%2FQ-2026-000123%2FKEY', '/requests/Q-2026-000123/[secret]'],
    ['/requests/Q-2026-000123/KEY%', '/requests/Q-2026-000123/[secret]'],
    ['/staff/Sign-In/KEY', '/staff/Sign-In/[secret]'],
    ['/STAFF/SIGN-IN/KEY?next=%2Fstaff', '/STAFF/SIGN-IN/[secret]?next=%2Fstaff'],
    ['http://evil.example/staff/sign-in/KEY', 'http://evil.example/staff/sign-in/[secret]'],
  ])('redacts %s', (url, logged) => {
    expect(redactUrl(url.replace('KEY', 'k'.repeat(43)))).toBe(logged);
  });

  it.each([
    '/staff/Sign-In/Confirm',
    '/staff/sign-in',
    '/requests',
    '/requests/Q-2026-000123',
    '*',
    'http://evil.example/',
  ])('leaves %s alone', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it("logs a visit to a customer's page without its secret", async () => {
    const t = await createTestApp();
    const secret = 'S3cr3t'.repeat(7).slice(0, 43);
    await request(t.app).get(`/requests/Q-2026-000123/${secret}`).expect(404);
    await request(t.app).get(`/staff/sign-in/${secret}`).expect(303);
    const logged = JSON.stringify(t.lines);
    expect(logged).toContain('/requests/Q-2026-000123/[secret]');
    expect(logged).toContain('/staff/sign-in/[secret]');
    expect(logged).not.toContain(secret);
  });

  it('logs no key whatever the case or form of the target, nor in the refusal lines of the guards (raw socket)', async () => {
    const t = await createTestApp();
    const listening = await listenOnLoopback(t.app);
    const secret = 'Zq9'.repeat(15).slice(0, 43);
    const targets = [
      ['GET', `/Requests/Q-2026-000123/${secret}`],
      ['GET', `http://evil.example/requests/Q-2026-000123/${secret}`],
      ['GET', `/staff/Sign-In/${secret}`],
      ['GET', `HTTP://EVIL.EXAMPLE/STAFF/SIGN-IN/${secret}`],
      // Refused by the cross-site guard and by the CSRF check: their lines name the path too.
      ['POST', `/Requests/Q-2026-000123/${secret}/cancel`, 'Sec-Fetch-Site: cross-site\r\n'],
      ['POST', `http://evil.example/requests/Q-2026-000123/${secret}/cancel`],
    ] as const;
    try {
      for (const [method, target, extra = ''] of targets) {
        const answer = await rawExchange(
          listening.port,
          `${method} ${target} HTTP/1.1\r\nHost: shop.example\r\nContent-Length: 0\r\n${extra}Connection: close\r\n\r\n`,
        );
        expect(answer.status).toBeGreaterThan(0);
      }
    } finally {
      await listening.close();
    }
    const logged = JSON.stringify(t.lines);
    expect(t.lines.some((line) => line.reason === 'cross_site')).toBe(true);
    expect(t.lines.some((line) => line.reason === 'csrf')).toBe(true);
    expect(logged).toContain('[secret]');
    expect(logged).not.toContain(secret);
  });
});
