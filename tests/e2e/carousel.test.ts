import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage, pauseClock } from '#tests/support/browser-page.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();
/** Where this file's screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';

/** The slide on show, as Splide marks it. */
const ACTIVE = '.home-carousel .carousel-slide.is-active';
const activeSlide = (page: Page) => page.locator(ACTIVE).first().getAttribute('aria-label');
const carousel = (page: Page) => page.getByRole('region', { name: 'Our services' });
/** Whether the brand's mark lies wholly inside the strip's visible box. */
const brandInView = async (page: Page, name: string) => {
  const region = page.getByRole('region', { name: 'Garment brands we work with' });
  const box = await region.getByRole('img', { name }).boundingBox();
  const strip = await region.locator('.carousel-track').boundingBox();
  return Boolean(box && strip && box.x >= strip.x - 1 && box.x + box.width <= strip.x + strip.width + 1);
};
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
  );

describe('home carousel, Splide on our strip', () => {
  it('follows the WAI-ARIA carousel pattern: a region, the rotation control first, slides as "N of 4" groups', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/`, { width: 1280, pausedClock: true });
    await page.waitForSelector('.home-carousel.is-initialized');
    const region = carousel(page);
    expect(await region.getAttribute('aria-roledescription')).toBe('carousel');
    const buttons = await region.getByRole('button').evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')));
    expect(buttons).toEqual([
      'Pause autoplay',
      'Previous slide',
      'Next slide',
      'Slide 1',
      'Slide 2',
      'Slide 3',
      'Slide 4',
    ]);
    // Every slide, the hidden ones too (only the one on show is in the accessibility tree).
    const slides = region.getByRole('group', { includeHidden: true });
    expect(await slides.evaluateAll((all) => all.map((s) => s.getAttribute('aria-label')))).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ]);
    expect(await slides.first().getAttribute('aria-roledescription')).toBe('slide');
    expect(await region.getByRole('group').evaluateAll((all) => all.map((s) => s.getAttribute('aria-label')))).toEqual([
      '1 of 4',
    ]);
    // Rotating: the slides are not read out as they change; stopped, they are.
    const track = page.locator('.home-carousel .splide__track');
    await page.mouse.move(640, 890);
    expect(await track.getAttribute('aria-live')).toBe('off');
    await page.getByRole('button', { name: 'Pause autoplay' }).click();
    expect(await track.getAttribute('aria-live')).toBe('polite');
    // Only the slide on show can be reached: the others are hidden and their links out of the tab order, so
    // Tab goes from the last dot to its link, then out of the carousel.
    await page.getByRole('button', { name: 'Slide 4' }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await page.keyboard.press('Tab');
    expect(await focused()).toContain('Screen printing pricing');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.home-carousel'))).toBe(null);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the previous, next and dot buttons change the slide, fading, and rewind at either end', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/`, { width: 1280 });
    await page.waitForSelector('.home-carousel.is-initialized');
    const next = page.getByRole('button', { name: 'Next slide' });
    const previous = page.getByRole('button', { name: 'Previous slide' });
    await next.click();
    expect(await activeSlide(page)).toBe('2 of 4');
    // The dots are React's: they show the move once it has rendered, a moment after Splide's own slide.
    await expect.poll(() => page.getByRole('button', { name: 'Slide 2' }).getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('button', { name: 'Slide 1' }).getAttribute('aria-current')).toBe('false');
    // It fades in over 400 ms, on top of the one it replaces.
    const second = page.locator('.home-carousel .carousel-slide').nth(1);
    expect(await second.evaluate((slide) => getComputedStyle(slide).transitionDuration)).toBe('0.4s');
    await expect.poll(() => second.evaluate((slide) => getComputedStyle(slide).opacity)).toBe('1');
    // Its picture has come (a lazy image that never loaded would fade in a dark box).
    await expect
      .poll(() => second.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await previous.click();
    expect(await activeSlide(page)).toBe('1 of 4');
    await previous.click();
    expect(await activeSlide(page)).toBe('4 of 4');
    await next.click();
    expect(await activeSlide(page)).toBe('1 of 4');
    await page.getByRole('button', { name: 'Slide 3' }).click();
    expect(await activeSlide(page)).toBe('3 of 4');
    await page.locator(`${ACTIVE} a`).click();
    await expect.poll(() => page.title()).toBe('Embroidery pricing - Seenwear');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('holds while the pointer is over it or focus is inside, not while focus is on its rotation control', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/`, { width: 1280, pausedClock: true });
    await page.waitForSelector('.home-carousel.is-initialized');
    await page.mouse.move(640, 300);
    await page.clock.runFor(6000);
    expect(await activeSlide(page)).toBe('1 of 4');
    await page.mouse.move(640, 890);
    await page.clock.runFor(5100);
    await expect.poll(() => activeSlide(page)).toBe('2 of 4');
    // Tab into the carousel: its first stop is the rotation control, which does not hold it.
    await page.getByRole('button', { name: 'Pause autoplay' }).focus();
    await page.clock.runFor(5100);
    await expect.poll(() => activeSlide(page)).toBe('3 of 4');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous slide');
    await page.clock.runFor(6000);
    expect(await activeSlide(page)).toBe('3 of 4');
    expect(await page.locator('.home-carousel .splide__track').getAttribute('aria-live')).toBe('polite');
    await context.close();
  });

  it('with reduced motion it waits to be started, then plays, switching without a fade', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await pauseClock(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('.home-carousel.is-initialized');
    await page.mouse.move(640, 890);
    expect(await page.getByRole('button', { name: 'Start autoplay' }).count()).toBe(1);
    // Well past the 5000 ms after which it would have moved.
    await page.clock.runFor(12_000);
    expect(await activeSlide(page)).toBe('1 of 4');
    expect(await page.locator('.home-carousel .splide__track').getAttribute('aria-live')).toBe('polite');
    await page.getByRole('button', { name: 'Start autoplay' }).click();
    await page.mouse.move(640, 890);
    await page.clock.runFor(5100);
    await expect.poll(() => activeSlide(page)).toBe('2 of 4');
    const second = page.locator('.home-carousel .carousel-slide').nth(1);
    expect(await second.evaluate((slide) => getComputedStyle(slide).transitionDuration)).toBe('0s');
    await context.close();
  });

  it.each([390, 1280])('at %i px: no axe violation, before and after a change of slide', async (width) => {
    // A running clock: axe waits on timers of its own.
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/`, { width });
    await page.waitForSelector('.home-carousel.is-initialized');
    await page.mouse.move(width / 2, 890);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/carousel-home-${width}.png` });
    await page.getByRole('button', { name: 'Slide 3' }).click();
    const third = page.locator('.home-carousel .carousel-slide').nth(2);
    await expect.poll(() => third.evaluate((slide) => getComputedStyle(slide).opacity)).toBe('1');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/carousel-home-${width}-slide-3.png` });
    await page.getByRole('region', { name: 'Garment brands we work with' }).scrollIntoViewIfNeeded();
    await page.waitForSelector('.brands-carousel.is-initialized');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/carousel-brands-${width}.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Splide, after hydration', () => {
  it.each([390, 1280])(
    'at %i px: its code is asked for only once the page has hydrated, which does not wait for it, and it mounts on both strips',
    async (width) => {
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      // When the page marks itself hydrated, on the clock the resource timings use.
      await context.addInitScript(() => {
        const observer = new MutationObserver(() => {
          if (document.documentElement?.dataset.hydrated !== 'true') return;
          (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
          observer.disconnect();
        });
        observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // Splide's chunk is held back until the page says it has hydrated: hydration must not wait for it.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let requests = 0;
      await page.route('**/assets/splide-carousels-*.js', async (route) => {
        requests += 1;
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl}/`);
      await page.waitForSelector('html[data-hydrated="true"]');
      expect(await page.locator('.splide.is-initialized').count()).toBe(0);
      release();
      await page.waitForSelector('.home-carousel.is-initialized');
      const timing = await page.evaluate(() => ({
        hydratedAt: (window as unknown as { hydratedAt: number }).hydratedAt,
        splide: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/splide-carousels-'))
          .map((entry) => entry.startTime),
      }));
      expect(timing.splide).toHaveLength(1);
      expect(timing.splide[0]).toBeGreaterThanOrEqual(timing.hydratedAt);
      // Splide's own marks on the server's markup: the fading home carousel, its slides labelled as before.
      expect(await page.locator('.home-carousel').getAttribute('class')).toContain('splide--fade');
      expect(await page.locator('.home-carousel .splide__track').getAttribute('class')).toContain(
        'splide__track--fade',
      );
      expect(await page.locator(ACTIVE).getAttribute('aria-label')).toBe('1 of 4');
      // The brand strip's island comes near the screen, and Splide mounts there too, with the chunk it has.
      await page.getByRole('region', { name: 'Garment brands we work with' }).scrollIntoViewIfNeeded();
      await page.waitForSelector('.brands-carousel.is-initialized.splide--slide');
      expect(requests).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe('without JavaScript the carousels are strips that scroll', () => {
  it.each([390, 1280])(
    'at %i px: a wheel or Tab brings the next slide into view, and its link works',
    async (width) => {
      const { page, context, problems } = await openPage(browser(), `${baseUrl}/`, { javaScript: false, width });
      const track = page.locator('.home-carousel .splide__track');
      const slides = page.locator('.home-carousel .carousel-slide');
      const left = (n: number) => slides.nth(n).evaluate((slide) => Math.round(slide.getBoundingClientRect().left));
      const start = Math.round((await track.boundingBox())?.x ?? Number.NaN);
      expect(await left(0)).toBe(start);
      await page.screenshot({ path: `${shots}/carousel-no-js-${width}.png` });
      // No control shows that would do nothing without its code.
      for (const name of ['Pause autoplay', 'Previous slide', 'Next slide', 'Slide 2']) {
        expect(
          await page
            .locator('.home-carousel')
            .getByRole('button', { name, exact: true, includeHidden: true })
            .evaluate((b) => b.checkVisibility({ visibilityProperty: true })),
        ).toBe(false);
      }
      // A sideways wheel past half a slide (a trackpad, or shift and the wheel) snaps to the next one.
      await track.hover();
      await page.mouse.wheel(width * 0.75, 0);
      await expect.poll(() => left(1)).toBe(start);
      // Tab reaches each slide's link and scrolls it into view.
      await slides.nth(3).locator('a').focus();
      await expect.poll(() => left(3)).toBe(start);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.title()).toBe('Get a quote - Seenwear');
      // The brands: two at a time on a phone, every one reachable.
      await page.goto(`${baseUrl}/`);
      const brands = page.locator('.brands-carousel .carousel-track');
      await brands.scrollIntoViewIfNeeded();
      expect(await brandInView(page, 'Harbor Fleece')).toBe(true);
      await brands.evaluate((strip) => strip.scrollBy({ left: strip.scrollWidth, behavior: 'instant' }));
      expect(await brandInView(page, 'Summit Caps')).toBe(true);
      await page.screenshot({ path: `${shots}/carousel-no-js-brands-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe('brands carousel', () => {
  it('on a phone moves on by one brand every 3000 ms, back to the start after the last, and pauses', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/`, { width: 390, pausedClock: true });
    const region = page.getByRole('region', { name: 'Garment brands we work with' });
    await region.scrollIntoViewIfNeeded();
    await page.waitForSelector('.brands-carousel.is-initialized');
    // Two of four show at a time: the strip scrolls, so the keyboard reaches it.
    expect(await region.locator('.carousel-track').getAttribute('tabindex')).toBe('0');
    await page.mouse.move(200, 10);
    // How many brands have gone by on the left once the strip stands still: 0, 1 or 2 (two show at a time),
    // told by which brand's left edge is at the strip's (-1 while it moves).
    const scrolled = () =>
      region.locator('.carousel-track').evaluate((strip) => {
        const edge = strip.parentElement?.getBoundingClientRect().left ?? 0;
        return [...strip.children].findIndex((brand) => Math.abs(brand.getBoundingClientRect().left - edge) < 1);
      });
    expect(await scrolled()).toBe(0);
    await page.clock.runFor(3100);
    await expect.poll(scrolled).toBe(1);
    await page.screenshot({ path: `${shots}/carousel-brands-390-moved.png` });
    await page.clock.runFor(3100);
    await expect.poll(scrolled).toBe(2);
    await page.clock.runFor(3100);
    await expect.poll(scrolled).toBe(0);
    await region.getByRole('button', { name: 'Pause autoplay' }).click();
    await page.mouse.move(200, 10);
    await page.clock.runFor(9000);
    expect(await scrolled()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a wide screen shows all four brands and no control: nothing moves', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/`, { width: 1280 });
    const region = page.getByRole('region', { name: 'Garment brands we work with' });
    await region.scrollIntoViewIfNeeded();
    for (const name of ['Northline Tees', 'Harbor Fleece', 'Oak & Loom', 'Summit Caps']) {
      expect(await brandInView(page, name)).toBe(true);
    }
    expect(await region.getByRole('button').isVisible()).toBe(false);
    // Nor is the strip a tab stop once its code has seen it has nowhere to scroll.
    const strip = page.locator('.brands-carousel .carousel-track');
    await expect.poll(() => strip.getAttribute('tabindex')).toBeNull();
    await context.close();
  });
});
