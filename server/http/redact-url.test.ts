import request from 'supertest';
import { describe, expect, it } from 'vitest';
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
});
