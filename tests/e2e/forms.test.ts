import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CSRF_TOKEN_PATH } from '#shared/csrf-contract.ts';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';
import { chooseArtwork, expectSent } from '#tests/support/browser-session.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

/** A real 1x1 PNG: the server checks artwork by its content, not its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const logo = { name: 'team-logo.png', mimeType: 'image/png', buffer: PNG };

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

/** Where this file's screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';

/** YYYY-MM-DD some days from now, on the machine's calendar (the shop's is the same within a day). */
function daysFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function fillContact(page: Page, email = 'dana@example.com') {
  await page.getByLabel('Your name').fill('Dana Tester');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Message', { exact: true }).fill('Do you print on tote bags?');
}

/**
 * The total the calculator shows for a screen-printing configuration, as the visitor reads it there.
 * The quote page must show the same amount for the same link; the amount itself is the shop's to
 * change (data/), so it is read from the calculator, never written down or computed by the test.
 */
async function calculatorTotal(query: string): Promise<string> {
  const context = await browser().newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/pricing/printing?${query}`);
  const total = (await page.getByTestId('estimate-total').textContent()) ?? '';
  await context.close();
  expect(total).toMatch(/^\$\d[\d,]*\.\d\d$/);
  return total;
}

async function fillQuoteContact(page: Page, email = 'dana@example.com') {
  await page.getByLabel('Your name').fill('Dana Tester');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('(555) 010-0188');
  // A catalogue garment's colour is a swatch (white: no underbase); another garment's is typed.
  const white = page.getByRole('radio', { name: 'White', exact: true });
  if ((await white.count()) > 0) await white.check();
  else await page.getByLabel('Garment color').fill('Black');
}

describe('contact form with JavaScript', () => {
  it('shows the problems beside the fields and in an alert, focuses the first, then sends and confirms', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/contact-us`, { width: 390 });
    await page.getByRole('button', { name: 'Send message' }).click();
    const summary = page.getByTestId('form-errors');
    await expect.poll(() => summary.isVisible()).toBe(true);
    expect(await summary.getAttribute('role')).toBe('alert');
    expect(await summary.textContent()).toContain('3 fields need your attention.');
    expect(await activeId(page)).toBe('contact-name');
    const name = page.getByLabel('Your name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toContain('contact-name-error');
    expect(await page.locator('#contact-name-error').textContent()).toBe('Tell us your name.');
    expect(await axeViolations(page)).toEqual([]);

    await fillContact(page);
    // The post is held back until the sending state has been seen, then let through.
    let letThrough = () => {};
    const seenSending = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route('**/api/contact', async (route) => {
      await seenSending;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    const sending = page.getByRole('button', { name: 'Sending…' });
    await expect.poll(() => sending.isDisabled()).toBe(true);
    letThrough();

    const sent = page.getByTestId('form-sent');
    await expect.poll(() => sent.isVisible()).toBe(true);
    const text = (await sent.textContent()) ?? '';
    expect(text).toMatch(/C-\d{4}-\d{6}/);
    expect(text).toContain('a confirmation is on its way to dana@example.com');
    expect(await sent.getAttribute('role')).toBe('status');
    const toast = page.getByRole('status').filter({ hasText: 'Message sent.' });
    await expect.poll(() => toast.count()).toBe(1);
    expect(await toast.textContent()).toContain(text.match(/C-\d{4}-\d{6}/)?.[0]);
    // A reference is copied whole: it never breaks at its hyphens in the narrow toast.
    expect(await toast.locator('strong').evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel('Your name').inputValue()).toBe('');
    expect(await summary.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends after arriving from the home page, which sets no cookie: the client gets a token first', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/`);
    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual([]);
    const order: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/api/')) order.push(`${req.method()} ${pathname}`);
    });
    await page.locator('footer').getByRole('link', { name: 'Contact us' }).click();
    await expect.poll(() => page.title()).toBe('Contact us - Seenwear');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByTestId('form-sent').isVisible()).toBe(true);
    expect(order).toEqual([`GET ${CSRF_TOKEN_PATH}`, 'POST /api/contact']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the input and says so when the connection is down', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/contact-us`, { width: 1280 });
    await fillContact(page);
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Send message' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not send: check your connection' });
    await expect.poll(() => alert.count()).toBe(2);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Do you print on tote bags?');
    expect(await page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('sends anyway when the form checks never arrive, and shows the server’s verdict beside the fields', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/contact-us`, { width: 390 });
    // The checks' download hangs: a bad connection, or a file gone after a deploy.
    await page.route(/\/schema-checks-[\w-]+\.js$/, () => undefined);
    await fillContact(page, 'not-an-address');
    await page.getByRole('button', { name: 'Send message' }).click();
    // At once: the button says it is sending, though the checks are not there.
    await expect.poll(() => page.getByRole('button', { name: 'Sending…' }).isDisabled()).toBe(true);
    // After the wait for the checks, the server (same schema) answers, and its errors land beside the field.
    const error = page.locator('#contact-email-error');
    await expect.poll(() => error.textContent(), { timeout: 10_000 }).toContain('e-mail address');
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Do you print on tote bags?');
    await context.close();
  });

  it('fetches the form checks (and zod) only once the visitor enters a field', async () => {
    for (const path of ['/contact-us', '/pricing']) {
      const { page, context, problems } = await openPage(browser(), `${baseUrl}${path}`, { width: 390 });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const checksLoaded = () =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => /\/schema-checks-[\w-]+\.js$/.test(entry.name)),
        );
      await page.waitForLoadState('networkidle');
      expect(await checksLoaded()).toBe(false);
      await page.getByLabel('Your name').focus();
      await expect.poll(checksLoaded).toBe(true);
      expect(scripts.some((script) => /\/schema-checks-[\w-]+\.js$/.test(script))).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('contact form without JavaScript', () => {
  it('posts, lands back on the page with the flash message and its reference', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/contact-us`, { javaScript: false });
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${baseUrl}/contact-us`);
    expect(await page.getByTestId('flash-message').textContent()).toMatch(/Your message C-\d{4}-\d{6} has reached us/);
    await context.close();
  });

  it('is refused when another site’s page posts it: the browser says where it came from', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    // Another site's page (a host of its own, served by the test), with the contact form's fields and
    // the empty token field the site's own page has.
    await context.route('http://another-site.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Win a prize</title><form method="post" action="${baseUrl}/contact-us">
          <input name="name" value="Dana Tester"><input name="email" value="dana@example.com">
          <input name="message" value="Sent by another site"><input type="hidden" name="_csrf" value="">
          <button>Claim</button></form>`,
      }),
    );
    const page = await context.newPage();
    await page.goto('http://another-site.example/prize');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Claim' }).click(),
    ]);
    expect(answer.status()).toBe(403);
    expect(await page.locator('body').textContent()).toContain('This form was sent from another website');
    await context.close();
  });

  it('comes back with the input kept and the errors beside the fields', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/contact-us`, { javaScript: false });
    await fillContact(page, 'not-an-address');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForLoadState();
    expect(await page.getByTestId('form-errors').textContent()).toContain('One field needs your attention.');
    const email = page.getByLabel('E-mail');
    expect(await email.inputValue()).toBe('not-an-address');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#contact-email-error').textContent()).toContain('e-mail address');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Do you print on tote bags?');
    await context.close();
  });

  it('the page the server re-renders hydrates cleanly, takes its own address back and passes axe', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/contact-us`, { width: 390 });
    await fillContact(page, 'not-an-address');
    // The browser posts the form itself, as it does when the script has not loaded yet.
    await Promise.all([
      page.waitForURL(`${baseUrl}/contact-us`),
      page.locator('form[action="/contact-us"]').evaluate((form: HTMLFormElement) => form.submit()),
    ]);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getByLabel('E-mail').inputValue()).toBe('not-an-address');
    expect(await page.locator('#contact-email-error').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.filter((problem) => !/status of 422/.test(problem))).toEqual([]);
    await context.close();
  });
});

describe('quote form with JavaScript', () => {
  it('starts from a calculator link, prices it live, follows the service, and sends with a file', async () => {
    const expected = await calculatorTotal('q=48&c1=2&garment=gildan-5000');
    const { page, context, problems } = await openPage(
      browser(),
      `${baseUrl}/pricing?service=screen-printing&q=48&c1=2&garment=gildan-5000`,
      { width: 1280 },
    );
    const estimate = page.getByTestId('carried-estimate');
    const total = page.getByTestId('quote-estimate-total');
    expect(await total.textContent()).toContain(`${expected} in total`);
    expect(await page.getByLabel('M', { exact: true }).inputValue()).toBe('48');
    expect(await page.getByTestId('pieces-total').textContent()).toBe('Total: 48 pieces');

    // Two more pieces in 2XL: the total follows the keystrokes.
    await page.getByLabel('2XL', { exact: true }).fill('2');
    await expect.poll(() => page.getByTestId('pieces-total').textContent()).toBe('Total: 50 pieces');
    await expect.poll(() => estimate.textContent()).toContain('50 pieces');

    // Embroidery: its garments, locations by the logo's width.
    await page.getByLabel('Service').selectOption('embroidery');
    await expect.poll(() => page.locator('#quote-loc1Width').count()).toBe(1);
    expect(await page.locator('#quote-loc4').count()).toBe(0);
    expect(await page.locator('#quote-loc1Colors').count()).toBe(0);
    // The tee is not embroidered: the first garment embroidery lists in the catalogue takes its place.
    expect(await page.getByLabel('Garment', { exact: true }).inputValue()).toBe('gildan-18500');
    await page.locator('#quote-loc1Width').fill('3.5');
    await expect.poll(() => page.locator('#quote-loc1Width-hint').textContent()).toContain('about 6,100 stitches');
    await expect.poll(() => total.count()).toBe(1);
    await page.getByLabel('Service').selectOption('screen-printing');
    await expect.poll(() => page.locator('#quote-loc1Colors').count()).toBe(1);

    await fillQuoteContact(page);
    await page.getByLabel('Deliver or ship it to me (free locally)').check();
    await page.getByLabel('Delivery address').fill('1 Main Street, Springfield, IL');
    // The estimate asks for the ZIP code, then shows the delivery as a free line.
    await expect.poll(() => estimate.textContent()).toContain('Enter the ZIP code');
    await page.getByLabel('ZIP code').fill('62701');
    await expect.poll(() => estimate.textContent()).toContain('Free local delivery to 62701');
    await chooseArtwork(page, [logo]);
    expect(await page.getByTestId('artwork-list').textContent()).toContain('1 file chosen');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send my quote request' }).click();
    const sent = page.getByTestId('form-sent');
    await expectSent(page, sent);
    expect(await sent.textContent()).toMatch(/Q-\d{4}-\d{6}/);
    expect(await sent.textContent()).toContain('Your request: 50 pieces, 1 file (1 image).');
    // The panel in the form's place is the confirmation: no toast on top of it, which on a phone would hide
    // its end.
    expect(await page.getByRole('status').filter({ hasText: 'Quote request sent.' }).count()).toBe(0);
    // Nor the estimate again: the request is what was sent, the quote that follows is the figure.
    expect(await sent.textContent()).not.toMatch(/in total|per piece/);
    expect(await page.getByTestId('carried-estimate').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('checks the form before sending and the files at once; the server refusal of a fake image lands beside the field', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing`, { width: 390 });
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST') posts += 1;
    });
    await page.getByRole('button', { name: 'Send my quote request' }).click();
    const summary = page.getByTestId('form-errors');
    await expect.poll(() => summary.isVisible()).toBe(true);
    expect(await summary.textContent()).toContain('Quantities');
    expect(await activeId(page)).toBe('quote-name');
    expect(posts).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const six = Array.from({ length: 6 }, (_, index) => ({ ...logo, name: `logo-${index + 1}.png` }));
    await page.getByLabel('Artwork files').setInputFiles(six);
    expect(await page.getByTestId('artwork-list').textContent()).toContain('6 files chosen');
    expect(await page.locator('#quote-artwork-error').textContent()).toContain('Attach at most 5 files');

    await fillQuoteContact(page);
    await page.getByLabel('L', { exact: true }).fill('24');
    const fake = { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is not an image') };
    await page.getByLabel('Artwork files').setInputFiles([fake]);
    await page.getByRole('button', { name: 'Send my quote request' }).click();
    await expect.poll(() => page.locator('#quote-artwork-error').textContent()).toContain('judged by its content');
    expect(await activeId(page)).toBe('quote-artwork');
    expect(await page.getByLabel('Your name').inputValue()).toBe('Dana Tester');
    expect(posts).toBe(1);
    // Chromium reports the refused post itself; that status is the point of this test.
    expect(problems.filter((problem) => !/status of 422/.test(problem))).toEqual([]);
    await context.close();
  });
});

describe('quote form estimate: the date, the delivery and the ladder', () => {
  it('prices a near in-hands date and shipping, shows the whole ladder, and reads on a phone and a desktop', async () => {
    await mkdir(shots, { recursive: true });
    for (const width of [390, 1280]) {
      const { page, context, problems } = await openPage(
        browser(),
        `${baseUrl}/pricing?service=screen-printing&q=30&c1=2&garment=gildan-5000`,
        { width },
      );
      const panel = page.getByTestId('carried-estimate');
      // Tomorrow is too soon for the standard turnaround: a rush line, or the earliest date we can make.
      await page.getByLabel('In-hands date').fill(daysFromToday(1));
      await expect.poll(() => page.getByTestId('schedule').textContent()).toMatch(/rush|We cannot make/);
      await page.getByLabel('Deliver or ship it to me (free locally)').check();
      await page.getByLabel('ZIP code').fill('90210');
      await expect.poll(() => panel.textContent()).toContain('Shipping to 90210');
      expect(await panel.textContent()).toContain('Rush, ');
      // Shipped out of the state the shop collects in: no sales tax, and the panel says why.
      expect(await panel.textContent()).toContain(
        'No sales tax: the order goes outside the states where the shop collects it.',
      );
      const ladder = page.getByTestId('price-ladder');
      expect(await ladder.locator('tr[aria-current="true"]').textContent()).toContain('30 (yours)');
      // The totals on the ladder fall per piece as the quantity grows.
      expect(await ladder.locator('tbody tr').count()).toBeGreaterThan(4);
      expect(await axeViolations(page)).toEqual([]);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/quote-estimate-${width}.png`, fullPage: width === 390 });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('quote form without JavaScript', () => {
  it('shows the estimate of a calculator link and sends the request with a file', async () => {
    const expected = await calculatorTotal('q=48&c1=2&garment=gildan-5000');
    const { page, context } = await openPage(
      browser(),
      `${baseUrl}/pricing?service=screen-printing&q=48&c1=2&garment=gildan-5000`,
      { javaScript: false, width: 390 },
    );
    expect(await page.getByTestId('quote-estimate-total').textContent()).toContain(`${expected} in total`);
    // Every row is there, whichever service is sent.
    expect(await page.locator('#quote-loc4').count()).toBe(1);
    await fillQuoteContact(page);
    // A second location: "Add another location" opens it, with no script.
    await page.getByText('Add another location').first().click();
    await page.locator('#quote-loc2').selectOption('back');
    await page.getByLabel('Artwork files').setInputFiles([logo]);
    await page.getByRole('button', { name: 'Send my quote request' }).click();
    // A page of its own, not the form again with a banner above it.
    await page.waitForURL(`${baseUrl}/pricing/sent`);
    const sent = page.getByTestId('form-sent');
    expect(await page.locator('h1').textContent()).toBe('Thank you: your quote request is in');
    expect(await sent.textContent()).toMatch(/Your reference is Q-\d{4}-\d{6}\./);
    expect(await sent.textContent()).toContain('What happens next');
    const privateLink = sent.getByRole('link', { name: /\/requests\/Q-\d{4}-\d{6}\// });
    expect(await privateLink.count()).toBe(1);
    expect(await page.getByTestId('flash-message').count()).toBe(0);
    await context.close();
  });

  it('comes back with the input kept and the errors beside the fields', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/pricing`, { javaScript: false });
    await page.getByLabel('Your name').fill('Dana Tester');
    await page.getByLabel('Comments').fill('Two-sided, please.');
    await page.getByRole('button', { name: 'Send my quote request' }).click();
    await page.waitForLoadState();
    expect(await page.getByTestId('form-errors').textContent()).toContain('fields need your attention');
    expect(await page.getByLabel('Your name').inputValue()).toBe('Dana Tester');
    expect(await page.getByLabel('Comments').inputValue()).toBe('Two-sided, please.');
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#quote-sizes-error').textContent()).toContain('at least one size');
    // The file input posts an empty part when nothing is chosen: that is no artwork, not an empty file.
    expect(await page.locator('#quote-artwork-error').count()).toBe(0);
    await context.close();
  });
});

describe('quote form: the total in view', () => {
  it('keeps the total in view while the visitor works down the form, at 390 and 1280 px', async () => {
    await mkdir(shots, { recursive: true });
    for (const width of [390, 1280]) {
      const { page, context, problems } = await openPage(
        browser(),
        `${baseUrl}/pricing?service=screen-printing&q=48&c1=2&garment=gildan-5000`,
        { width },
      );
      const panelTotal = page.getByTestId('quote-estimate-total').locator('span');
      const bar = page.getByTestId('total-bar');
      const inView = (locator: typeof bar) =>
        locator.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
        });
      // Far down the form: a date that needs a rush changes the total.
      await page.getByLabel('In-hands date').evaluate((element) => element.scrollIntoView({ block: 'start' }));
      const before = await panelTotal.textContent();
      await page.getByLabel('In-hands date').fill(daysFromToday(1));
      await expect.poll(() => panelTotal.textContent()).not.toBe(before);
      // The panel is below the form on a phone, out of sight; beside it on a desktop it is taller than the
      // screen and scrolls away near the form's end. The bar says the same total, on screen.
      if (width === 390) expect(await inView(panelTotal)).toBe(false);
      expect(await inView(bar)).toBe(true);
      expect(await page.getByTestId('total-bar-total').textContent()).toBe(await panelTotal.textContent());
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/quote-total-in-view-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('quote form: locations and embroidery', () => {
  it('starts with one location, adds and removes others, and speaks of stitches for embroidery', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing`, { width: 390 });
    // The form is an island (client/components/island.tsx): its rows with JavaScript come at the first touch.
    await page.getByLabel('Your name').focus();
    await expect.poll(() => page.locator('#quote-loc2').count()).toBe(0);
    await page.getByRole('button', { name: 'Add another location' }).click();
    expect(await page.locator('#quote-loc2').inputValue()).toBe('back');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('quote-loc2');
    await page.getByRole('button', { name: 'Remove print location 2' }).click();
    await expect.poll(() => page.locator('#quote-loc2').count()).toBe(0);

    await page.getByLabel('Service').selectOption('embroidery');
    await expect.poll(() => page.getByRole('group', { name: 'Embroidery locations' }).count()).toBe(1);
    const form = page.locator('form[action="/pricing"]');
    expect(await form.textContent()).toContain('We have embroidered this design for you before');
    expect(await form.textContent()).not.toMatch(/print only|only the print|Print location/);
    expect(await page.getByLabel('Garment', { exact: true }).locator('option[value="own"]').textContent()).toBe(
      'My own garments (embroidery only)',
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the confirmation at 390 px', () => {
  it('is not covered by a toast, keeps the e-mail address whole and copies the private link', async () => {
    const { page, context, problems } = await openPage(
      browser(),
      `${baseUrl}/pricing?service=screen-printing&q=48&c1=2&garment=gildan-5000`,
      { width: 390 },
    );
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    // Typed once, as a visitor does: a second fill over the first came out invalid once on a busy run.
    await fillQuoteContact(page, 'dana.whitfield@example.com');
    await page.getByRole('button', { name: 'Send my quote request' }).click();
    const sent = page.getByTestId('form-sent');
    await expectSent(page, sent);
    // The address wraps as a whole, onto a line of its own if need be, never inside a word.
    const email = sent.locator('strong', { hasText: 'dana.whitfield@example.com' });
    expect(await email.evaluate((element) => element.getClientRects().length)).toBe(1);
    // Whatever part of the panel is on screen is the panel's, not a toast's.
    const again = page.getByRole('button', { name: 'Request another quote' });
    await again.scrollIntoViewIfNeeded();
    expect(
      await again.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === element;
      }),
    ).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Quote request sent.' }).count()).toBe(0);
    const address = (await sent.getByRole('link', { name: /\/requests\// }).textContent()) ?? '';
    expect(address).toMatch(/^http:\/\/.+\/requests\/Q-\d{4}-\d{6}\/.+/);
    await sent.getByRole('button', { name: 'Copy the link' }).click();
    await expect.poll(() => sent.getByText('Copied.').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/quote-sent-390.png` });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('without JavaScript the confirmation page has no copy button, and the link is there to select', async () => {
    const { page, context } = await openPage(
      browser(),
      `${baseUrl}/pricing?service=screen-printing&q=48&c1=2&garment=gildan-5000`,
      { javaScript: false, width: 390 },
    );
    await fillQuoteContact(page);
    await page.getByRole('button', { name: 'Send my quote request' }).click();
    await page.waitForURL(`${baseUrl}/pricing/sent`);
    expect(await page.getByRole('button', { name: 'Copy the link' }).isVisible()).toBe(false);
    expect(
      await page
        .getByTestId('form-sent')
        .getByRole('link', { name: /\/requests\// })
        .isVisible(),
    ).toBe(true);
    await page.screenshot({ path: `${shots}/quote-sent-no-js-390.png`, fullPage: true });
    await context.close();
  });
});
