import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { approvedFromForm, axeViolations, deskServerForThisFile, watchedPage } from '#tests/support/browser-session.ts';
import { screenshotsAtBothWidths, shots } from '#tests/support/page-screenshots.ts';

// The books in Chromium against the production build: a check taken at the counter, cash given back
// from the desk's form, the refund's credit note, the invoice that keeps its number, and the month.
describe('the books on the desk', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  const screenshots = screenshotsAtBothWidths;
  const notice = (page: Page) => page.getByRole('status').first().textContent();

  it('records cash given back with a credit note, and the month nets it', async () => {
    const customerSide = await watchedPage(browser(), 390);
    const deskSide = await watchedPage(browser(), 1280);
    const page = customerSide.page;
    const shop = deskSide.page;
    const { reference, path } = await approvedFromForm(page, shop, site);

    await shop.goto(`${site.url}/staff/requests/${reference}`);
    await shop.getByText('Record a payment at the shop').click();
    await shop.getByLabel('Amount received').fill('100.00');
    await shop.getByLabel('Paid by').selectOption('check');
    await shop.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => notice(shop)).toContain('Payment recorded');

    await shop.getByText('Record a cash or check refund').click();
    await shop.getByLabel(/Amount given back/).fill('25.00');
    await shop.getByLabel('Given back by').selectOption('cash');
    await shop.getByLabel(/^Note \(check number, why/).fill('Two shirts short');
    await shop.getByRole('button', { name: 'Record refund' }).click();
    await expect.poll(() => notice(shop)).toContain('Refund recorded, with its credit note');
    expect(await axeViolations(shop)).toEqual([]);

    // A goodwill discount lowers what is owed; it is not a refund and moves no money.
    await shop.getByText('Give a discount').click();
    await shop.getByLabel(/Amount off what is owed/).fill('10.00');
    await shop.getByLabel(/^Why \(on the credit note\)/).fill('Goodwill: a day late');
    await shop.getByRole('button', { name: 'Give discount' }).click();
    await expect.poll(() => notice(shop)).toContain('Discount given, with its credit note');
    expect(await shop.locator('dt:text-is("Discount given") + dd').textContent()).toBe('−$10.00');

    await shop.getByRole('link', { name: 'Credit note' }).click();
    await expect.poll(() => shop.getByRole('heading', { name: 'Credit note' }).count()).toBe(1);
    expect(await shop.getByText('CN-000001').count()).toBe(1);
    expect(await shop.getByText('INV-000001').count()).toBe(1);
    expect(await shop.locator('dt:text-is("Total credited") + dd').textContent()).toBe('$25.00');
    expect(await axeViolations(shop)).toEqual([]);
    await screenshots(shop, 'credit-note');

    await shop.goto(`${site.url}/staff/books/credit-notes/CN-000002`);
    expect(await shop.getByText('Goodwill: a day late').count()).toBe(1);
    expect(await axeViolations(shop)).toEqual([]);
    await screenshots(shop, 'credit-note-discount');

    await shop.goto(`${site.url}/staff/requests/${reference}/invoice`);
    expect(await shop.getByText('INV-000001').count()).toBe(1);
    expect(await shop.locator('dt:text-is("Discount (credit note)") + dd').textContent()).toBe('−$10.00');
    await screenshots(shop, 'invoice');

    await shop.goto(`${site.url}/staff`);
    await shop.getByRole('link', { name: 'Books' }).click();
    await expect.poll(() => shop.getByRole('heading', { name: /^Books: / }).count()).toBe(1);
    expect(await shop.locator('dt:text-is("Net received") + dd').textContent()).toBe('$75.00');
    expect(await shop.locator('dt:text-is("Refunded (1)") + dd').textContent()).toBe('$25.00');
    expect(await shop.locator('dt:text-is("Discounts given (1)") + dd').textContent()).toBe('$10.00');
    // The customer's page says what is owed now, the discount on its own line.
    expect(await axeViolations(shop)).toEqual([]);
    await screenshots(shop, 'books-month');
    await page.goto(`${site.url}${path}`);
    expect(await page.locator('dt:text-is("Discount from the shop") + dd').textContent()).toBe('−$10.00');
    // Its credit notes are the customer's too: listed on their page, each opening as a page to print.
    const notes = page.getByRole('heading', { name: 'Credit notes' });
    await notes.scrollIntoViewIfNeeded();
    expect(await page.getByRole('link', { name: 'CN-000001' }).count()).toBe(1);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: `${shots}/customer-credit-notes-390.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'CN-000002' }).click();
    await expect.poll(() => page.getByText('Goodwill: a day late').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'customer-credit-note');
    await page.getByRole('link', { name: 'Back to your request' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(path);
    expect(customerSide.problems).toEqual([]);
    expect(deskSide.problems).toEqual([]);
  }, 120_000);
});
