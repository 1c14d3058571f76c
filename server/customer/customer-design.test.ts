import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import type { CustomerPageView } from '#shared/customer-page-contract.ts';
import { fiveLayerDesign, navyTeeQuote } from '#tests/support/studio-design.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// A quote request sent with a studio design, as its customer reads it back, over each database.
describe.each(backends)('the customer’s page of a request with a design, on %s', (backend) => {
  let t: TestApp;
  let link: string;

  beforeAll(async () => {
    t = await createTestApp({ storage: await openTestStorage(backend), config: { submissionRateLimit: 1000 } });
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    const sent = await request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json')
      .field({ ...navyTeeQuote(2), design: JSON.stringify(fiveLayerDesign) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    link = sent.body.link;
  });

  it('says the design’s ink count among what they asked for', async () => {
    const page = await request(t.app).get(link).set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('Studio design');
    expect(page.text).toContain('Front: 2 inks + underbase = 3 screens');
  });

  it('gives a script asking for JSON the page’s data, the design in it, never cached', async () => {
    const data = await request(t.app).get(link).set('Accept', 'application/json').expect(200);
    expect(data.headers['cache-control']).toBe('no-store');
    const view = data.body as CustomerPageView;
    expect(view.design).toEqual({ design: fiveLayerDesign, inks: ['Front: 2 inks + underbase = 3 screens'] });
    expect(view.asked.details).toContainEqual({
      label: 'Studio design',
      value: 'Front: 2 inks + underbase = 3 screens',
    });
  });
});
