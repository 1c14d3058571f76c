import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import type { StudioDesign } from '#shared/studio/design-schema.ts';
import { fiveLayerDesign, navyTeeQuote } from '#tests/support/studio-design.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const entities: Record<string, string> = { '&quot;': '"', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#x27;': "'" };

/** The hidden design field's value in a page, as the browser will post it. */
function hiddenDesign(html: string): string | undefined {
  const value = /<input type="hidden" name="design" value="([^"]*)"/.exec(html)?.[1];
  return value?.replace(/&quot;|&amp;|&lt;|&gt;|&#x27;/g, (entity) => entities[entity] ?? entity);
}

/** The quote form's studio design box, as the server rendered it. */
function designBox(html: string): string {
  return /<div[^>]*data-testid="studio-design".*?<\/div>/s.exec(html)?.[0] ?? '';
}

// A studio design sent with the quote form, over each database: kept with the request, or refused beside its field.
describe.each(backends)('a design with the quote request, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { submissionRateLimit: 1000 }, storage: await openTestStorage(backend) });
  });

  const quote = { ...navyTeeQuote(2), comments: 'Team shirts for the 5K' };

  async function postQuote(fields: Record<string, string>, accept = 'application/json') {
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    let post = request(t.app).post('/api/quotes').set('Cookie', cookie).set(CSRF_HEADER, token).set('Accept', accept);
    for (const [name, value] of Object.entries(fields)) post = post.field(name, value);
    return post;
  }

  const stored = async () => (await t.storage.submissions.listSubmissions({ limit: 10_000 })).length;

  const withFront = (layers: unknown[]): unknown => ({ ...fiveLayerDesign, locations: { front: layers } });
  const front = fiveLayerDesign.locations.front ?? [];

  it('keeps the design with the form and its ink count in the request’s details', async () => {
    const response = await postQuote({ ...quote, design: JSON.stringify(fiveLayerDesign, null, 2) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { reference } = response.body as { reference: string };
    const values = await t.storage.versions.formValuesOf(reference);
    expect(JSON.parse(values?.design ?? 'null')).toEqual(fiveLayerDesign);
    const submission = await t.storage.submissions.getSubmission(reference);
    // Gold and white on navy: two inks and the white underbase beneath them.
    expect(submission?.payload.studioDesign).toBe('Front: 2 inks + underbase = 3 screens');
  });

  it('stores a request without a design as before', async () => {
    const response = await postQuote({ ...quote, design: '' });
    expect(response.status).toBe(201);
    const values = await t.storage.versions.formValuesOf(response.body.reference);
    expect(values).not.toHaveProperty('design');
  });

  const crafted: [string, unknown, RegExp][] = [
    ['1,000 layers', withFront(Array.from({ length: 1000 }, () => front[2])), /at most 30 layers/],
    [
      'a negative size',
      withFront([{ ...front[2], widthInches: -2 }]),
      /front, layer 1, widthInches\): must be more than 0/,
    ],
    ['an unknown font', withFront([{ ...front[0], fontId: 'comic-sans' }]), /There is no font "comic-sans"/],
    ['an unknown motif', withFront([{ ...front[2], motifId: 'dragon' }]), /There is no motif "dragon"/],
    ['another garment’s colour', { ...fiveLayerDesign, colorName: 'White' }, /another garment or colour/],
  ];

  it.each(crafted)('refuses %s beside the design field, storing nothing', async (_what, design, message) => {
    const before = await stored();
    const response = await postQuote({ ...quote, design: JSON.stringify(design) });
    expect(response.status).toBe(422);
    expect(response.body.fields).toEqual({ design: expect.stringMatching(message) });
    expect(await stored()).toBe(before);
  });

  it('refuses a design that is not JSON', async () => {
    const response = await postQuote({ ...quote, design: '{"garmentId": ' });
    expect(response.status).toBe(422);
    expect(response.body.fields.design).toMatch(/could not be read/);
  });

  it('refuses a design over its size cap with a sentence, before parsing it', async () => {
    const padded: StudioDesign = { ...fiveLayerDesign };
    const text = `${JSON.stringify(padded)}${' '.repeat(128 * 1024)}`;
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    const response = await request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json')
      .send({ ...quote, design: text });
    expect(response.status).toBe(422);
    expect(response.body.fields.design).toMatch(/larger than the 128 KB/);
  });

  it('refuses a 10 MB body unread (413), as JSON and as a multipart field', async () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    const asJson = await request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json')
      .send({ ...quote, design: huge });
    expect(asJson.status).toBe(413);
    const asField = await postQuote({ ...quote, design: huge });
    expect(asField.status).toBe(413);
    expect(asField.body.message).toMatch(/far longer than the form allows/);
  });

  it('answers a page posted without JavaScript with the form again, the design kept and its problem beside it', async () => {
    const before = await stored();
    const refused = JSON.stringify(withFront([{ ...front[2], motifId: 'dragon' }]));
    const response = await postQuote({ ...quote, design: refused }, 'text/html');
    expect(response.status).toBe(422);
    expect(response.text).toContain('Team shirts for the 5K');
    expect(response.text).toContain('One field needs your attention.');
    // The hidden field posts the same design again, summed up as the studio sums it up.
    expect(hiddenDesign(response.text)).toBe(refused);
    const field = designBox(response.text);
    expect(field).toContain('Your design: 1 ink, front');
    expect(field).toContain('id="quote-design-error"');
    expect(field).toContain('There is no motif &quot;dragon&quot;');
    // The error summary links to it as to any field.
    expect(response.text).toMatch(
      /<a href="#quote-design"[^>]*>Studio design<\/a>: (<!-- -->)?The design cannot be used \(front, layer 1, motifId\)/,
    );
    expect(await stored()).toBe(before);
  });

  it('refills the quote form with the design on "order again", summed up', async () => {
    const sent = await postQuote({ ...quote, design: JSON.stringify(fiveLayerDesign) });
    expect(sent.status).toBe(201);
    const { reference, link } = sent.body as { reference: string; link: string };
    await t.storage.desk.changeRequestStatus(reference, { from: 'new', to: 'completed', actor: 'staff:a@b.example' });
    const { cookie, token } = await visitorSession(t.app, link);
    const form = await request(t.app)
      .post(`${link}/order-again`)
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token })
      .expect(200);
    expect(form.text).toMatch(new RegExp(`Reorder of (<!-- -->)?${reference}`));
    expect(JSON.parse(hiddenDesign(form.text) ?? 'null')).toEqual(fiveLayerDesign);
    const field = designBox(form.text);
    expect(field).toContain('Your design: 2 inks, front');
    expect(field).not.toContain('quote-design-error');
  });
});
