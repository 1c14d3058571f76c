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
      expect(
        await page
          .getByRole('img', { name: 'Preview of logo.png' })
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBe(64);
      expect(await axeViolations(page)).toEqual([]);

      // From New the menu offers only a cancel: Quoted is reached by sending a quote.
      expect(
        await page
          .getByLabel('Move to')
          .locator('option')
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
      ).toEqual(['cancelled']);
      await page.getByLabel('Move to').selectOption('cancelled');
      await page
        .getByLabel(/Message to the customer/)
        .fill('We cannot print this design: the logo is not yours to use.');
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Status changed.');
      expect(await page.getByText('Moved it from New to Cancelled, with a message to the customer').count()).toBe(1);
      await expect
        .poll(() => site.smtp.received.filter((item) => item.text.includes('We cannot print this design')).length, {
          timeout: 15_000,
        })
        .toBe(1);

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

      const totalOf = async () => (await page.locator('dd').first().textContent()) ?? '';
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
      // Each picture sits in a contained box of its own height, so a picture arriving never moves the page.
      for (const [name, height] of [
        ['Preview of logo.png', 192],
        ['Proof v1', 256],
      ] as const) {
        const box = page.getByRole('img', { name }).locator('..');
        expect(
          await box.evaluate((element) => [getComputedStyle(element).contain, element.getBoundingClientRect().height]),
        ).toEqual(['strict', height]);
      }
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
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
