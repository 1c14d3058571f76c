import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#shared/money.ts';
import { estimate, priceFileFor } from '#shared/pricing/estimate.ts';
import { fromPriceCents } from '#shared/pricing/from-price.ts';
import { optionsFromQuery } from '#shared/pricing/query.ts';
import type { ServiceId } from '#shared/site-data.ts';
import { createTestApp } from '#tests/support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});

/** Text content of the HTML, with tags removed and entities React writes decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

function expectedTotal(service: ServiceId, query: string): string {
  const prices = priceFileFor(t.siteData.data, service);
  const result = estimate(prices, optionsFromQuery(prices, new URLSearchParams(query)));
  if (!result.ok) throw new Error(`the test query is invalid: ${JSON.stringify(result.errors)}`);
  return formatMoney(result.estimate.totalCents);
}

describe('pricing pages without JavaScript', () => {
  it.each([
    ['/pricing/printing', 'screen-printing', ['First print location, per piece', 'Each further location, per piece']],
    [
      '/pricing/dtg',
      'direct-to-garment',
      ['Light garments, per piece per location', 'Dark garments, per piece per location'],
    ],
    ['/pricing/embroidery', 'embroidery', ['Per piece per location, by stitch count']],
  ] as const)(
    '%s shows its complete price tables, with captions and header scopes',
    async (path, service, captions) => {
      const { text: html } = await request(t.app).get(path).expect(200);
      for (const caption of captions) expect(html).toContain(`>${caption}</caption>`);
      expect(html).toContain('<th scope="col"');
      expect(html).toContain('<th scope="row"');
      const prices = priceFileFor(t.siteData.data, service);
      expect(text(html)).toContain(formatMoney(prices.garments[0]?.cents ?? 0));
      // The default estimate is in the page too, before any script runs.
      expect(html).toContain('data-testid="estimate-summary"');
    },
  );

  it.each([
    ['/pricing/printing', 'screen-printing', 'q=48&c1=3&c2=1&dark=1&garment=own'],
    ['/pricing/dtg', 'direct-to-garment', 'q=7&a1=large&art=1'],
    ['/pricing/embroidery', 'embroidery', 'q=24&s1=7500&new=1'],
  ] as const)('%s answers the GET form with the estimate for its query', async (path, service, query) => {
    const { text: html } = await request(t.app).get(`${path}?${query}`).expect(200);
    expect(text(html)).toContain(`${expectedTotal(service, query)} in total`);
    // The form fields show what was asked for, so the visitor can adjust it.
    expect(html).toMatch(new RegExp(`name="q"[^>]*value="${new URLSearchParams(query).get('q')}"`));
  });

  it('explains a mistake beside its field instead of showing a price', async () => {
    const { text: html } = await request(t.app).get('/pricing/printing?q=5&c1=2').expect(200);
    expect(html).toContain('data-testid="estimate-errors"');
    expect(html).toMatch(/id="error-q"[^>]*>[^<]*12/);
    expect(html).toMatch(/name="q"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="q"/);
  });

  it('the quote page shows each service from its derived price and the estimate carried over', async () => {
    const query = 'q=48&c1=3&garment=own';
    const { text: html } = await request(t.app).get(`/pricing?service=screen-printing&${query}`).expect(200);
    for (const service of ['screen-printing', 'direct-to-garment', 'embroidery'] as const) {
      expect(text(html)).toContain(formatMoney(fromPriceCents(priceFileFor(t.siteData.data, service))));
    }
    expect(html).toContain('data-testid="carried-estimate"');
    expect(text(html)).toContain(expectedTotal('screen-printing', query));
  });
});
