import { mkdtempSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  deskServerForThisFile,
  mailWith,
  sendQuoteFromForm,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { runSql } from '#tests/support/test-storage.ts';

const customer = 'dana@example.com';
/** Where the page's screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';

// The customer's side of a quote request in Chromium against the production build, mail through SMTP:
// the form's sent panel and the confirmation carry the private link, and the page and the desk talk.
describe("the customer's private request page in a browser", () => {
  const browser = chromiumForThisFile();
  // The server's database in a folder of this file's, so a test can make a quote expire.
  const databaseDir = mkdtempSync(join(tmpdir(), 'seenwear-data-'));
  const site = deskServerForThisFile(() => ({ DATABASE_DIR: databaseDir }));

  beforeAll(async () => {
    await mkdir(shots, { recursive: true });
  });

  it('follows a quote request from the form to a cancel, talking with the desk on the way', async () => {
    // The quote form with JavaScript: the sent panel offers the private page.
    const visitor = await watchedPage(browser(), 1280);
    const { page } = visitor;
    const { sent, reference, path } = await sendQuoteFromForm(page, site.url, { email: customer });
    const panelLink = sent.getByRole('link', { name: /\/requests\// });
    expect(path).toMatch(new RegExp(`^/requests/${reference}/[A-Za-z0-9_-]{43}$`));

    // The confirmation carries the same link, in its text and as the button of its HTML part.
    const confirmation = await mailWith(site.smtp, new RegExp(`/requests/${reference}/`));
    expect(confirmation.text).toContain(`${site.url}${path}`);
    const button = /<td bgcolor="[^"]*"[^>]*><a href="([^"]*)"[^>]*>([^<]*)<\/a>/.exec(confirmation.html ?? '');
    expect(button?.slice(1)).toEqual([`${site.url}${path}`, 'Open your private page']);

    // The page: received, waiting on the shop; no axe finding at either width.
    await panelLink.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(reference);
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('Received');
    expect(await page.getByText('Waiting on us').count()).toBe(1);
    expect(
      await page
        .getByRole('img', { name: 'Preview of front.png' })
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBe(48);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/customer-page-1280.png`, fullPage: true });

    // A message with a file, from a phone, by keyboard.
    const phone = await watchedPage(browser(), 390);
    await phone.page.goto(`${site.url}${path}`);
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.getByLabel('Write to Seenwear').fill('The back print: our sponsor logos, 10 inches wide.');
    await phone.page
      .getByLabel(/Add artwork/)
      .setInputFiles([{ name: 'back.png', mimeType: 'image/png', buffer: randomPng(32) }]);
    await phone.page.getByLabel(/Add artwork/).focus();
    await phone.page.keyboard.press('Tab');
    await phone.page.keyboard.press('Enter');
    await expect
      .poll(() => phone.page.getByRole('status').first().textContent())
      .toBe('Your message is on its way to the shop.');
    expect(await phone.page.getByText('The back print: our sponsor logos, 10 inches wide.').count()).toBe(1);
    await mailWith(site.smtp, /The customer wrote about quote request/);

    // The desk: the message and its file are there; the shop answers.
    const desk = await watchedPage(browser(), 1280);
    await desk.page.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(desk.page, site.smtp, site.staff);
    await desk.page.goto(`${site.url}/staff/requests/${reference}`);
    expect(await desk.page.getByText('The back print: our sponsor logos, 10 inches wide.').count()).toBeGreaterThan(0);
    expect(await desk.page.getByText('Wrote to the shop, with a file (see Artwork)').count()).toBe(1);
    expect(await desk.page.getByRole('img', { name: 'Preview of back.png' }).count()).toBe(1);
    await desk.page.getByLabel(/Write to the customer/).fill('Got it. Navy ink on the black shirts?');
    await desk.page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => desk.page.getByRole('status').textContent()).toBe('Message sent to the customer.');
    // The shop's mail carries the page's link too.
    const reply = await mailWith(site.smtp, /Got it\. Navy ink/);
    expect(reply.text).toContain(`${site.url}${path}`);

    // Back on the customer's page: the shop's answer in the thread.
    await phone.page.goto(`${site.url}${path}`);
    expect(await phone.page.getByText('Got it. Navy ink on the black shirts?').count()).toBe(1);
    await phone.page.screenshot({ path: `${shots}/customer-page-390.png`, fullPage: true });

    // Cancel, with a reason: the page ends at Cancelled, the shop is told, and the desk shows it.
    await phone.page.getByText('Cancel this request', { exact: true }).click();
    await phone.page.getByLabel(/Why\?/).fill('The race was called off.');
    await phone.page.getByRole('button', { name: 'Cancel my request' }).click();
    await expect
      .poll(() => phone.page.getByRole('status').first().textContent())
      .toBe('Your request is cancelled. We have let the shop know.');
    expect(await phone.page.locator('[aria-current="step"]').textContent()).toContain('Cancelled');
    expect(await phone.page.getByRole('button', { name: 'Cancel my request' }).count()).toBe(0);
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: `${shots}/customer-page-cancelled-390.png`, fullPage: true });
    await mailWith(site.smtp, /The customer cancelled quote request/);
    await desk.page.reload();
    expect(await desk.page.getByText('Moved it from New to Cancelled, saying why').count()).toBe(1);

    for (const opened of [visitor, phone, desk]) {
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  });

  it('offers a fresh quote in one press once the quote expired, never its approval, and the desk sees it', async () => {
    const session = await liveVisitorSession(site.url);
    const posted = await fetch(`${site.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: quoteFormData({
        name: 'Lee Park',
        email: 'lee@example.com',
        comments: 'Shirts for the book club',
        file: randomPng(40),
        fileName: 'club.png',
      }),
    });
    expect(posted.status).toBe(201);
    const { reference, link } = (await posted.json()) as { reference: string; link: string };
    const path = link.startsWith('http') ? new URL(link).pathname : link;

    // The desk sends a quote, which then passes its date (the database says so).
    const desk = await watchedPage(browser(), 1280);
    await desk.page.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(desk.page, site.smtp, site.staff);
    await desk.page.goto(`${site.url}/staff/requests/${reference}/quote`);
    await desk.page.getByRole('button', { name: /^Send quote v1/ }).click();
    await expect.poll(() => desk.page.getByRole('status').textContent()).toBe('Quote sent to the customer.');
    await runSql(
      { databaseDir },
      `update quotes set valid_until = '2020-01-31' where submission_id = (select id from submissions where reference = $1)`,
      [reference],
    );

    const phone = await watchedPage(browser(), 390);
    await phone.page.goto(`${site.url}${path}`);
    const stands = phone.page.getByRole('region', { name: 'Where it stands' });
    expect(await stands.textContent()).toContain('can no longer be approved');
    expect(await stands.textContent()).not.toContain('Approve it');
    expect(await phone.page.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    expect(await phone.page.getByText('waiting for your approval').count()).toBe(0);
    for (const width of [390, 1280]) {
      await phone.page.setViewportSize({ width, height: 900 });
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await phone.page.getByRole('button', { name: 'Ask for a fresh quote' }).scrollIntoViewIfNeeded();
      await phone.page.screenshot({ path: `${shots}/customer-page-expired-${width}.png` });
    }
    await phone.page.setViewportSize({ width: 390, height: 900 });
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.getByRole('button', { name: 'Ask for a fresh quote' }).click();
    await expect
      .poll(() => phone.page.getByRole('status').first().textContent())
      .toBe(
        'Thank you: we have your request for a fresh quote, and will e-mail it to you, usually within one business day.',
      );
    expect(await stands.textContent()).toContain('Waiting on us');
    expect(await phone.page.getByRole('button', { name: 'Ask for a fresh quote' }).count()).toBe(0);
    expect(await phone.page.getByText(/You asked for a fresh quote on/).count()).toBe(1);
    await mailWith(site.smtp, new RegExp(`Quote v1 of ${reference} passed its valid-until date`));

    // The desk's inbox marks it as needing a new quote, at both widths; its page leads to the editor.
    await desk.page.goto(`${site.url}/staff`);
    for (const width of [390, 1280]) {
      await desk.page.setViewportSize({ width, height: 900 });
      const row = desk.page.getByRole('listitem').filter({ hasText: reference });
      expect(await row.getByText('Needs a new quote').count()).toBe(1);
      expect(await row.getByText('(unread)').count()).toBe(1);
      expect(await desk.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(await axeViolations(desk.page)).toEqual([]);
    await desk.page.getByRole('listitem').filter({ hasText: reference }).getByRole('link').click();
    expect(await desk.page.getByText(/the customer asked for a fresh quote on/).count()).toBe(1);
    // An expired quote is not offered for an approval in person either.
    expect(await desk.page.getByRole('option', { name: 'Approved (in person)' }).count()).toBe(0);
    await desk.page.getByRole('link', { name: 'Write a new quote' }).click();
    await expect.poll(() => desk.page.getByRole('heading', { level: 1 }).textContent()).toBe('Revise the quote v2');

    for (const opened of [phone, desk]) {
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  });
});
