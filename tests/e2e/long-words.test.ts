import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, mailWith, signInToDesk, watchedPage } from '#tests/support/browser-session.ts';
import { liveVisitorSession } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { type RunningServer, startServer } from '#tests/support/server-process.ts';
import { type SmtpCatcher, startSmtpCatcher } from '#tests/support/smtp-catcher.ts';

const staff = 'owner@seenwear.example';
/** Where the pages' screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';

/** A word of 160 letters with no place to break, as a pasted hash or a name typed without spaces. */
const longWord = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(5).slice(0, 160);
/** A link pasted from a shop's site, its tracking and all. */
const longUrl = `https://www.example.com/catalog/${'heavyweight-garment-dyed-tee/'.repeat(4)}?utm_source=newsletter&utm_campaign=${'x'.repeat(60)}`;
/** One line of text a one-line field takes: the word, then the link. */
const both = (max: number) => `${longWord} ${longUrl}`.slice(0, max);
/** An address mail can deliver to, and as long as one gets. */
const longEmail = `dana.${'w'.repeat(58)}@${'riverside-community-running-club'.repeat(2)}.example.com`;

/** How far the page reaches sideways: more than the window means it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

/**
 * Where a page's main column ends and its side column starts, and the furthest right anything in the
 * main column reaches: text spilling out of it lies under the side column. `prefix` is "desk" or
 * "request" (the customer's page, whose side column is on the right too).
 */
async function columns(page: Page, prefix: 'desk' | 'request') {
  return page.evaluate((name) => {
    const main = document.querySelector(`[data-testid="${name}-main-column"]`);
    const side = document.querySelector(`[data-testid="${name}-side-column"]`);
    if (!main || !side) throw new Error(`no ${name} columns`);
    const reach = Math.max(...[...main.querySelectorAll('*')].map((element) => element.getBoundingClientRect().right));
    return {
      mainRight: main.getBoundingClientRect().right,
      sideLeft: side.getBoundingClientRect().left,
      reach,
    };
  }, prefix);
}

/** The main column ends before the side column starts, and nothing in it reaches past its edge. */
async function expectColumnsApart(page: Page, prefix: 'desk' | 'request') {
  const found = await columns(page, prefix);
  expect(found.mainRight).toBeLessThanOrEqual(found.sideLeft);
  expect(found.reach).toBeLessThanOrEqual(found.mainRight);
}

// Whatever a customer types, no page scrolls sideways on a phone and nothing hides under the desk's side
// column on a laptop. Long words wrap.
describe('long words and links in a browser', () => {
  const browser = chromiumForThisFile();
  let smtp: SmtpCatcher;
  let server: RunningServer;
  /** The two requests, posted once: a quote request with the customer's page, and a contact message. */
  let quote: { reference: string; link?: string };
  let contact: { reference: string };

  beforeAll(async () => {
    await mkdir(shots, { recursive: true });
    smtp = await startSmtpCatcher();
    server = await startServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Seenwear <orders@seenwear.example>',
      SHOP_EMAIL: 'shop@seenwear.example',
      STAFF_EMAILS: staff,
    });
    quote = await post('/api/quotes', longQuote());
    const contactForm = new FormData();
    contactForm.append('name', both(100));
    contactForm.append('email', longEmail);
    contactForm.append('message', `${longWord}\n${longUrl}`);
    contact = await post('/api/contact', contactForm);
    expect(quote.link).toBeDefined();
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** Posts a form as the site's own scripts do; answers the JSON. */
  async function post(path: string, body: FormData) {
    const session = await liveVisitorSession(server.url);
    const answer = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body,
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    return (await answer.json()) as { reference: string; link?: string };
  }

  /** A delivered quote request with the word and the link in every field that takes text, and a file named so. */
  function longQuote(): FormData {
    const form = new FormData();
    const fields: Record<string, string> = {
      name: both(100),
      company: both(100),
      email: longEmail,
      phone: '(555) 010-0123',
      service: 'screen-printing',
      garment: 'other',
      garmentStyle: both(120),
      garmentColor: longWord.slice(0, 60),
      qtyM: '24',
      loc1: 'front',
      loc1Colors: '2',
      delivery: 'delivery',
      address: `${longWord}\n${longUrl}`.slice(0, 290),
      zip: '62704',
      comments: `See ${longUrl} for the shirt.\n${longWord}\n${longWord}${longWord}`,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('artwork', new Blob([new Uint8Array(randomPng(48))], { type: 'image/png' }), `${longWord}.png`);
    return form;
  }

  it('wraps them on the customer’s page at 390 px, their own message and file name too', async () => {
    const phone = await watchedPage(browser(), 390);
    await phone.page.goto(`${server.url}${quote.link}`);
    await phone.page.getByLabel(/^Write to/).fill(`${longWord} ${longUrl}`);
    await phone.page
      .getByLabel(/Add artwork/)
      .setInputFiles([{ name: `${longWord}-back.png`, mimeType: 'image/png', buffer: randomPng(32) }]);
    await phone.page.getByRole('button', { name: 'Send to the shop' }).click();
    await expect
      .poll(() => phone.page.getByRole('status').first().textContent())
      .toBe('Your message is on its way to the shop.');
    expect(await pageWidth(phone.page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: `${shots}/long-words-customer-390.png`, fullPage: true });
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  it('wraps them on the desk at 390 px: the request, the shop’s own reply and note, a message, the inbox', async () => {
    const desk = await watchedPage(browser(), 390);
    await desk.page.goto(`${server.url}/staff/sign-in`);
    await signInToDesk(desk.page, smtp, staff);
    expect(await pageWidth(desk.page)).toBeLessThanOrEqual(390);
    await desk.page.goto(`${server.url}/staff/requests/${quote.reference}`);
    await desk.page.getByLabel(/Write to the customer/).fill(`Is this the one? ${longUrl}`);
    await desk.page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => desk.page.getByRole('status').textContent()).toBe('Message sent to the customer.');
    await desk.page.getByLabel('Only the shop sees it').fill(longWord);
    await desk.page.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => desk.page.getByRole('status').textContent()).toBe('Note added.');
    expect(await pageWidth(desk.page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(desk.page)).toEqual([]);
    await desk.page.screenshot({ path: `${shots}/long-words-desk-390.png`, fullPage: true });
    await desk.page.getByRole('link', { name: 'Write a quote' }).click();
    await expect.poll(() => desk.page.getByRole('heading', { level: 1 }).textContent()).toContain('Write a quote');
    expect(await pageWidth(desk.page)).toBeLessThanOrEqual(390);
    await desk.page.goto(`${server.url}/staff/requests/${contact.reference}`);
    expect(await pageWidth(desk.page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(desk.page)).toEqual([]);
    await desk.page.goto(`${server.url}/staff`);
    expect(await pageWidth(desk.page)).toBeLessThanOrEqual(390);
    expect(desk.problems).toEqual([]);
    await desk.context.close();

    // The customer sees the shop's reply, still within the phone's width.
    await mailWith(smtp, /Is this the one\?/);
    const phone = await watchedPage(browser(), 390);
    await phone.page.goto(`${server.url}${quote.link}`);
    expect(await phone.page.getByText(/Is this the one\?/).count()).toBe(1);
    expect(await pageWidth(phone.page)).toBeLessThanOrEqual(390);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  it('keeps the main column clear of the side column at 1280 px, on the desk and the customer’s page', async () => {
    const wide = await watchedPage(browser(), 1280);
    await wide.page.goto(`${server.url}/staff/sign-in`);
    await signInToDesk(wide.page, smtp, staff);
    for (const reference of [quote.reference, contact.reference]) {
      await wide.page.goto(`${server.url}/staff/requests/${reference}`);
      await expectColumnsApart(wide.page, 'desk');
      expect(await pageWidth(wide.page)).toBeLessThanOrEqual(1280);
    }
    await wide.page.goto(`${server.url}/staff/requests/${quote.reference}`);
    expect(await axeViolations(wide.page)).toEqual([]);
    await wide.page.screenshot({ path: `${shots}/long-words-desk-1280.png`, fullPage: true });
    await wide.page.goto(`${server.url}${quote.link}`);
    await expectColumnsApart(wide.page, 'request');
    expect(await pageWidth(wide.page)).toBeLessThanOrEqual(1280);
    expect(await axeViolations(wide.page)).toEqual([]);
    await wide.page.screenshot({ path: `${shots}/long-words-customer-1280.png`, fullPage: true });
    expect(wide.problems).toEqual([]);
    await wide.context.close();
  });
});
