import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

/** The slide on show, as Splide marks it once mounted. */
const ACTIVE = '.home-carousel .carousel-slide.is-active';
const activeSlide = (page: Page) => page.locator(ACTIVE).first().getAttribute('aria-label');

/** Where the sticky header's bar ends, in viewport pixels. */
const headerBottom = (page: Page) => page.locator('header').evaluate((header) => header.getBoundingClientRect().bottom);
/** Where an element starts, in viewport pixels. */
const topOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().top);

describe('home carousel: drag and swipe on a fade carousel', () => {
  it('a mouse drag to the left shows the next slide, to the right the previous, and follows no link', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/`, { width: 1280 });
    await page.waitForSelector('.home-carousel.is-initialized');
    const box = await page.locator('.home-carousel .carousel-track').boundingBox();
    if (!box) throw new Error('no carousel track');
    const y = box.y + box.height / 2;
    expect(await activeSlide(page)).toBe('1 of 4');
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => activeSlide(page)).toBe('2 of 4');
    // Still the home page: the drag did not click through to the slide's link.
    expect(new URL(page.url()).pathname).toBe('/');
    // Its type stays fade: slides change by opacity, the list never moves sideways.
    await expect
      .poll(() =>
        page
          .locator('.home-carousel .carousel-slide')
          .evaluateAll((slides) =>
            slides.map((slide) => `${slide.getBoundingClientRect().left} ${getComputedStyle(slide).opacity}`),
          ),
      )
      .toEqual([`${box.x} 0`, `${box.x} 1`, `${box.x} 0`, `${box.x} 0`]);
    expect(await page.locator('.home-carousel .carousel-track').evaluate((track) => track.scrollLeft)).toBe(0);
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, y, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => activeSlide(page)).toBe('1 of 4');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a swipe on a touch screen changes the slide, and a short tap still follows the link', async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('.home-carousel.is-initialized');
    const box = await page.locator('.home-carousel .carousel-track').boundingBox();
    if (!box) throw new Error('no carousel track');
    const y = Math.round(box.y + box.height / 2);
    const cdp = await context.newCDPSession(page);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', 300);
    for (const x of [260, 220, 180, 140, 100]) await touch('touchMove', x);
    await touch('touchEnd', 100);
    await expect.poll(() => activeSlide(page)).toBe('2 of 4');
    expect(new URL(page.url()).pathname).toBe('/');
    // Chromium takes a tap during the swipe's fling as "stop", not as a click, and on a loaded machine
    // the fling outlasts any fixed wait: tap again each second until one is a click.
    await expect
      .poll(
        async () => {
          if (new URL(page.url()).pathname === '/') {
            await page.tap(`${ACTIVE} a`, { timeout: 1000 }).catch(() => undefined);
          }
          return new URL(page.url()).pathname;
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe('/pricing/dtg');
    await context.close();
  });
});

describe('anchors land below the sticky header', () => {
  it.each([
    ['/pricing/printing#tables-heading', '#tables-heading'],
    ['/pricing/embroidery#faq-heading', '#faq-heading'],
    ['/faq#deposit', '#deposit'],
    ['/artwork-guidelines#art-not-ready', '#art-not-ready'],
  ])('%s', async (path, target) => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}${path}`, { width: 390 });
    await expect.poll(() => topOf(page, target)).toBeGreaterThan(0);
    expect(await topOf(page, target)).toBeGreaterThanOrEqual(await headerBottom(page));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a link to an answer inside the page scrolls it into view below the header', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/faq`, { width: 1280 });
    await page.getByRole('link', { name: 'Payment and deposit' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#payment');
    await expect.poll(() => topOf(page, '#payment')).toBeLessThan(300);
    expect(await topOf(page, '#payment')).toBeGreaterThanOrEqual(await headerBottom(page));
    await context.close();
  });
});

describe('our work: filter by service', () => {
  const cards = (page: Page) => page.locator('main article h2').allTextContents();

  it('filters without a reload, keeps the filter in the address, and back undoes it', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/our-work`, { width: 1280 });
    const all = await cards(page);
    expect(all.length).toBeGreaterThanOrEqual(12);
    // A mark on the window survives a client-side change only: a reload would wipe it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page
      .getByRole('navigation', { name: 'Filter by service' })
      .getByRole('link', { name: /^Embroidery/ })
      .click();
    await expect.poll(() => new URL(page.url()).search).toBe('?service=embroidery');
    await expect.poll(async () => (await cards(page)).length).toBeLessThan(all.length);
    const services = await page.locator('main article p.uppercase').allTextContents();
    expect(new Set(services)).toEqual(new Set(['Embroidery']));
    expect(await page.getByTestId('work-count').textContent()).toBe(`${services.length} embroidery jobs`);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.goBack();
    await expect.poll(async () => (await cards(page)).length).toBe(all.length);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the links are plain links the server answers', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/our-work`, { javaScript: false });
    await page.getByRole('link', { name: /^Direct-to-garment printing/ }).click();
    await page.waitForURL(/service=direct-to-garment/);
    const services = await page.locator('main article p.uppercase').allTextContents();
    expect(services.length).toBeGreaterThan(0);
    expect(new Set(services)).toEqual(new Set(['Direct-to-garment printing']));
    await context.close();
  });
});

describe('trust pages', () => {
  it('the FAQ carries FAQPage structured data with every question', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/faq`);
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(json ?? '{}') as { '@type': string; mainEntity: { name: string }[] };
    expect(data['@type']).toBe('FAQPage');
    // Each question's heading ends with its "#" link mark, shown on hover.
    const headings = (await page.locator('main article h3').allTextContents()).map((text) => text.replace(/#$/, ''));
    expect(data.mainEntity.map((item) => item.name)).toEqual(headings);
    await context.close();
  });

  it('the contact page shows the hours and the delivery map, and its structured data has both', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/contact-us`);
    expect(await page.locator('#service-area svg[role="img"]').count()).toBe(1);
    expect(await page.getByRole('link', { name: /OpenStreetMap/ }).getAttribute('href')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\//,
    );
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(json ?? '{}') as { openingHoursSpecification: unknown[]; areaServed: unknown[] };
    expect(data.openingHoursSpecification.length).toBeGreaterThan(0);
    expect(data.areaServed.length).toBeGreaterThan(1);
    await context.close();
  });

  it("the quote form's upload field links to the artwork guidelines", async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/pricing`);
    const link = page.getByRole('link', { name: /Artwork guidelines/ }).first();
    expect(await link.getAttribute('href')).toBe('/artwork-guidelines');
    await context.close();
  });

  it('the "Update the price" button is for the page without JavaScript only', async () => {
    const withJs = await openPage(browser(), `${baseUrl}/pricing/printing`, { width: 390 });
    expect(await withJs.page.getByRole('button', { name: 'Update the price' }).isVisible()).toBe(false);
    await withJs.context.close();
    const without = await openPage(browser(), `${baseUrl}/pricing/printing`, { width: 390, javaScript: false });
    expect(await without.page.getByRole('button', { name: 'Update the price' }).isVisible()).toBe(true);
    await without.context.close();
  });

  it.each([390, 1280])('at %i px the garment select shows its longest choice whole', async (width) => {
    const { page, context } = await openPage(browser(), `${baseUrl}/pricing/printing`, { width });
    const fits = await page.locator('select[name="garment"]').evaluate((select) => {
      const s = select as HTMLSelectElement;
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(s).font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'nowrap';
      document.body.append(probe);
      const widest = Math.max(
        ...[...s.options].map((option) => {
          probe.textContent = option.text;
          return probe.getBoundingClientRect().width;
        }),
      );
      probe.remove();
      // Padding and the arrow take about 3 rem of the box.
      return widest + 48 <= s.getBoundingClientRect().width;
    });
    expect(fits).toBe(true);
    await context.close();
  });
});
