import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudioDesign } from '#shared/studio/design-schema.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { fiveLayerDesign } from '#tests/support/studio-design.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const staff = 'owner@seenwear.example';

/** Supertest keeps a binary body as a Buffer only when asked to. */
const binary = (response: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
};

// The desk's press files of a request's studio design, over each database.
describe.each(backends)('a studio design on the desk, on %s', (backend) => {
  let t: TestApp;
  let screen: string;
  let dtg: string;

  const save = async (design: StudioDesign, studioDesign: string) =>
    (
      await t.storage.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        payload: { name: 'Dana Whitfield', service: 'Screen printing', quantity: 24, studioDesign },
        formValues: { service: design.method, garment: design.garmentId, design: JSON.stringify(design) },
        files: [],
      })
    ).reference;

  beforeAll(async () => {
    t = await createTestApp({ storage: await openTestStorage(backend), config: { submissionRateLimit: 1000 } });
    screen = await save(fiveLayerDesign, 'Front: 2 inks + underbase = 3 screens');
    dtg = await save({ ...fiveLayerDesign, method: 'direct-to-garment' }, 'Front: 2 ink colours');
  });

  const signedIn = () => staffSession(t.app, t.storage, staff);
  const get = async (path: string, cookie: string) =>
    request(t.app).get(path).set('Cookie', cookie).buffer(true).parse(binary);

  it('shows the design’s ink sentence on the request page', async () => {
    const { cookie } = await signedIn();
    const page = await request(t.app).get(`/staff/requests/${screen}`).set('Cookie', cookie).expect(200);
    expect(page.text).toContain('2 inks + underbase = 3 screens');
  });

  it('sends the press SVG, the press PDF and the films as downloads named for the request and location', async () => {
    const { cookie } = await signedIn();
    const base = `/staff/requests/${screen}/design/front`;
    const svg = await get(`${base}/press.svg`, cookie);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-disposition']).toBe(`attachment; filename="${screen}-front-press.svg"`);
    expect(svg.headers['cache-control']).toBe('no-store');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(String(svg.body)).toMatch(/^<svg [^>]*width="12in" height="16in"/);
    const pdf = await get(`${base}/press.pdf`, cookie);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${screen}-front-press.pdf"`);
    expect(String(pdf.body).slice(0, 5)).toBe('%PDF-');
    const films = await get(`${base}/films.pdf`, cookie);
    expect(films.status).toBe(200);
    expect(films.headers['content-disposition']).toBe(`attachment; filename="${screen}-front-films.pdf"`);
    // One page per screen: the underbase, gold, white.
    expect(String(films.body).match(/\/Type \/Page\b/g)).toHaveLength(3);
  });

  it('makes no films for a method without screens, and says so', async () => {
    const { cookie } = await signedIn();
    const films = await get(`/staff/requests/${dtg}/design/front/films.pdf`, cookie);
    expect(films.status).toBe(404);
    const svg = await get(`/staff/requests/${dtg}/design/front/press.svg`, cookie);
    expect(svg.status).toBe(200);
  });

  it('answers 404 with a reason for a location, file or request that has none', async () => {
    const { cookie } = await signedIn();
    for (const path of [
      `/staff/requests/${screen}/design/back/press.svg`,
      `/staff/requests/${screen}/design/front/press.exe`,
      '/staff/requests/Q-2020-000001/design/front/press.svg',
    ]) {
      const response = await request(t.app).get(path).set('Cookie', cookie).set('Accept', 'application/json');
      expect(response.status, path).toBe(404);
      expect(response.body.message).toMatch(/nothing at "back"|files are press.svg|no studio design/);
    }
  });

  it('is for staff only', async () => {
    await request(t.app)
      .get(`/staff/requests/${screen}/design/front/press.svg`)
      .set('Accept', 'application/json')
      .expect(401);
  });
});
