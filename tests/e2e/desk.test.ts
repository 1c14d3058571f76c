import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { type RunningServer, startServer } from '#tests/support/server-process.ts';
import { type SmtpCatcher, startSmtpCatcher } from '#tests/support/smtp-catcher.ts';

const staff = 'owner@seenwear.example';

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

// The desk in Chromium against the production build, mail through a real SMTP conversation.
describe('the staff desk in a browser', () => {
  const browser = chromiumForThisFile();
  let smtp: SmtpCatcher;
  let server: RunningServer;
  let reference: string;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Seenwear <orders@seenwear.example>',
      SHOP_EMAIL: 'shop@seenwear.example',
      STAFF_EMAILS: staff,
    });
    const session = await liveVisitorSession(server.url);
    const posted = await fetch(`${server.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: quoteFormData({
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        comments: 'Team shirts for the 5K',
        file: randomPng(64),
        fileName: 'logo.png',
      }),
    });
    expect(posted.status).toBe(201);
    reference = ((await posted.json()) as { reference: string }).reference;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** A fresh browser context with every console problem recorded; the desk ships no script at all. */
  async function newPage(b: Browser, width: number) {
    const context = await b.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return { page, context, problems };
  }

  it('signs in with the e-mailed link, works the inbox and a request, with no axe violation', async () => {
    const { page, context, problems } = await newPage(browser(), 390);
    try {
      await page.goto(`${server.url}/staff`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/staff/sign-in');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Your work e-mail address').fill(staff);
      await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('a sign-in link is on its way');

      await expect
        .poll(() => smtp.received.filter((mail) => mail.header('to')?.includes(staff)).length, { timeout: 15_000 })
        .toBe(1);
      const mail = smtp.received.find((item) => item.header('to')?.includes(staff));
      const link = /https?:\/\/\S+\/staff\/sign-in\/[\w-]{43}/.exec(mail?.text ?? '')?.[0];
      expect(link, mail?.text).toBeDefined();
      await page.goto(link ?? '');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/staff');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Inbox');
      expect(await page.getByText(reference).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === '__Host-staff')?.httpOnly).toBe(true);

      await page.getByText(reference).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(reference);
      expect(await page.getByText('Team shirts for the 5K').count()).toBe(1);
      expect(
        await page
          .getByRole('img', { name: 'Preview of logo.png' })
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBe(64);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel('Move to').selectOption('quoted');
      await page.getByLabel(/Message to the customer/).fill('Your quote is attached: 36 shirts at $9.80.');
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Status changed.');
      expect(await page.getByText('Moved it from New to Quoted, with a message to the customer').count()).toBe(1);
      await expect
        .poll(() => smtp.received.filter((item) => item.text.includes('Your quote is attached')).length, {
          timeout: 15_000,
        })
        .toBe(1);

      await page.getByLabel(/Write to the customer/).fill('Would navy work instead of black?');
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Message sent to the customer.');
      await expect
        .poll(() => smtp.received.filter((item) => item.text.includes('Would navy work instead of black?')).length, {
          timeout: 15_000,
        })
        .toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel('Only the shop sees it').fill('Navy, not black: she called.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Note added.');
      expect(await page.getByText('Navy, not black: she called.').count()).toBe(1);

      await page.getByRole('link', { name: 'Inbox' }).first().click();
      await page.getByRole('link', { name: /^Quoted/ }).click();
      expect(await page.getByText(reference).count()).toBe(1);

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('You are signed out.');
      await page.goto(`${server.url}/staff`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/staff/sign-in');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
