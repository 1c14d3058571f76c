import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  deskServerForThisFile,
  mailWith,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';

// The desk in Chromium against the production build, mail through a real SMTP conversation.
describe('the staff desk in a browser', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();
  let reference: string;

  beforeAll(async () => {
    reference = await postQuoteRequest('Team shirts for the 5K');
  });

  /** A quote request through the real endpoint, as the quote form sends it. */
  async function postQuoteRequest(comments: string): Promise<string> {
    const session = await liveVisitorSession(site.url);
    const posted = await fetch(`${site.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: quoteFormData({
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        comments,
        file: randomPng(64),
        fileName: 'logo.png',
      }),
    });
    expect(posted.status).toBe(201);
    return ((await posted.json()) as { reference: string }).reference;
  }

  it('signs in with the e-mailed link, works the inbox and a request, with no axe violation', async () => {
    const { page, context, problems } = await watchedPage(browser(), 390);
    try {
      await page.goto(`${site.url}/staff`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/staff/sign-in');
      expect(await axeViolations(page)).toEqual([]);
      // Signed in by hand here (signInToDesk elsewhere), to read the link's page on the way.
      await page.getByLabel('Your work e-mail address').fill(site.staff);
      await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('a sign-in link is on its way');
      const mail = await mailWith(site.smtp, /\/staff\/sign-in\/[\w-]{43}/);
      await page.goto(/https?:\/\/\S+\/staff\/sign-in\/[\w-]{43}/.exec(mail.text)?.[0] ?? '');
      // The link's page says what the button does, for whom and until when, at both widths.
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to the Seenwear desk');
        expect(await page.getByText(`This signs ${site.staff} in to Seenwear’s staff desk`).count()).toBe(1);
        expect(await page.getByText(/The link works once, until .+ C[SD]T\./).count()).toBe(1);
        expect(await page.getByRole('heading', { name: 'Did not ask for it?' }).count()).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await axeViolations(page)).toEqual([]);
      }
      await page.getByRole('button', { name: 'Sign in to the desk' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Inbox');
      expect(await page.getByText(reference).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === '__Host-staff')?.httpOnly).toBe(true);

      await page.getByText(reference).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(reference);
      expect(await page.getByText('Team shirts for the 5K').count()).toBe(1);
      // The preview loads lazily, as the desk scrolls to it.
      const preview = page.getByRole('img', { name: 'Preview of logo.png' });
      await preview.scrollIntoViewIfNeeded();
      await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
      expect(await axeViolations(page)).toEqual([]);

      // From New nothing is one click away: Quoted is reached by sending a quote, and the status menu
      // never holds a cancel (its own form asks why and for a confirmation).
      expect(await page.getByLabel('Move to').count()).toBe(0);
      expect(await page.getByText('New: sending a quote moves it on (Quoted).').count()).toBe(1);
      const cancel = page.getByRole('region', { name: 'Cancel this request' });
      // The browser asks for both; without them (no script, or an old browser) the server refuses too.
      await cancel.getByRole('button', { name: 'Cancel the request' }).click();
      expect(
        await page.getByLabel(/Why is it cancelled/).evaluate((field: HTMLTextAreaElement) => field.validity.valid),
      ).toBe(false);
      await page.evaluate(() => {
        for (const field of document.querySelectorAll('#section-cancel ~ div [required]'))
          field.removeAttribute('required');
      });
      await page.getByLabel(/Why is it cancelled/).fill('We cannot print this design: the logo is not yours to use.');
      await cancel.getByRole('button', { name: 'Cancel the request' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe('Not cancelled: tick “Yes, cancel this request” to confirm.');
      expect(await page.getByText('New', { exact: true }).count()).toBeGreaterThan(0);
      // What the customer will read, before the button.
      await cancel.getByText(/The e-mail the customer is sent/).click();
      expect(await cancel.getByText('Why: [the reason you give above]').count()).toBe(1);
      await page.getByLabel(/Why is it cancelled/).fill('We cannot print this design: the logo is not yours to use.');
      await page.getByLabel(/Yes, cancel this request/).check();
      await cancel.getByRole('button', { name: 'Cancel the request' }).click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe('Request cancelled: the customer is told why by e-mail. You can undo it for 24 hours.');
      expect(await page.getByText('Moved it from New to Cancelled, saying why').count()).toBe(1);
      await expect
        .poll(
          () =>
            site.smtp.received.filter((item) =>
              item.text.includes('Why: We cannot print this design: the logo is not yours to use.'),
            ).length,
          { timeout: 15_000 },
        )
        .toBe(1);
      // A day to take it back: the customer, told of the cancel, is told once that it is undone.
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `reports/screenshots/desk-undo-cancel-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 390, height: 900 });
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Undo the cancel' }).click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe('Cancel undone: the request is back where it was, and the customer is told by e-mail.');
      expect(await page.getByText('Undid the cancel: back from Cancelled to New').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Undo the cancel' }).count()).toBe(0);
      await expect
        .poll(
          () =>
            site.smtp.received.filter(
              (item) => item.parsed.subject === `Seenwear: your request ${reference} is back on`,
            ).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(1);
      // Cancelled for good this time (the inbox's Cancelled tab is looked at below).
      await page.getByLabel(/Why is it cancelled/).fill('Cancelled after all: she ordered elsewhere.');
      await page.getByLabel(/Yes, cancel this request/).check();
      await cancel.getByRole('button', { name: 'Cancel the request' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Request cancelled');

      await page.getByLabel(/Write to the customer/).fill('Would navy work instead of black?');
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Message sent to the customer.');
      await expect
        .poll(
          () => site.smtp.received.filter((item) => item.text.includes('Would navy work instead of black?')).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel('Only the shop sees it').fill('Navy, not black: she called.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Note added.');
      expect(await page.getByText('Navy, not black: she called.').count()).toBe(1);

      await page.getByRole('link', { name: 'Inbox' }).first().click();
      await page.getByRole('link', { name: /^Cancelled/ }).click();
      expect(await page.getByText(reference).count()).toBe(1);

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('You are signed out.');
      await page.goto(`${site.url}/staff`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/staff/sign-in');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('writes a quote from the price list, sends it, and sends a proof, with no axe violation', async () => {
    const quoted = await postQuoteRequest('Shirts for the relay team');
    const { page, context, problems } = await watchedPage(browser(), 1280);
    try {
      await page.goto(`${site.url}/staff/requests/${quoted}`);
      await signInToDesk(page, site.smtp, site.staff);
      await page.goto(`${site.url}/staff/requests/${quoted}`);
      await page.getByRole('link', { name: 'Write a quote' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Write a quote v1');
      expect(await page.getByText('Filled from our price list').count()).toBe(1);
      // The pricing engine's first line is the garment the customer chose.
      expect(await page.getByLabel('Line 1: description').inputValue()).not.toBe('');
      expect(await axeViolations(page)).toEqual([]);

      // Before tax: the line added is apparel, whose tax comes on top.
      const totalOf = async () => (await page.locator('dt:text-is("Subtotal") + dd').textContent()) ?? '';
      const engineTotal = await totalOf();
      const spare = (await page.getByRole('textbox', { name: /description/ }).count()) - 1;
      await page.getByLabel(`Line ${spare + 1}: description`).fill('Rush: ready in 5 days');
      await page.getByLabel(`Line ${spare + 1}: quantity`).fill('1');
      await page.getByLabel(`Line ${spare + 1}: price of one ($)`).fill('25.00');
      await page.getByRole('button', { name: 'Update totals' }).click();
      await expect.poll(totalOf).not.toBe(engineTotal);
      const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
      expect(cents(await totalOf()) - cents(engineTotal)).toBe(2500);

      await page.getByRole('button', { name: /^Send quote v1/ }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Quote sent to the customer.');
      expect(
        await page.getByRole('table', { name: 'Lines of quote v1' }).getByText('Rush: ready in 5 days').count(),
      ).toBe(1);
      await expect
        .poll(
          () =>
            site.smtp.received.filter((item) => item.text.includes(`Here is our quote for your request ${quoted}`))
              .length,
          {
            timeout: 15_000,
          },
        )
        .toBe(1);
      const quoteMail = site.smtp.received.find((item) =>
        item.text.includes(`Here is our quote for your request ${quoted}`),
      );
      expect(quoteMail?.text).toContain('- Rush: ready in 5 days: 1 × $25.00 = $25.00');

      await page.getByLabel('Move to').selectOption('approved');
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Status changed.');

      await page
        .getByLabel(/Proof file/)
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: randomPng(120) });
      await page.getByLabel('Width in inches').fill('11.5');
      await page.getByLabel('Height in inches').fill('4');
      await page.getByRole('button', { name: 'Send proof' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Proof sent to the customer.');
      const proof = page.getByRole('img', { name: 'Proof v1' });
      // Shown lazily, as a long page's pictures are: it loads once scrolled to.
      await proof.scrollIntoViewIfNeeded();
      await expect.poll(() => proof.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(120);
      expect(await page.getByText('printed 11.5 × 4 in').count()).toBe(1);
      // Each picture's box is kept before it arrives, so a picture arriving never moves the page: the
      // artwork's in a contained box of its own height, the proof (its notes pinned over it) by its size.
      const box = page.getByRole('img', { name: 'Preview of logo.png' }).locator('..');
      expect(
        await box.evaluate((element) => [getComputedStyle(element).contain, element.getBoundingClientRect().height]),
      ).toEqual(['strict', 192]);
      expect(
        await proof.evaluate((image: HTMLImageElement) => [
          image.getAttribute('width'),
          image.getAttribute('height'),
          image.getBoundingClientRect().height,
        ]),
      ).toEqual(['120', '120', 120]);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('img', { name: 'Preview of logo.png' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `reports/screenshots/desk-request-pictures-${width}.png`, fullPage: true });
      }
      await expect
        .poll(
          () =>
            site.smtp.received.filter((item) => item.text.includes(`Your proof for request ${quoted} is ready`)).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      // The approval of the proof (given at the counter), and the production board's work order from here.
      await page.getByLabel('Move to').selectOption('proof_approved');
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Status changed.');
      await page.getByRole('link', { name: 'Work order' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/staff/requests/${quoted}/work-order`);
      expect(await page.getByText(quoted).count()).toBeGreaterThan(0);
      await page.goBack();
      await page.getByText('Waive the deposit', { exact: true }).first().click();
      await page.getByLabel('Why', { exact: true }).fill('Regular customer: pays on pickup.');
      await page.getByRole('button', { name: 'Waive the deposit' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Deposit waived');
      await page.getByLabel('Move to').selectOption('in_production');
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Status changed.');

      // Friday afternoon: Ready is preselected, and the mail it sends by itself is shown before the button.
      expect(await page.getByLabel('Move to').inputValue()).toBe('ready');
      const total = (await page.getByRole('region', { name: 'Money' }).locator('dd').first().textContent()) ?? '';
      const preview = page.locator('details', { hasText: 'Moving it to Ready sends' });
      expect(await preview.getAttribute('open')).not.toBeNull();
      expect(await preview.getByText(`Good news: your order ${quoted} is ready for pickup.`).count()).toBe(1);
      expect(await preview.getByText(`${total} is due (the balance).`, { exact: false }).count()).toBe(1);
      expect(await preview.getByText('Monday to Friday: 9:00 am to 6:00 pm', { exact: false }).count()).toBe(1);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await preview.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `reports/screenshots/desk-ready-preview-${width}.png` });
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Status changed.');
      await expect
        .poll(
          () =>
            site.smtp.received.filter((item) => item.parsed.subject === `Seenwear: your order ${quoted} is ready`)
              .length,
          {
            timeout: 15_000,
          },
        )
        .toBe(1);
      const ready = site.smtp.received.find(
        (item) => item.parsed.subject === `Seenwear: your order ${quoted} is ready`,
      );
      expect(ready?.text).toContain(`${total} is due (the balance).`);
      expect(ready?.text).toContain('Pick it up at 1420 Market Street, Springfield, IL 62701.');
      expect(ready?.text).toContain('Saturday: 10:00 am to 2:00 pm');

      // The customer's page says it is ready, at both widths.
      const customerPage =
        (await page.getByRole('link', { name: 'Open it as they see it' }).getAttribute('href')) ?? '';
      await page.goto(customerPage.startsWith('http') ? customerPage : `${site.url}${customerPage}`);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const stands = page.getByRole('region', { name: 'Where it stands' });
        const next = stands.getByText(/^Your order is ready/);
        expect(await next.textContent()).toContain('is due');
        expect((await next.textContent())?.toLowerCase()).not.toContain('production');
        expect(await stands.locator('[aria-current="step"]').textContent()).toMatch(/^Ready \(now\)/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
