import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { areaBox } from '#shared/garments/placement-geometry.ts';
import { mockupPixelAt, nearColour } from '#tests/support/mockup-pixels.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { goldDisc, navyTeeDesign, navyTeeQuote } from '#tests/support/studio-design.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';

const GOLD = [0xff, 0xb8, 0x1c];
const WHITE = [0xff, 0xff, 0xff];

const customerDesign = navyTeeDesign({ front: [goldDisc] });
const quote = { ...navyTeeQuote(1), design: JSON.stringify(customerDesign) };
const pixelAt = mockupPixelAt;
const near = nearColour;

// The desk's edit of a customer's studio design, over each database: read as JSON behind the desk's sign-in,
// saved back checked as the quote form's design is, the customer's kept in the history, the mockup redrawn.
describe.each(backends)('the desk edits a studio design, on %s', (backend) => {
  let t: TestApp;
  let reference: string;
  let session: { cookie: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({
      config: { submissionRateLimit: 1000, csrfSecret },
      storage: await openTestStorage(backend),
    });
    const visitor = await visitorSession(t.app, '/pricing');
    let post = request(t.app)
      .post('/api/quotes')
      .set('Cookie', visitor.cookie)
      .set(CSRF_HEADER, visitor.token)
      .set('Accept', 'application/json');
    for (const [name, value] of Object.entries(quote)) post = post.field(name, value);
    const sent = await post;
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    reference = sent.body.reference as string;
    session = await staffSession(t.app, t.storage, staff);
  });

  const save = (body: unknown, token: string | null = session.token) => {
    const post = request(t.app)
      .post(`/staff/requests/${reference}/design`)
      .set('Cookie', session.cookie)
      .set('Accept', 'application/json');
    return (token ? post.set(CSRF_HEADER, token) : post).send(body as object);
  };

  it('opens the request’s design in the studio from the desk, and hands the design to the desk only', async () => {
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', session.cookie).expect(200);
    expect(page.text).toContain(
      `href="/pricing/studio?garment=gildan-5000&amp;color=Navy&amp;method=screen-printing&amp;location=front&amp;request=${reference}"`,
    );
    const json = await request(t.app)
      .get(`/staff/requests/${reference}/design.json`)
      .set('Cookie', session.cookie)
      .expect(200);
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.body).toEqual({ design: customerDesign, replaced: [] });
    // Without the desk's sign-in, nothing of the request.
    const stranger = await request(t.app)
      .get(`/staff/requests/${reference}/design.json`)
      .set('Accept', 'application/json');
    expect(stranger.status).not.toBe(200);
    expect(JSON.stringify(stranger.body)).not.toContain('athletic-gold');
  });

  it('refuses a post without the anti-forgery token, and a design the catalogue or the request does not take', async () => {
    const moved = { ...customerDesign, locations: { front: [{ ...goldDisc, x: 3 }] } };
    expect((await save({ design: moved, location: 'front' }, null)).status).toBe(403);
    expect((await save({ location: 'front' })).status).toBe(400);
    const badInk = await save({
      design: { ...moved, locations: { front: [{ ...goldDisc, inkId: 'neon-plaid' }] } },
      location: 'front',
    });
    expect(badInk.status).toBe(422);
    expect(badInk.body.message).toMatch(/^The design cannot be used \(front, layer 1, inkId\)/);
    const otherShirt = await save({ design: { ...moved, colorName: 'White' }, location: 'front' });
    expect(otherShirt.status).toBe(422);
    expect(otherShirt.body.message).toBe(
      'The design was made for another garment or colour than the one chosen. Open the studio again.',
    );
    // Nothing refused was stored.
    const json = await request(t.app).get(`/staff/requests/${reference}/design.json`).set('Cookie', session.cookie);
    expect(json.body.design).toEqual(customerDesign);
  });

  it('stores the edited design, keeps the customer’s in the history, and redraws the mockup from it', async () => {
    const before = await t.storage.mockups.mockupsOf(reference);
    const box = areaBox('tee', { placement: 'front', widthInches: 12, heightInches: 16 });
    if (!box || !before[0]) throw new Error('no mockup to start from');
    const inch = box.width / 12;
    expect(await pixelAt(before[0].data, box.x + 6 * inch, box.y + 8 * inch)).toSatisfy((pixel: number[]) =>
      near(pixel, GOLD),
    );

    // The shop moves the disc to the left and prints it white.
    const edited = { ...customerDesign, locations: { front: [{ ...goldDisc, x: 3, inkId: 'white' }] } };
    const saved = await save({ design: edited, location: 'front' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.next).toBe(`/staff/requests/${reference}?done=design-saved#design`);

    const json = await request(t.app).get(`/staff/requests/${reference}/design.json`).set('Cookie', session.cookie);
    expect(json.body.design).toEqual(edited);
    expect(json.body.replaced).toEqual([
      expect.objectContaining({ location: 'front', replacedBy: `staff:${staff}`, design: customerDesign }),
    ]);

    const [after] = await t.storage.mockups.mockupsOf(reference);
    if (!after) throw new Error('the mockup is gone');
    expect(await pixelAt(after.data, box.x + 3 * inch, box.y + 8 * inch)).toSatisfy((pixel: number[]) =>
      near(pixel, WHITE),
    );
    expect(await pixelAt(after.data, box.x + 6 * inch, box.y + 8 * inch)).not.toSatisfy((pixel: number[]) =>
      near(pixel, GOLD),
    );

    // The desk says it, counts the new ink and logs the edit.
    const page = await request(t.app)
      .get(`/staff/requests/${reference}?done=design-saved`)
      .set('Cookie', session.cookie)
      .expect(200);
    expect(page.text).toContain('Design saved and the mockup redrawn from it.');
    expect(page.text).toContain('Inks: White');
    expect(page.text).toContain('Edited the studio design (front); the design it replaced is kept');
  });
});
