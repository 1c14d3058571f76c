import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  approveQuoteV1,
  axeViolations,
  deskServerForThisFile,
  sendQuoteFromForm,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { screenshotsAtBothWidths } from '#tests/support/page-screenshots.ts';

// Sales tax from the shop's own rules (data/sales-tax.json: Illinois 6.25%, Sangamon County 1%, City of
// Springfield 2.5%, delivery untaxed), in Chromium against the production build: the estimate beside the
// form, the desk's editor line by line, and the invoice per jurisdiction.
describe('sales tax counted from the rules', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  const screenshots = screenshotsAtBothWidths;
  const notice = (page: Page) => page.getByRole('status').first().textContent();
  const sums = async (page: Page) => (await page.getByTestId('quote-sums').textContent()) ?? '';

  it('shows the tax per jurisdiction on the estimate, the desk’s quote and the invoice, caps taxed as hats', async () => {
    const customer = await watchedPage(browser(), 390);
    const desk = await watchedPage(browser(), 1280);
    const page = customer.page;
    const shop = desk.page;

    const { reference, path } = await sendQuoteFromForm(page, site.url);
    await page.goto(`${site.url}/pricing/printing`);
    await expect
      .poll(() => page.getByTestId('sales-tax').first().textContent())
      .toMatch(
        /Plus sales tax of \$[\d.,]+ \(Illinois 6\.25%: \$[\d.,]+; Sangamon County 1%: .*City of Springfield 2\.5%/,
      );

    await shop.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(shop, site.smtp, site.staff);
    await shop.goto(`${site.url}/staff/requests/${reference}/quote`);
    // The engine's lines come with their classes: the tees and their print are apparel, the screens set-up.
    expect(await shop.getByLabel('Line 1: tax class').inputValue()).toBe('apparel');
    const screens = await shop
      .getByRole('listitem')
      .filter({ has: shop.locator('input[value^="Screens"]') })
      .getByRole('combobox')
      .inputValue();
    expect(screens).toBe('setup');
    expect(await sums(shop)).toMatch(/picked up at the shop/);
    expect(await sums(shop)).toMatch(/Illinois 6\.25%\s*\$[\d.,]+/);

    // A line for caps, as hats: 12 at $20.00 is $240.00, taxed $15.00 + $2.40 + $6.00.
    const rows = await shop.locator('input[name^="label."]').count();
    const spare = await shop
      .locator('input[name^="label."]')
      .evaluateAll((inputs) => inputs.findIndex((input) => (input as HTMLInputElement).value === ''));
    expect(spare).toBeGreaterThan(0);
    expect(spare).toBeLessThan(rows);
    await shop.locator(`[name="label.${spare}"]`).fill('Richardson 112 caps, front embroidery');
    await shop.locator(`[name="quantity.${spare}"]`).fill('12');
    await shop.locator(`[name="unit.${spare}"]`).fill('20.00');
    await shop.locator(`[name="class.${spare}"]`).selectOption('hats');
    await shop.getByRole('button', { name: 'Update totals' }).click();
    await expect.poll(() => shop.getByTestId(`line-tax-${spare}`).textContent()).toBe('tax $23.40');
    expect(await axeViolations(shop)).toEqual([]);
    await screenshots(shop, 'quote-editor-tax');

    await shop.setViewportSize({ width: 1280, height: 900 });
    await shop.getByRole('button', { name: /^Send quote v1/ }).click();
    await expect.poll(() => notice(shop)).toBe('Quote sent to the customer.');

    await approveQuoteV1(page, site.url, path);

    await page.goto(`${site.url}${path}/invoice`);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toMatch(/Sales tax: Illinois 6\.25%\s*\$[\d.,]+/);
    expect(text).toMatch(/Sales tax: Sangamon County 1%\s*\$[\d.,]+/);
    expect(text).toMatch(/Sales tax: City of Springfield 2\.5%\s*\$[\d.,]+/);
    expect(text).toContain('The total includes sales tax, counted for Illinois');
    const caps = page.getByRole('row').filter({ hasText: 'Richardson 112 caps' });
    expect((await caps.textContent()) ?? '').toMatch(/Hats[\s\S]*\$20\.00[\s\S]*\$23\.40[\s\S]*\$240\.00/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'invoice-tax');
    expect(customer.problems).toEqual([]);
    expect(desk.problems).toEqual([]);
  });
});
