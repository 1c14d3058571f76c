import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

/** The slide on show, as Splide marks it once mounted (the others are hidden from the keyboard and screen readers). */
const ACTIVE = '.home-carousel .carousel-slide.is-active';
const activeSlide = (page: Page) => page.locator(ACTIVE).first().getAttribute('aria-label');
const TOGGLE = '.home-carousel button.splide__toggle';

describe('home carousel', () => {
  it.each([390, 1280])(
    'at %i px: the first slide is the preloaded, eager LCP image and nothing shifts as the carousel starts',
    async (width) => {
      const { page, context, problems } = await openPage(browser(), `${baseUrl}/`, { width });
      await page.waitForSelector('.home-carousel.is-initialized');
      await page.waitForLoadState('networkidle');
      // Every layout shift since navigation, with what moved: CLS must be 0, and a failure says why.
      // Chromium reports a shift with the frame that painted it: the buffered ones reach the observer
      // in its first callback, and two more frames let anything still pending be painted and reported.
      const shifts = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const seen: string[] = [];
            const record = (entries: PerformanceEntryList) => {
              for (const entry of entries) {
                const shift = entry as unknown as {
                  value: number;
                  startTime: number;
                  sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
                };
                // What the carousel's start could move: the carousel and what follows it. A shift of the header
                // alone, long before the script runs, was seen once on a loaded CI machine (0.014 at 222 ms,
                // the logo link) and never locally or in Lighthouse (CLS 0 on every route): it is not this
                // test's subject, and the Lighthouse report watches the whole page's CLS.
                const carousel = document.querySelector('.home-carousel');
                const fromCarousel = shift.sources.some(
                  (source) =>
                    source.node instanceof Node &&
                    carousel !== null &&
                    (carousel.contains(source.node) ||
                      (carousel.compareDocumentPosition(source.node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0),
                );
                if (!fromCarousel) continue;
                const moved = shift.sources.map(
                  (source) =>
                    `${source.node instanceof Element ? source.node.className.slice(0, 40) : source.node?.nodeName} ` +
                    `${source.previousRect.y}+${source.previousRect.height} -> ${source.currentRect.y}+${source.currentRect.height}`,
                );
                seen.push(`${shift.value.toFixed(3)} at ${Math.round(shift.startTime)} ms: ${moved.join('; ')}`);
              }
            };
            const observer = new PerformanceObserver((list) => record(list.getEntries()));
            observer.observe({ type: 'layout-shift', buffered: true });
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                record(observer.takeRecords());
                observer.disconnect();
                resolve(seen);
              }),
            );
          }),
      );
      expect(shifts).toEqual([]);
      const first = page.locator('.home-carousel .carousel-slide').first().locator('img');
      expect(await first.getAttribute('fetchpriority')).toBe('high');
      expect(await first.getAttribute('loading')).toBe('eager');
      expect(Number(await first.getAttribute('width'))).toBeGreaterThan(0);
      expect(
        await first.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      ).toBe(true);
      const chosen = await first.evaluate((img) => (img as HTMLImageElement).currentSrc);
      expect(chosen).toMatch(width < 768 ? /portrait-\d+\.avif$/ : /landscape-\d+\.avif$/);
      // One preload per orientation; React adds its own for other images (the header logo).
      expect(await page.locator('link[rel="preload"][as="image"][imagesrcset]').count()).toBe(2);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it.each([390, 1280])(
    'at %i px: keeps the carousel box its final size while the slide image is still loading',
    async (width) => {
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      // Hold every slide image back: the first paint happens before any of them arrives.
      await page.route('**/images/slide-*', () => undefined);
      await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
      // Measure what the first paint shows: DOMContentLoaded can come before the stylesheet on a loaded
      // machine, and no visitor ever sees that unstyled layout (the stylesheet blocks rendering).
      await page.waitForFunction(() =>
        performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'),
      );
      const box = await page.locator('.home-carousel .carousel-track').evaluate((track) => ({
        width: track.getBoundingClientRect().width,
        height: track.getBoundingClientRect().height,
      }));
      // The slide's final shape at whatever width the layout gives it: 4:5 on phones, 12:5 on wide screens.
      expect(box.width).toBeGreaterThan(Math.min(width, 1280) * 0.9);
      const expected = width < 768 ? (box.width * 1600) / 1280 : (box.width * 1000) / 2400;
      expect(Math.abs(box.height - expected)).toBeLessThan(2);
      await context.close();
    },
  );

  // The page's clock stands still (pausedClock) and the test moves it: "every 5000 ms" is checked to the
  // frame, and "it stays put" is six seconds of the page's time, not of the test's.
  it('plays every 5000 ms, pauses with its button, and each slide links to its page', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/`, { width: 1280, pausedClock: true });
    await page.waitForSelector('.home-carousel.is-initialized');
    // Keep the pointer off the carousel: hovering pauses it.
    await page.mouse.move(640, 890);
    expect(await activeSlide(page)).toBe('1 of 4');
    await page.clock.runFor(4900);
    expect(await activeSlide(page)).toBe('1 of 4');
    await page.clock.runFor(200);
    await expect.poll(() => activeSlide(page)).toBe('2 of 4');

    const toggle = page.locator(TOGGLE);
    expect(await toggle.getAttribute('aria-label')).toBe('Pause autoplay');
    await toggle.click();
    await page.mouse.move(640, 890);
    expect(await toggle.getAttribute('aria-label')).toBe('Start autoplay');
    const paused = await activeSlide(page);
    await page.clock.runFor(6000);
    expect(await activeSlide(page)).toBe(paused);

    // A navigation waits 500 ms behind the loading screen: let the page's time run again.
    await page.clock.resume();
    await page.locator(`${ACTIVE} a`).click();
    await expect.poll(() => page.title()).toBe('Direct-to-garment printing pricing - Seenwear');
    await context.close();
  });

  it('without JavaScript shows the first slide, the brands and the marketing section', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/`, { javaScript: false, width: 390 });
    const slides = page.locator('.home-carousel .carousel-slide');
    expect(await slides.first().isVisible()).toBe(true);
    // Only the first is in view: the others wait to its right, in the strip (carousel.test.ts scrolls it).
    const inView = (slide: Element) => {
      const strip = slide.parentElement?.getBoundingClientRect();
      const box = slide.getBoundingClientRect();
      return strip !== undefined && box.left < strip.right - 1 && box.right > strip.left + 1;
    };
    expect(await slides.first().evaluate(inView)).toBe(true);
    for (const n of [1, 2, 3]) expect(await slides.nth(n).evaluate(inView)).toBe(false);
    expect(await page.getByRole('img', { name: 'Harbor Fleece' }).isVisible()).toBe(true);
    for (const text of ['Family owned', 'Free local delivery', 'A proof before we print', 'Bring your own garments']) {
      expect(await page.getByRole('heading', { name: text }).isVisible()).toBe(true);
    }
    await context.close();
  });
});
