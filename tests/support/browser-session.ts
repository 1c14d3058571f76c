import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SmtpCatcher } from './smtp-catcher.ts';

/** Every axe violation on the page as it stands, one line each ("id: help (nodes)"). */
export async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

/** A fresh browser context at `width`, its page's console errors, warnings and uncaught errors collected. */
export async function watchedPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, context, problems };
}

/** The newest mail the catcher received whose text matches, once one has arrived. */
export async function mailWith(smtp: SmtpCatcher, pattern: RegExp) {
  await expect.poll(() => smtp.received.some((mail) => pattern.test(mail.text)), { timeout: 15_000 }).toBe(true);
  const mail = smtp.received.filter((item) => pattern.test(item.text)).at(-1);
  if (!mail) throw new Error(`no mail matches ${pattern}`);
  return mail;
}

const signInLink = /https?:\/\/\S+\/staff\/sign-in\/[\w-]{43}/;

/**
 * Signs the page in to the desk as staff do: asks for a link on the sign-in page it is on, opens the
 * link mailed for this request (a new one, not an earlier sign-in's) and confirms. Ends on the inbox.
 */
export async function signInToDesk(page: Page, smtp: SmtpCatcher, staff: string) {
  const before = smtp.received.filter((mail) => signInLink.test(mail.text)).length;
  await page.getByLabel('Your work e-mail address').fill(staff);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toContain('a sign-in link is on its way');
  await expect
    .poll(() => smtp.received.filter((mail) => signInLink.test(mail.text)).length, { timeout: 15_000 })
    .toBe(before + 1);
  const mail = smtp.received.filter((item) => signInLink.test(item.text)).at(-1);
  const link = signInLink.exec(mail?.text ?? '')?.[0];
  expect(link, mail?.text).toBeDefined();
  await page.goto(link ?? '');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/staff');
}
