import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// A contact message with a valid session and token: only the headers that say where it came from vary.
describe('unsafe requests from another site', () => {
  let t: TestApp;
  beforeAll(async () => {
    // publicUrl is https://shop.example in the test config.
    t = await createTestApp({ config: { submissionRateLimit: 1000 } });
  });

  async function send(headers: Record<string, string>) {
    const { cookie, token } = await visitorSession(t.app, '/contact-us');
    return request(t.app)
      .post('/api/contact')
      .set({ Cookie: cookie, [CSRF_HEADER]: token, Accept: 'application/json', ...headers })
      .type('form')
      .send({ name: 'Lee Park', email: 'lee@example.com', message: 'Do you print on tote bags?' });
  }

  it.each(['cross-site', 'same-site'])('refuses Sec-Fetch-Site: %s, even with a valid token', async (site) => {
    const response = await send({ 'Sec-Fetch-Site': site, Origin: 'https://shop.example' });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/sent from another website/);
    expect(t.lines.some((line) => line.reason === 'cross_site')).toBe(true);
  });

  it.each(['https://evil.example', 'https://shop.example.evil.example', 'http://shop.example'])(
    'refuses an Origin of %s when the browser sends no Sec-Fetch-Site',
    async (origin) => {
      expect((await send({ Origin: origin })).status).toBe(403);
    },
  );

  it.each([
    ['a same-origin fetch', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://shop.example' }],
    ['a same-origin form under a no-referrer policy', { 'Sec-Fetch-Site': 'same-origin', Origin: 'null' }],
    ['an older browser on the public address', { Origin: 'https://shop.example' }],
    ['a script without Origin (curl)', {}],
  ])('lets %s through to the token check', async (_what, headers) => {
    expect((await send(headers)).status).toBe(201);
  });

  it('accepts the address the request was sent to as its own origin (a test or staging host)', async () => {
    const response = await send({ Host: 'staging.shop.example:8443', Origin: 'http://staging.shop.example:8443' });
    expect(response.status).toBe(201);
  });

  it('leaves safe methods alone, whatever the headers say', async () => {
    await request(t.app).get('/').set('Sec-Fetch-Site', 'cross-site').set('Origin', 'https://evil.example').expect(200);
  });
});
