import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { bombPng } from '#tests/support/crafted-images.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// The studio's question about an uploaded picture's colours, over each database (its rate limit is stored).
describe.each(backends)('POST /api/designs/colours on %s', (backend) => {
  let t: TestApp;
  let flat: Buffer;
  let ramp: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ storage: await openTestStorage(backend), config: { submissionRateLimit: 1000 } });
    const bands = ['#1f2a44', '#ffb81c', '#ffffff'].map((background, index) => ({
      input: { create: { width: 40, height: 60, channels: 3 as const, background } },
      left: index * 40,
      top: 0,
    }));
    flat = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#000000' } })
      .composite(bands)
      .png()
      .toBuffer();
    const pixels = Buffer.alloc(128 * 32 * 3);
    for (let at = 0; at < 128 * 32; at += 1) pixels.fill(Math.round(((at % 128) / 127) * 255), at * 3, at * 3 + 3);
    ramp = await sharp(pixels, { raw: { width: 128, height: 32, channels: 3 } })
      .png()
      .toBuffer();
  });

  async function send(file?: { data: Buffer; name: string }) {
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    const post = request(t.app)
      .post('/api/designs/colours')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json');
    return file ? post.attach('picture', file.data, file.name) : post.field('note', 'no picture');
  }

  it('answers a flat three-colour picture with its three colours and the sentence that asks', async () => {
    const response = await send({ data: flat, name: 'logo.png' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.soft).toBe(false);
    expect(response.body.colours).toHaveLength(3);
    expect(response.body.colours[0]).toEqual({
      hex: expect.stringMatching(/^#[0-9a-f]{6}$/),
      share: expect.any(Number),
      inkId: expect.any(String),
    });
    expect(response.body.sentence).toMatch(/^We see 3 colours: .+ — is that right\?$/);
  });

  it('calls a gradient soft, suited to DTG', async () => {
    const response = await send({ data: ramp, name: 'sunset.png' });
    expect(response.status).toBe(200);
    expect(response.body.soft).toBe(true);
    expect(response.body.sentence).toContain('DTG');
  });

  it('refuses a post without a picture, a PDF and a file that only claims to be a PNG, with a reason', async () => {
    const none = await send();
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/Attach one picture/);
    const pdf = await send({ data: minimalPdf(), name: 'logo.pdf' });
    expect(pdf.status).toBe(422);
    expect(pdf.body.message).toMatch(/PNG or JPEG/);
    const fake = await send({ data: Buffer.from('not a picture at all'), name: 'logo.png' });
    expect(fake.status).toBe(422);
  });

  it('refuses a picture that claims a canvas too large to decode, saying so', async () => {
    const response = await send({ data: bombPng(10_000, 10_000), name: 'huge.png' });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/too many pixels/);
  });

  it('refuses a post without the CSRF token, unread', async () => {
    const response = await request(t.app)
      .post('/api/designs/colours')
      .set('Accept', 'application/json')
      .attach('picture', flat, 'logo.png');
    expect(response.status).toBe(403);
  });
});
