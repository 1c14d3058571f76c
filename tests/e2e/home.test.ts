import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from './browser-page.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

const activeSlide = (page: Page) =>
  page.locator('.home-carousel .splide__slide.is-active').first().getAttribute('aria-label');

describe('home carousel', () => {
  it.each([390, 1280])(
    'at %i px: the first slide is the preloaded, eager LCP image and nothing shifts as Splide mounts',
    async (width) => {
      const { page, context, problems } = await openPage(browser(), `${baseUrl}/`, { width });
      await page.waitForSelector('.home-carousel.is-initialized');
      await page.waitForLoadState('networkidle');
      // Every layout shift since navigation, with what moved: CLS must be 0, and a failure says why.
      const shifts = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const seen: string[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) {
                const shift = entry as unknown as {
                  value: number;
                  startTime: number;
                  sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
                };
                const moved = shift.sources.map(
                  (source) =>
                    `${source.node instanceof Element ? source.node.className.slice(0, 40) : source.node?.nodeName} ` +
                    `${source.previousRect.y}+${source.previousRect.height} -> ${source.currentRect.y}+${source.currentRect.height}`,
                );
                seen.push(`${shift.value.toFixed(3)} at ${Math.round(shift.startTime)} ms: ${moved.join('; ')}`);
              }
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(seen), 300);
          }),
      );
      expect(shifts).toEqual([]);
      const first = page.locator('.home-carousel .splide__slide').first().locator('img');
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
      const box = await page.locator('.home-carousel .splide__track').evaluate((track) => ({
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

  it('plays every 5000 ms, pauses with its button, and each slide links to its page', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/`, { width: 1280 });
    await page.waitForSelector('.home-carousel.is-initialized');
    // Keep the pointer off the carousel: hovering pauses it.
    await page.mouse.move(640, 890);
    expect(await activeSlide(page)).toBe('Slide 1 of 4');
    await expect.poll(() => activeSlide(page), { timeout: 7000, interval: 200 }).toBe('Slide 2 of 4');

    const toggle = page.locator('.home-carousel .splide__toggle');
    expect(await toggle.getAttribute('aria-label')).toBe('Pause autoplay');
    await toggle.click();
    await page.mouse.move(640, 890);
    expect(await toggle.getAttribute('aria-label')).toBe('Start autoplay');
    const paused = await activeSlide(page);
    await page.waitForTimeout(6000);
    expect(await activeSlide(page)).toBe(paused);

    await page.locator('.home-carousel .splide__slide.is-active a').click();
    await expect.poll(() => page.title()).toBe('Direct to Garment Printing Pricing - Seenwear');
    await context.close();
  }, 30_000);

  it('does not play by itself when the visitor prefers reduced motion', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('.home-carousel.is-initialized');
    await page.mouse.move(640, 890);
    expect(await page.locator('.home-carousel .splide__toggle').getAttribute('aria-label')).toBe('Start autoplay');
    await page.waitForTimeout(6000);
    expect(await activeSlide(page)).toBe('Slide 1 of 4');
    await context.close();
  }, 20_000);

  it('without JavaScript shows the first slide, the brands and the marketing section', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/`, { javaScript: false, width: 390 });
    const slides = page.locator('.home-carousel .splide__slide');
    expect(await slides.first().isVisible()).toBe(true);
    expect(await slides.nth(1).isVisible()).toBe(false);
    expect(await page.getByRole('img', { name: 'Harbor Fleece' }).isVisible()).toBe(true);
    for (const text of ['Family owned', 'Free local delivery', 'More than 20 years', 'Bring your own garments']) {
      expect(await page.getByRole('heading', { name: text }).isVisible()).toBe(true);
    }
    await context.close();
  });
});
