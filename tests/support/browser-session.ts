import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { randomPng } from './random-png.ts';
import { type RunningServer, startServer } from './server-process.ts';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-catcher.ts';

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

/**
 * How long a browser test waits for a quote request's confirmation. The server stores one with a PNG and
 * its mockups in 30–150 ms; the rest is room for a two-core machine running the whole suite beside it.
 */
const SENT_WAIT_MS = 20_000;

/**
 * Chooses files in the quote form's artwork field and waits, as a visitor does, for the placement tool to
 * open where the form shows one. Its code and the artwork arrive a moment later; a click on Send in that
 * moment could miss if anything on the way still moved the button (the picture's low-resolution warning).
 */
export async function chooseArtwork(page: Page, files: Parameters<Locator['setInputFiles']>[0]): Promise<void> {
  await page.getByLabel('Artwork files').setInputFiles(files);
  await page.getByTestId('placement-loading').waitFor({ state: 'detached' });
}

/**
 * Waits for a form's confirmation; if none comes, fails with what the page says instead (its address,
 * alerts, statuses and fields marked invalid), so a failure on a busy machine can be told from a refusal.
 */
export async function expectSent(page: Page, sent: Locator): Promise<void> {
  try {
    await expect.poll(() => sent.isVisible(), { timeout: SENT_WAIT_MS }).toBe(true);
  } catch (error) {
    const said = await page.evaluate(() => ({
      url: location.href,
      hydrated: document.documentElement.dataset.hydrated ?? 'no',
      alerts: [...document.querySelectorAll('[role="alert"], [role="status"], .error-summary')]
        .map((element) => element.textContent?.trim() ?? '')
        .filter((text) => text !== ''),
      invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((element) => element.getAttribute('name')),
      sending: [...document.querySelectorAll('button[type="submit"]')].map((element) => element.textContent),
    }));
    throw new Error(`no confirmation in ${SENT_WAIT_MS} ms; the page showed ${JSON.stringify(said)}`, {
      cause: error,
    });
  }
}

/**
 * A quote request sent from the form with JavaScript, as a customer fills it from a calculator's link
 * (48 tees, a two-color front print, one PNG): the sent panel, the reference and the private page's path.
 */
export async function sendQuoteFromForm(
  page: Page,
  baseUrl: string,
  { email = 'dana@example.com', color = 'White' }: { email?: string; color?: string } = {},
) {
  await page.goto(`${baseUrl}/pricing?service=screen-printing&q=48&c1=2&garment=gildan-5000`);
  await page.getByLabel('Your name').fill('Dana Whitfield');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('(555) 010-0188');
  // A catalogue garment's color is a swatch.
  await page.getByRole('radio', { name: color, exact: true }).check();
  await chooseArtwork(page, [{ name: 'front.png', mimeType: 'image/png', buffer: randomPng(48) }]);
  await page.getByRole('button', { name: 'Send my quote request' }).click();
  const sent = page.getByTestId('form-sent');
  await expectSent(page, sent);
  const reference = /Q-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
  const path = (await sent.getByRole('link', { name: /\/requests\// }).getAttribute('href')) ?? '';
  return { sent, reference, path };
}

/**
 * A quote request sent from the form, quoted by the desk (signed in on `shop`) and approved by its
 * customer on `page`: the order every money and proof journey starts from. Its reference and private page.
 */
export async function approvedFromForm(
  page: Page,
  shop: Page,
  site: DeskServer,
  form: Parameters<typeof sendQuoteFromForm>[2] = {},
): Promise<{ reference: string; path: string }> {
  const { reference, path } = await sendQuoteFromForm(page, site.url, form);
  await shop.goto(`${site.url}/staff/sign-in`);
  await signInToDesk(shop, site.smtp, site.staff);
  await sendQuoteV1(shop, site.url, reference);
  await approveQuoteV1(page, site.url, path);
  return { reference, path };
}

/** What the page's first status region says: the notice a form answered with. */
const statusOf = (page: Page) => page.getByRole('status').first().textContent();

/** The desk (signed in on `shop`) sends quote v1 as its editor opens, lines and all. */
export async function sendQuoteV1(shop: Page, baseUrl: string, reference: string) {
  await shop.goto(`${baseUrl}/staff/requests/${reference}/quote`);
  await shop.getByRole('button', { name: /^Send quote v1/ }).click();
  await expect.poll(() => statusOf(shop)).toBe('Quote sent to the customer.');
}

/** The customer approves quote v1 on their private page, signing with their name. */
export async function approveQuoteV1(page: Page, baseUrl: string, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Your full name, as your signature').fill('Dana Whitfield');
  await page.getByRole('checkbox', { name: /I approve this quote/ }).check();
  await page.getByRole('button', { name: 'Approve quote v1' }).click();
  await expect.poll(() => statusOf(page)).toContain('your quote is approved');
}

/** The production server of a file's desk tests, as the tests read it once it is up. */
export interface DeskServer {
  /** The server's address, `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Every mail the server sent: the shop's, the customer's and the sign-in links. */
  readonly smtp: SmtpCatcher;
  /** The one address in STAFF_EMAILS: it signs in to the desk with signInToDesk. */
  readonly staff: string;
}

/**
 * For a file whose browser tests use the desk or the mail: before its tests, an SMTP catcher and the
 * production server sending through it, with the shop's addresses and one staff address; after them, both
 * stopped. Call it in the describe block; read the answer's fields inside a test or a later beforeAll.
 * `moreEnv` is read as the server starts (after the file's earlier beforeAll hooks: a stand-in's address).
 */
export function deskServerForThisFile(moreEnv: () => Record<string, string> = () => ({})): DeskServer {
  const staff = 'owner@seenwear.example';
  let smtp: SmtpCatcher | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Seenwear <orders@seenwear.example>',
      SHOP_EMAIL: 'shop@seenwear.example',
      STAFF_EMAILS: staff,
      ...moreEnv(),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
  const running = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The desk server is not running: read it inside a test or a hook');
    return value;
  };
  return {
    get url() {
      return running(server).url;
    },
    get smtp() {
      return running(smtp);
    },
    staff,
  };
}
