import { monitorEventLoopDelay } from 'node:perf_hooks';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { bombPng, flatPng } from '#tests/support/crafted-images.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const staff = 'owner@seenwear.example';

/** 24 of the fixture catalogue's tee in navy, a 2-colour front print placed at 8 in and a back one at 10 in. */
const placed: Record<string, string> = {
  name: 'Coach Rivera',
  email: 'coach@example.com',
  phone: '(555) 010-0199',
  service: 'screen-printing',
  garment: 'test-tee',
  garmentColor: 'Navy',
  qtyM: '24',
  loc1: 'front',
  loc1Colors: '2',
  loc1ArtWidth: '8',
  loc2: 'back',
  loc2Colors: '1',
  loc2ArtWidth: '10',
  loc2ArtX: '1',
  loc2ArtY: '2',
  delivery: 'pickup',
};

// A request's mockups through the real app on each database: drawn when it is sent, refused for what
// cannot be drawn, shown on the customer's page and the desk, redrawn and sent as a proof by the shop.
describe.each(backends)('mockups on %s', (backend) => {
  let t: TestApp;
  let art: Buffer;

  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    t = await createTestApp({
      storage,
      dataDir: fixtureDataDir,
      config: { submissionRateLimit: 1000, csrfSecret, uploadsAtOnce: 8, uploadsPerVisitor: 8 },
    });
    art = await flatPng(2000, 1000, '#ffcc00');
  });

  async function postQuote(fields: Record<string, string>, file: { name: string; data: Buffer }) {
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    let post = request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json');
    for (const [name, value] of Object.entries(fields)) post = post.field(name, value);
    return post.attach('artwork', file.data, file.name);
  }

  async function sent(): Promise<string> {
    const response = await postQuote(placed, { name: 'crest.png', data: art });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    // The sent panel shows them from the private page its answer links to.
    expect(response.body.mockups).toEqual(['front', 'back']);
    return response.body.reference as string;
  }

  it('draws the front and the back as placed, and keeps them with the request', async () => {
    const reference = await sent();
    const mockups = await t.storage.mockups.mockupsOf(reference);
    expect(mockups.map((mockup) => [mockup.view, mockup.mediaType])).toEqual([
      ['front', 'image/jpeg'],
      ['back', 'image/jpeg'],
    ]);
    expect(mockups.map((mockup) => mockup.details.placements)).toEqual([
      [
        {
          row: 1,
          placement: 'front',
          file: 0,
          widthInches: 8,
          heightInches: 4,
          xInches: 2,
          yInches: 0,
          dpi: 250,
          notes: [],
        },
      ],
      [
        {
          row: 2,
          placement: 'back',
          file: 0,
          widthInches: 10,
          heightInches: 5,
          xInches: 1,
          yInches: 2,
          dpi: 200,
          notes: [],
        },
      ],
    ]);
    expect(mockups[0]?.details).toMatchObject({ garmentName: 'Millbrook 100 Cotton tee', color: 'Navy' });
    expect(mockups[0]?.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('refuses a crafted placement outside the print area (422), and stores nothing', async () => {
    const before = (await t.storage.submissions.listSubmissions({ limit: 1000 })).length;
    const outside = await postQuote({ ...placed, loc2ArtY: '14' }, { name: 'crest.png', data: art });
    expect(outside.status).toBe(422);
    expect(outside.body.fields).toEqual({ loc2ArtX: 'The artwork must sit inside the print area.' });
    const wide = await postQuote({ ...placed, loc1ArtWidth: '13' }, { name: 'crest.png', data: art });
    expect(wide.status).toBe(422);
    expect(wide.body.fields.loc1ArtWidth).toBe(
      'Enter a width from 0.5 to 12 in: the largest print here is 12 × 16 in.',
    );
    expect((await t.storage.submissions.listSubmissions({ limit: 1000 })).length).toBe(before);
  });

  it('refuses a direct-to-garment print size smaller than the placed print (422 beside the size, the form kept)', async () => {
    const before = (await t.storage.submissions.listSubmissions({ limit: 1000 })).length;
    // Twice as tall as wide: at 6 in wide it prints 6 × 12 in, past Medium's 10 in height.
    const tall = { name: 'banner.png', data: await flatPng(1000, 2000, '#0055aa') };
    const dtg: Record<string, string> = {
      ...placed,
      service: 'direct-to-garment',
      loc1Area: 'medium',
      loc1ArtWidth: '6',
    };
    for (const name of ['loc1Colors', 'loc2', 'loc2Colors', 'loc2ArtWidth', 'loc2ArtX', 'loc2ArtY']) delete dtg[name];
    const byHeight = await postQuote(dtg, tall);
    expect(byHeight.status).toBe(422);
    expect(byHeight.body.fields).toEqual({
      loc1Area:
        'A 6 × 12 in print needs Large (up to 14 x 14 in) or larger: choose that size, or make the artwork smaller.',
    });
    // The width alone rules out a size, whatever the file (one the shop places has no height to give).
    const byWidth = await postQuote({ ...dtg, loc1Area: 'small' }, tall);
    expect(byWidth.status).toBe(422);
    expect(byWidth.body.fields.loc1Area).toBe(
      'A 6 in wide print needs Medium (up to 10 x 10 in) or larger: choose that size, or make the artwork smaller.',
    );
    // Without JavaScript: the form page again, the message beside the size and everything typed in it.
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    const page = await request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set('Accept', 'text/html')
      .field({ ...dtg, [CSRF_FIELD]: token })
      .attach('artwork', tall.data, tall.name)
      .expect(422);
    expect(page.text).toContain('A 6 × 12 in print needs Large (up to 14 x 14 in) or larger');
    expect(page.text).toContain('Coach Rivera');
    expect(page.text).toMatch(/name="loc1ArtWidth"[^>]*value="6"/);
    expect((await t.storage.submissions.listSubmissions({ limit: 1000 })).length).toBe(before);
    // The size the print needs, or a larger one, is taken.
    const large = await postQuote({ ...dtg, loc1Area: 'large' }, tall);
    expect(large.status, JSON.stringify(large.body)).toBe(201);
    const oversize = await postQuote({ ...dtg, loc1Area: 'oversize' }, tall);
    expect(oversize.status, JSON.stringify(oversize.body)).toBe(201);
  });

  it('warns the desk when its redraw makes a DTG print larger than the size the request is priced at', async () => {
    const dtg: Record<string, string> = {
      ...placed,
      service: 'direct-to-garment',
      loc1Area: 'medium',
      loc1ArtWidth: '10',
      loc2Area: 'large',
    };
    delete dtg.loc1Colors;
    delete dtg.loc2Colors;
    const response = await postQuote(dtg, { name: 'crest.png', data: art });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const reference = response.body.reference as string;
    const session = await staffSession(t.app, t.storage, staff);
    const deskPage = () => request(t.app).get(`/staff/requests/${reference}`).set('Cookie', session.cookie).expect(200);
    // As the customer placed it (10 × 5 in at Medium), nothing to say.
    expect((await deskPage()).text).not.toContain('data-print-size-warning');
    await request(t.app)
      .post(`/staff/requests/${reference}/mockups`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, loc1ArtWidth: '12', loc1ArtX: '0', loc1ArtY: '0' })
      .expect(303);
    const warned = (await deskPage()).text;
    expect(warned).toContain(
      'Front: the request is priced at Medium (up to 10 x 10 in), but the print as placed, 12 × 6 in, needs Large (up to 14 x 14 in). Quote the larger size.',
    );
    // The back (10 × 5 in at Large) is priced at a size that holds it.
    expect(warned).not.toContain('Back: the request is priced');
  });

  it('draws a crafted SVG without holding other visitors: the health check answers while it is read', async () => {
    // 256 KB of "<script " inside a comment: the pattern-based cleaner took 18 s on this, on the thread
    // that answers everyone.
    const crafted = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><!--${'<script '.repeat(32 * 1024)}--><rect width="200" height="100" fill="#c00"/></svg>`,
    );
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const posting = postQuote(placed, { name: 'crest.svg', data: crafted });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const healthStarted = performance.now();
    const health = await request(t.app).get('/healthz');
    const healthMs = performance.now() - healthStarted;
    const response = await posting;
    delay.disable();
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
    expect(delay.max / 1e6).toBeLessThan(500);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.mockups).toEqual(['front', 'back']);
  });

  it('refuses an SVG it cannot read safely beside the files, with the rest of the form kept', async () => {
    const entity = Buffer.from(
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1"><text>&x;</text></svg>',
    );
    const response = await postQuote(placed, { name: 'crest.svg', data: entity });
    expect(response.status).toBe(422);
    expect(response.body.fields.artwork).toMatch(/^crest\.svg could not be read as an SVG drawing: .*Export it again/);
  });

  it('refuses a decompression bomb beside the files, with the rest of the form kept', async () => {
    const response = await postQuote(placed, { name: 'huge.png', data: bombPng(30_000, 30_000) });
    expect(response.status).toBe(422);
    expect(response.body.fields.artwork).toMatch(/^huge\.png is too large to open/);
  });

  it("shows the mockups on the customer's page and the desk, and serves the pictures there only", async () => {
    const reference = await sent();
    const path = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    const page = await request(t.app)
      .get(path ?? '')
      .expect(200);
    expect(page.text).toContain('Your design on the garment');
    expect(page.text).toContain(`src="${path}/mockups/front"`);
    expect(page.text).toContain('Front: 8 × 4 in, 250 dpi');
    const picture = await request(t.app).get(`${path}/mockups/back`).expect(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    await request(t.app).get(`${path}/mockups/side`).expect(404);
    await request(t.app).get(`/requests/${reference}/wrong-secret/mockups/front`).expect(404);

    const session = await staffSession(t.app, t.storage, staff);
    const desk = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', session.cookie).expect(200);
    expect(desk.text).toContain('Redraw the mockup');
    // A proof waits for a quote: the button shows once one can be sent.
    expect(desk.text).not.toContain('Use as proof');
    await request(t.app).get(`/staff/requests/${reference}/mockups/front`).set('Cookie', session.cookie).expect(200);
    const signedOut = await request(t.app).get(`/staff/requests/${reference}/mockups/front`).expect(303);
    expect(signedOut.headers.location).toMatch(/^\/staff\/sign-in\?next=/);
  });

  it('lets the desk move the artwork, then sends the mockup as a proof stamped with sizes and colours', async () => {
    const reference = await sent();
    const session = await staffSession(t.app, t.storage, staff);
    const desk = (path: string, fields: Record<string, string>) =>
      request(t.app)
        .post(`/staff/requests/${reference}${path}`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });

    const refused = await desk('/mockups', { loc1ArtWidth: '12', loc1ArtX: '3', loc1ArtY: '0' }).expect(303);
    expect(refused.headers.location).toBe(`/staff/requests/${reference}?done=mockup-placement`);
    const moved = await desk('/mockups', { loc1ArtWidth: '6', loc1ArtX: '3', loc1ArtY: '1' }).expect(303);
    expect(moved.headers.location).toBe(`/staff/requests/${reference}?done=mockup-saved#mockup`);
    const front = (await t.storage.mockups.mockupsOf(reference))[0];
    expect(front?.details.placements[0]).toMatchObject({ widthInches: 6, heightInches: 3, xInches: 3, yInches: 1 });

    // A proof goes with a quote: the quote first, then the mockup as its proof (a draft beside it).
    const quoted = await desk('/quote', {
      from: 'new',
      source: 'engine',
      'label.0': 'Navy tees, printed front and back',
      'quantity.0': '24',
      'unit.0': '12.50',
      validUntil: '2099-01-31',
      depositPercent: '25',
      notes: '',
      intent: 'send',
    }).expect(303);
    expect(quoted.headers.location).toBe(`/staff/requests/${reference}?done=quoted`);
    const proof = await desk('/mockups/proof', { from: 'quoted', notes: 'Ink to match your crest.' }).expect(303);
    expect(proof.headers.location).toBe(`/staff/requests/${reference}?done=proof-sent`);
    const [sentProof] = await t.storage.versions.proofsOf(reference);
    expect(sentProof).toMatchObject({
      version: 1,
      notes: 'Front: 6 × 3 in, 2 ink colors; Back: 10 × 5 in, 1 ink color\nInk to match your crest.',
    });
    const file = await t.storage.versions.getProofFile(reference, 1);
    expect(file?.mediaType).toBe('image/png');
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', session.cookie).expect(200);
    expect(page.text).toContain('Use as proof');
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('quoted');
  });

  it('redraws a request whose in-hands date has gone by since it was sent', async () => {
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Coach Rivera',
      email: 'coach@example.com',
      payload: { name: 'Coach Rivera' },
      formValues: { ...placed, inHands: '2020-03-01' },
      files: [{ name: 'crest.png', mediaType: 'image/png', size: art.length, data: art }],
    });
    const session = await staffSession(t.app, t.storage, staff);
    const redrawn = await request(t.app)
      .post(`/staff/requests/${reference}/mockups`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, loc1ArtWidth: '5', loc1ArtX: '0', loc1ArtY: '0' })
      .expect(303);
    expect(redrawn.headers.location).toBe(`/staff/requests/${reference}?done=mockup-saved#mockup`);
    expect(
      (await t.storage.mockups.mockupsOf(reference)).map((mockup) => mockup.details.placements[0]?.widthInches),
    ).toEqual([5, 10]);
  });
});
