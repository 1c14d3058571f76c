import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { createTestApp } from '#tests/support/test-app.ts';

/**
 * The pages render the fixture's made-up prices (tests/fixtures/site-data/), and every price expected
 * here is worked out by hand from those files and written down: the test neither reads the shop's
 * prices in data/ nor asks the pricing engine what to expect.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ dataDir: fixtureDataDir });
});

/** Text content of the HTML, with tags removed and entities React writes decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('pricing pages without JavaScript', () => {
  it.each([
    [
      '/pricing/printing',
      ['First print location, per piece', 'Each further location, per piece'],
      // The first garment of the fixture, a standard cotton tee at 300 cents.
      '$3.00',
    ],
    [
      '/pricing/dtg',
      ['Light garments, per piece per location', 'Dark garments, per piece per location'],
      // The same standard cotton tee at 300 cents.
      '$3.00',
    ],
    // The first embroidery garment, a pique polo at 1200 cents.
    ['/pricing/embroidery', ['Per piece per location, by stitch count'], '$12.00'],
  ] as const)('%s shows its complete price tables, with captions and header scopes', async (path, captions, price) => {
    const { text: html } = await request(t.app).get(path).expect(200);
    for (const caption of captions) expect(html).toContain(`>${caption}</caption>`);
    expect(html).toContain('<th scope="col"');
    expect(html).toContain('<th scope="row"');
    expect(text(html)).toContain(price);
    // The default estimate is in the page too, before any script runs.
    expect(html).toContain('data-testid="estimate-summary"');
  });

  it.each([
    // 48 pieces are priced from the 48 row. On a dark garment each location prints one more color (the
    // white underbase): the first location at 4 colors, 1100 cents, a second at 2 colors, 450 cents:
    // 48 x 1550 = 74400. Below 144 pieces 6 screens are charged at 1500 cents: 9000. Own garments: 0.
    ['/pricing/printing', 'q=48&c1=3&c2=1&dark=1&garment=own', '$834.00'],
    // 7 pieces, from the 1 row: a large light print at 1400 cents, 7 x 1400 = 9800; art set-up 2000;
    // no garment asked for, so the first one, the 300 cent tee: 7 x 300 = 2100.
    ['/pricing/dtg', 'q=7&a1=large&art=1', '$139.00'],
    // 24 pieces, from the 24 row: 7,500 stitches are in the 5,001 to 8,000 band at 1250 cents,
    // 24 x 1250 = 30000; digitizing one new design location 4000; the first garment, the 1200 cent
    // polo: 24 x 1200 = 28800.
    ['/pricing/embroidery', 'q=24&s1=7500&new=1', '$628.00'],
  ] as const)('%s answers the GET form with the estimate for its query', async (path, query, total) => {
    const { text: html } = await request(t.app).get(`${path}?${query}`).expect(200);
    expect(text(html)).toContain(`${total} in total`);
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
    // "From" is one location, the smallest option, at the top break with no fee left: the first cell of
    // the last row of screen printing (500), of DTG's light prints (600) and of embroidery (800).
    for (const from of [
      'Screen printing From $5.00 per piece',
      'Direct-to-garment printing From $6.00 per piece',
      'Embroidery From $8.00 per piece',
    ]) {
      expect(text(html)).toContain(from);
    }
    expect(html).toContain('data-testid="carried-estimate"');
    // 48 pieces of 3 colors on one location: 48 x 1000 = 48000, and 3 screens at 1500 cents: 4500.
    expect(text(html)).toContain('$525.00 in total');
  });
});
