import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  approveQuoteV1,
  axeViolations,
  deskServerForThisFile,
  sendQuoteFromForm,
  sendQuoteV1,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { screenshotsAtBothWidths, shots } from '#tests/support/page-screenshots.ts';

// Net 30 in Chromium against the production build: the desk sets the terms with the customer's PO
// number before the quote goes, the customer approves, the invoice shows its due date, and a check
// recorded against it shows on the invoice by its number with nothing left to pay.
describe('an invoice on net terms', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  const screenshots = screenshotsAtBothWidths;
  const notice = (page: Page) => page.getByRole('status').first().textContent();

  it('is issued Net 30 with its PO and due date, and a check pays it', async () => {
    const customerSide = await watchedPage(browser(), 390);
    const deskSide = await watchedPage(browser(), 1280);
    const page = customerSide.page;
    const shop = deskSide.page;
    const { reference, path } = await sendQuoteFromForm(page, site.url);
    await shop.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(shop, site.smtp, site.staff);

    await shop.goto(`${site.url}/staff/requests/${reference}`);
    await shop.getByLabel('Terms', { exact: true }).selectOption('30');
    await shop.getByLabel(/^Purchase-order number/).fill('PO-4500123');
    await shop.getByRole('button', { name: 'Save terms' }).click();
    await expect.poll(() => notice(shop)).toContain('Payment terms saved');
    expect(await shop.getByLabel('Terms', { exact: true }).inputValue()).toBe('30');
    expect(await axeViolations(shop)).toEqual([]);

    await sendQuoteV1(shop, site.url, reference);
    await approveQuoteV1(page, site.url, path);

    await page.goto(`${site.url}${path}/invoice`);
    expect(await page.locator('dt:text-is("Terms") + dd').textContent()).toBe('Net 30');
    const due = await page.locator('dt:text-is("Due date") + dd').textContent();
    expect(due).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await page.locator('dt:text-is("PO number") + dd').textContent()).toBe('PO-4500123');
    expect(await page.getByText('Overdue').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'net-terms-invoice');

    // The desk sees the terms as issued, and records the customer's check for the whole balance.
    await shop.goto(`${site.url}/staff/requests/${reference}`);
    expect(await shop.getByText(/was issued net 30, due .*, PO PO-4500123/).count()).toBe(1);
    await shop.locator('#terms').scrollIntoViewIfNeeded();
    await screenshots(shop, 'net-terms-desk');
    // The card itself, small enough to read at both widths.
    for (const width of [390, 1280]) {
      await shop.setViewportSize({ width, height: 900 });
      await shop.locator('#terms').screenshot({ path: `${shots}/net-terms-desk-card-${width}.png` });
    }
    // The month lists it among the open invoices on terms, with its due date.
    await shop.goto(`${site.url}/staff/books`);
    expect(await shop.getByText(`Net 30, PO PO-4500123 · due ${due}`).count()).toBe(1);
    expect(await axeViolations(shop)).toEqual([]);
    await screenshots(shop, 'net-terms-books-month');
    await shop.goto(`${site.url}/staff/requests/${reference}`);
    const balance = ((await shop.locator('#money dt:text-is("Balance") + dd').textContent()) ?? '').replace(
      /[$,]/g,
      '',
    );
    await shop.getByText('Record a payment at the shop').click();
    await shop.getByLabel('Amount received').fill(balance);
    await shop.getByLabel('Paid by').selectOption('check');
    await shop.getByLabel(/^Check number/).fill('1234');
    await shop.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => notice(shop)).toContain('Payment recorded');
    expect(await axeViolations(shop)).toEqual([]);

    await page.goto(`${site.url}${path}/invoice`);
    expect(await page.getByText(/Check #1234/).count()).toBe(1);
    expect(await page.locator('dt:text-is("Balance due") + dd').textContent()).toBe('$0.00');
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'net-terms-invoice-paid');

    expect(customerSide.problems).toEqual([]);
    expect(deskSide.problems).toEqual([]);
  }, 120_000);
});
