import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

const summary = (page: import('playwright-core').Page) => page.getByTestId('estimate-summary').textContent();

describe('price calculator', () => {
  it('updates the price as the visitor types, keeps the URL in step, and a reload keeps the estimate', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/printing`, { width: 1280 });
    const before = await summary(page);
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('');
    await quantity.pressSequentially('150');
    await expect.poll(() => summary(page)).not.toBe(before);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('150');
    // No route change: no loading screen, and the input keeps the focus.
    expect(await page.getByTestId('loading-screen').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q');
    const typed = await summary(page);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await summary(page)).toBe(typed);
    expect(await page.getByLabel('Quantity').inputValue()).toBe('150');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps only digits when something else is pasted into the quantity', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/pricing/dtg`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.evaluate(() => navigator.clipboard.writeText('about 36 shirts'));
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('');
    await quantity.focus();
    // A real paste (trusted keyboard shortcut), not a synthetic event.
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => quantity.inputValue()).toBe('36');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('36');
    await context.close();
  });

  it('says when the next price break would cost less in total', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/pricing/printing?q=23&c1=1&garment=own`, {
      width: 1280,
    });
    const hint = page.getByTestId('next-tier');
    expect(await hint.textContent()).toMatch(/24/);
    await context.close();
  });

  it('shows what to fix, beside the field, for a quantity under the minimum', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/pricing/embroidery`, { width: 390 });
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('2');
    await expect.poll(() => page.getByTestId('estimate-errors').isVisible()).toBe(true);
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await quantity.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toContain('error-q');
    await context.close();
  });

  it('"Request this quote" carries the configuration to the quote page', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/printing?q=72&c1=2&garment=own`, {
      width: 1280,
    });
    const total = (await page.getByTestId('estimate-summary').locator('span').nth(1).textContent()) ?? '';
    await page.getByRole('link', { name: 'Request this quote' }).click();
    await expect.poll(() => page.title()).toBe('Get a quote - Seenwear');
    const carried = page.getByTestId('carried-estimate');
    expect(await carried.textContent()).toContain(total);
    expect(new URL(page.url()).searchParams.get('q')).toBe('72');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads the calculator chunk only on the pages that show a calculator', async () => {
    for (const [path, expected] of [
      ['/about-us', false],
      ['/pricing', false],
      ['/', false],
      ['/pricing/embroidery', true],
    ] as const) {
      const context = await browser().newContext();
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
      });
      await page.goto(`${baseUrl}${path}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.waitForLoadState('networkidle');
      expect(
        scripts.some((script) => /\/calculator-[\w-]+\.js$/.test(script)),
        path,
      ).toBe(expected);
      await context.close();
    }
  });
});
