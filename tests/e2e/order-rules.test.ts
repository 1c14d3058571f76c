import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  deskServerForThisFile,
  expectSent,
  mailWith,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';

/** Where the screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';

/** The values the desk's status menu offers, in order. */
const menu = (page: Page) =>
  page
    .getByLabel('Move to')
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

/** Nothing on the page is wider than the window: no sideways scrolling on a phone. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

// The order's rules in Chromium against the production build: approval is never skipped, a proof sent early
// is a draft approved with its quote, the approved proof promises a date, the inbox brings back a request the
// customer acted on, and a confirmation not sent is never promised.
describe('the order’s rules in a browser', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  beforeAll(async () => {
    await mkdir(shots, { recursive: true });
  });

  /** A quote request through the real endpoint; its reference and the customer's private page. */
  async function postQuote(email: string): Promise<{ reference: string; link: string }> {
    const session = await liveVisitorSession(site.url);
    const posted = await fetch(`${site.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: quoteFormData({
        name: 'Dana Whitfield',
        email,
        comments: 'Relay team shirts',
        file: randomPng(64),
        fileName: 'logo.png',
      }),
    });
    expect(posted.status).toBe(201);
    return (await posted.json()) as { reference: string; link: string };
  }

  // Two sign-ins by mail and two browsers: longer than one page's default on a busy 2-core machine.
  it('keeps approval the customer’s, shows an early proof with the quote, and promises a date', {
    timeout: 90_000,
  }, async () => {
    const { reference, link } = await postQuote('dana@example.com');
    const desk = await watchedPage(browser(), 1280);
    const phone = await watchedPage(browser(), 390);
    try {
      const shop = desk.page;
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      await signInToDesk(shop, site.smtp, site.staff);
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      // Nothing to approve yet: the menu offers nothing (a cancel has its own form, asking why).
      expect(await menu(shop)).toEqual([]);
      expect(await shop.getByRole('region', { name: 'Cancel this request' }).count()).toBe(1);

      await shop.getByRole('link', { name: 'Write a quote' }).click();
      await shop.getByRole('button', { name: /^Send quote v1/ }).click();
      await expect.poll(() => shop.getByRole('status').textContent()).toBe('Quote sent to the customer.');
      // Quoted: the shop may record an approval given in person, never click past the customer.
      expect(await menu(shop)).toEqual(['approved']);

      // A proof sent before the quote's approval is a draft beside it: the request stays Quoted.
      await shop
        .getByLabel(/Proof file/)
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: randomPng(80) });
      await shop.getByRole('button', { name: 'Send proof' }).click();
      await expect.poll(() => shop.getByRole('status').textContent()).toBe('Proof sent to the customer.');
      expect(await menu(shop)).toEqual(['approved']);
      expect(await axeViolations(shop)).toEqual([]);
      await shop.getByRole('button', { name: 'Sign out', exact: true }).click();

      // The customer, on a phone: the proof comes with the quote, approved with it in one signature.
      const page = phone.page;
      await page.goto(`${site.url}${link}`);
      expect(await page.getByText('This proof comes with your quote').count()).toBe(1);
      await page.screenshot({ path: `${shots}/order-rules-draft-proof-390.png`, fullPage: true });
      const done = () => page.locator('li:has(.sr-only:text(" (done)"))').allTextContents();
      expect(await done()).toEqual([expect.stringContaining('Received')]);
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await page.getByLabel('Your full name, as your signature').first().fill('Dana Whitfield');
      await page.getByRole('checkbox', { name: /I approve this quote, and the proof above/ }).check();
      await page.getByRole('button', { name: 'Approve quote v1 and proof v1' }).click();
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toContain('your quote and your proof are approved');
      // Every step shown as done was taken; none was skipped over as if it had been.
      const steps = (await done()).map((step) => step.replace(/ \(done\).*/, ''));
      expect(steps).toEqual(['Received', 'Quote sent', 'Approved']);
      expect(await page.locator('[aria-current="step"]').textContent()).toContain('Proof approved');
      expect(await page.getByText(/^Ready for pickup on /).count()).toBe(1);
      await page.screenshot({ path: `${shots}/order-rules-approved-390.png`, fullPage: true });
      // Their receipt, by mail: what they approved, the total, their name, the promised day.
      const receipt = await mailWith(site.smtp, /You approved quote v1 and proof v1/);
      expect(receipt.text).toContain('signing as “Dana Whitfield”');
      expect(receipt.text).toMatch(/Ready for pickup on [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);

      // The customer's act brings the request back to the top of the inbox, unread.
      await shop.goto(`${site.url}/staff`);
      await signInToDesk(shop, site.smtp, site.staff);
      const first = shop.locator('main a[href^="/staff/requests/"]').first();
      expect(await first.textContent()).toContain(reference);
      expect(await first.textContent()).toContain('(unread)');
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      expect(await shop.getByText(/^Promised for /).count()).toBe(1);
      await shop.screenshot({ path: `${shots}/order-rules-desk-promised-1280.png`, fullPage: true });
      await shop.setViewportSize({ width: 390, height: 900 });
      expect(await scrollsSideways(shop)).toBe(false);
      expect(await axeViolations(shop)).toEqual([]);
      await shop.screenshot({ path: `${shots}/order-rules-desk-promised-390.png`, fullPage: true });
      await shop.setViewportSize({ width: 1280, height: 900 });
      // From here on it is the shop's work: production, ready, completed.
      expect(await menu(shop)).toEqual(['in_production']);
      expect(desk.problems).toEqual([]);
      expect(phone.problems).toEqual([]);
    } finally {
      await desk.context.close();
      await phone.context.close();
    }
  });

  it('says on the screen and on the desk when the day’s confirmations to an address are used up', async () => {
    const email = 'busy-parent@example.com';
    for (let n = 0; n < 5; n += 1) await postQuote(email);
    const { page, context, problems } = await watchedPage(browser(), 390);
    try {
      await page.goto(`${site.url}/contact-us`);
      await page.getByLabel('Your name').fill('Dana Whitfield');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Message', { exact: true }).fill('Do you print on tote bags?');
      await page.getByRole('button', { name: /Send/ }).click();
      const sent = page.getByTestId('form-sent');
      await expectSent(page, sent);
      expect(await sent.textContent()).toContain('We did not e-mail a confirmation this time');
      expect(await sent.textContent()).not.toContain('a confirmation is on its way');
      expect(await scrollsSideways(page)).toBe(false);
      const reference = /C-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${site.url}/staff/requests/${reference}`);
      await signInToDesk(page, site.smtp, site.staff);
      await page.goto(`${site.url}/staff/requests/${reference}`);
      expect(await page.getByText(/Confirmation not sent: daily limit/).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
