import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

const summary = (page: Page) => page.getByTestId('estimate-summary').textContent();

/** Where this file's screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

/** YYYY-MM-DD some days from now, on the machine's calendar (the shop's is the same within a day). */
function daysFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

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
    const total = (await page.getByTestId('estimate-total').textContent()) ?? '';
    await page.getByRole('link', { name: 'Request this quote' }).click();
    await expect.poll(() => page.title()).toBe('Get a quote - Seenwear');
    const carried = page.getByTestId('carried-estimate');
    expect(await carried.textContent()).toContain(total);
    expect(new URL(page.url()).searchParams.get('q')).toBe('72');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('prices the in-hands date and the delivery as the visitor types, with the whole ladder beside it', async () => {
    await mkdir(shots, { recursive: true });
    for (const width of [390, 1280]) {
      const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/printing?q=30&c1=2`, { width });
      const schedule = page.getByTestId('schedule');
      expect(await schedule.textContent()).toContain('Standard turnaround');
      // A date far enough out keeps the standard price, and says by when to approve.
      await page.getByLabel('In-hands date').fill(daysFromToday(60));
      await expect.poll(() => schedule.textContent()).toContain('standard turnaround');
      expect(await schedule.textContent()).toContain('approve the proof by');
      await expect.poll(() => new URL(page.url()).searchParams.get('by')).toBe(daysFromToday(60));
      const standard = await page.getByTestId('estimate-total').textContent();
      // Tomorrow needs a rush (or cannot be made): a line of its own, and a higher total.
      await page.getByLabel('In-hands date').fill(daysFromToday(1));
      await expect.poll(() => schedule.textContent()).toMatch(/rush|We cannot make/);
      expect(await page.getByTestId('estimate-total').textContent()).not.toBe(standard);
      expect(await page.getByRole('rowheader', { name: /^Rush, / }).count()).toBe(1);
      // The ZIP code shows once delivery is chosen, and decides between free and shipped.
      expect(await page.getByLabel('ZIP code').isVisible()).toBe(false);
      await page.getByLabel('Pickup or delivery').selectOption('1');
      await page.getByLabel('ZIP code').fill('62704');
      await expect.poll(() => page.getByRole('rowheader', { name: 'Free local delivery to 62704' }).count()).toBe(1);
      await page.getByLabel('ZIP code').fill('90210');
      await expect.poll(() => page.getByRole('rowheader', { name: /^Shipping to 90210/ }).count()).toBe(1);
      const current = page.getByTestId('price-ladder').locator('tr[aria-current="true"]');
      expect(await current.textContent()).toContain('30 (yours)');
      expect(await current.textContent()).toContain((await page.getByTestId('estimate-total').textContent()) ?? '-');
      expect(await page.getByTestId('next-tier').isVisible()).toBe(true);
      expect(await page.getByTestId('sales-tax').textContent()).toContain('sales tax');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId('estimate-summary').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/calculator-estimate-${width}.png`, fullPage: width === 390 });
      expect(problems).toEqual([]);
      await context.close();
    }
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
