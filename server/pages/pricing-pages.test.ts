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
  // Monday 30 November 2026, 09:00 in the fixture shop's Chicago: approvals count from today.
  t = await createTestApp({ dataDir: fixtureDataDir, now: () => new Date('2026-11-30T15:00:00Z') });
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

  it('prices the in-hands date and the delivery without JavaScript, with the whole ladder', async () => {
    // 24 pieces, one color, own garments: 24 x 900 + a 1500 screen = 23100. Tuesday 8 December leaves six
    // business days, two of them in transit to 90210: the 3-day rush, 50 % of 23100 = 11550; shipping
    // 24 pieces 2000. Total 36650, 1527.08 a piece.
    const { text: html } = await request(t.app)
      .get('/pricing/printing?q=24&c1=1&garment=own&by=2026-12-08&deliver=1&zip=90210')
      .expect(200);
    // React's text separators come out as spaces: closed up again before punctuation.
    const page = text(html).replace(/ ([:.,;])/g, '$1');
    expect(page).toContain('$366.50 in total for 24 pieces: about $15.27 per piece (the total ÷ 24, rounded)');
    expect(page).toContain('Rush, 3 business days: +50% of printing and set-up');
    expect(page).toContain('Shipping to 90210 by Test Parcel');
    expect(page).toContain('Tue, Dec 8: rush, 3 business days (+50%)');
    expect(page).toContain('approve the proof by 12:00 pm CST on Tue, Dec 1');
    // Shipped out of the state the shop collects in: no tax, and the page says why.
    expect(page).toContain('No sales tax: the order goes outside the states where the shop collects it.');
    // The ladder: at 12 pieces 12 x 1000 + 1500, half again for the rush, and 1000 to ship: 21250.
    expect(page).toContain('12 ≈ $17.71 $212.50');
    expect(page).toContain('24 (yours) ≈ $15.27 $366.50');
    expect(html).toMatch(/name="by"[^>]*value="2026-12-08"/);
    expect(html).toMatch(/name="zip"[^>]*value="90210"/);
  });

  it('says when a date cannot be made, and gives the earliest one', async () => {
    const { text: html } = await request(t.app)
      .get('/pricing/printing?q=24&c1=1&garment=own&by=2026-12-02')
      .expect(200);
    const page = text(html).replace(/ ([:.,;])/g, '$1');
    expect(page).toContain('We cannot make Wed, Dec 2');
    expect(page).toContain('The earliest we can have it in your hands is Thu, Dec 3');
  });

  it('asks for the ZIP code of a delivery beside its field', async () => {
    const { text: html } = await request(t.app).get('/pricing/dtg?q=12&a1=small&deliver=1&zip=').expect(200);
    expect(html).toMatch(/id="error-zip"[^>]*>Enter the ZIP code to deliver to./);
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
    // the last row of screen printing (500), of DTG's light prints (600) and of embroidery (800). It is
    // said as what it is, print only on the customer's garments, after an example priced all in
    // (worked out in shared/pricing/example-order.test.ts).
    for (const from of [
      'Printing only, on 288 pieces or more of your own garments: from $5.00 per piece.',
      'Printing only, on 72 pieces or more of your own garments: from $6.00 per piece.',
      'Embroidery only, on 96 pieces or more of your own garments: from $8.00 per piece.',
      'For example: 48 × Standard cotton tee, 1 color on the front about $11.31 each $543.00 in total, all in: the garments and the screens, picked up.',
      'For example: 12 × Pique polo, a 3.5 in wide left-chest logo about $28.83 each $346.00 in total, all in: the garments and digitizing the logo, picked up.',
    ]) {
      expect(text(html).replace(/ ([:.,;])/g, '$1')).toContain(from);
    }
    expect(html).toContain('data-testid="carried-estimate"');
    // 48 pieces of 3 colors on one location: 48 x 1000 = 48000, and 3 screens at 1500 cents: 4500.
    expect(text(html)).toContain('$525.00 in total');
  });
});

describe('the home page', () => {
  it('leads "See pricing" to the three services’ prices on the quote page, not to one service', async () => {
    const { text: html } = await request(t.app).get('/').expect(200);
    expect(html).toMatch(/<a [^>]*href="\/pricing#prices"[^>]*>See pricing<\/a>/);
    const { text: quotePage } = await request(t.app).get('/pricing').expect(200);
    expect(quotePage).toMatch(/<ul id="prices"/);
  });
});

describe('the cached calculator page and the clock', () => {
  it('counts from the next business day once the cut-off has passed, although the page was cached', async () => {
    // Monday 30 November 2026 in Chicago: 11:59, then 12:01.
    let now = new Date('2026-11-30T17:59:00Z');
    const app = (await createTestApp({ dataDir: fixtureDataDir, now: () => now })).app;
    const standard = async () =>
      text((await request(app).get('/pricing/printing?q=24&c1=1').expect(200)).text).replace(/ ([:.,;])/g, '$1');
    expect(await standard()).toContain('approve it by 12:00 pm CST today, Mon, Nov 30');
    now = new Date('2026-11-30T18:01:00Z');
    expect(await standard()).toContain('approve it by 12:00 pm CST on Tue, Dec 1');
  });

  it('turns at the cut-off itself, though less than a minute passed since the last visit', async () => {
    let now = new Date('2026-11-30T17:59:50Z');
    const app = (await createTestApp({ dataDir: fixtureDataDir, now: () => now })).app;
    const standard = async () =>
      text((await request(app).get('/pricing/printing?q=24&c1=1').expect(200)).text).replace(/ ([:.,;])/g, '$1');
    expect(await standard()).toContain('approve it by 12:00 pm CST today, Mon, Nov 30');
    now = new Date('2026-11-30T18:00:10Z');
    expect(await standard()).toContain('approve it by 12:00 pm CST on Tue, Dec 1');
  });
});
