import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  deskServerForThisFile,
  sendQuoteFromForm,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { screenshotsAtBothWidths } from '#tests/support/page-screenshots.ts';

/** Two years on: a certificate valid today. */
const validYear = new Date().getUTCFullYear() + 2;
/** What a rushed reason may be: one word of 160 characters, which must wrap on a phone. */
const longWord = 'x'.repeat(160);

// A school's certificate in Chromium against the production build: sent from the customer's page
// without a script's help, turned down once and verified once on the desk, and the customer's page
// saying where it stands.
describe('exemption certificates', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  const screenshots = screenshotsAtBothWidths;
  const notice = (page: Page) => page.getByRole('status').first().textContent();

  async function sendCertificate(page: Page, number: string) {
    const section = page.locator('#tax-exemption');
    // The form is one line until opened, unless a certificate was turned down.
    if (!(await section.locator('details').evaluate((details) => (details as HTMLDetailsElement).open))) {
      await section.locator('summary').click();
    }
    await section.getByLabel('Certificate number').fill(number);
    await section.getByLabel('Issuing state').selectOption('Illinois');
    await section.getByLabel('Organisation named on it').fill('Springfield Unified School District');
    await section.getByLabel('Valid until').fill(`${validYear}-06-30`);
    await section
      .getByLabel('The certificate')
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: minimalPdf(number) });
    await section.getByRole('button', { name: 'Send the certificate' }).click();
    await expect.poll(() => notice(page)).toContain('we have your certificate');
  }

  it('is sent by the customer, checked by the desk, and accepted on the customer’s page', async () => {
    const customerSide = await watchedPage(browser(), 390);
    const deskSide = await watchedPage(browser(), 1280);
    const page = customerSide.page;
    const shop = deskSide.page;
    const { reference, path } = await sendQuoteFromForm(page, site.url, { email: 'Office@Springfield.example' });
    await page.goto(`${site.url}${path}`);
    expect(await page.getByRole('heading', { name: 'Tax-exempt? Send us your certificate' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'exemption-customer-form');

    await sendCertificate(page, 'IL-0001');
    expect(await page.getByTestId('exemption-standing').textContent()).toContain('Waiting for the shop’s check');

    await shop.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(shop, site.smtp, site.staff);
    await shop.goto(`${site.url}/staff/requests/${reference}`);
    expect(await shop.getByTestId('exemption-warning').textContent()).toContain(
      'Verify the certificate before sending the quote, or tax will be charged.',
    );
    await shop.getByLabel('Or reject it, saying why').fill(`Not signed ${longWord}`);
    await shop.getByRole('button', { name: 'Reject certificate IL-0001' }).click();
    await expect.poll(() => notice(shop)).toContain('Certificate rejected');

    await page.reload();
    expect(await page.getByText(`Why: Not signed ${longWord}`).count()).toBe(1);
    await screenshots(page, 'exemption-customer-rejected');
    await sendCertificate(page, 'IL-0002');

    await shop.reload();
    expect(await axeViolations(shop)).toEqual([]);
    await screenshots(shop, 'exemption-desk-pending');
    // The file opens for the desk, as the PDF it is.
    const file = await shop.request.get(
      `${site.url}${await shop.getByRole('link', { name: 'Exemption certificate IL-0002' }).getAttribute('href')}`,
    );
    expect(file.headers()['content-type']).toBe('application/pdf');
    await shop.getByRole('button', { name: 'Verify certificate IL-0002' }).click();
    await expect.poll(() => notice(shop)).toContain('Certificate verified');
    expect(await shop.getByTestId('exemption-warning').count()).toBe(0);
    expect(await shop.getByText('Exempt: quotes leave the sales tax off until').count()).toBe(1);
    expect(await axeViolations(shop)).toEqual([]);
    await screenshots(shop, 'exemption-desk-verified');

    await page.reload();
    expect(await page.getByTestId('exemption-standing').textContent()).toBe(
      `Accepted until Jun 30, ${validYear}: we leave sales tax off your quotes.`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'exemption-customer-accepted');
    expect(customerSide.problems).toEqual([]);
    expect(deskSide.problems).toEqual([]);
  }, 120_000);
});
