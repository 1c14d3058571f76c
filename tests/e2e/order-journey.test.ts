import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  deskServerForThisFile,
  mailWith,
  sendQuoteFromForm,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { randomPng } from '#tests/support/random-png.ts';

const customer = 'dana@example.com';
/** Where the screenshots go, to be looked at. */
const shots = 'reports/screenshots';

// The whole way of an order in Chromium against the production build, both sides in their own browser
// contexts and every mail through SMTP: request → quote sent from the desk → approved by the customer →
// proof approved → completed → ordered again.
describe('an order from request to reorder in a browser', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  /** The page at a phone's width and a laptop's, for looking at (not compared); the page is left at 390 px. */
  async function screenshots(page: Page, name: string) {
    await mkdir(shots, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
  }

  const notice = (page: Page) => page.getByRole('status').first().textContent();

  it('goes from the quote form to a completed order, and orders it again', async () => {
    const customerSide = await watchedPage(browser(), 390);
    const deskSide = await watchedPage(browser(), 1280);
    const shop = deskSide.page;
    const page = customerSide.page;
    try {
      // The customer asks for a quote on the form.
      const { reference, path } = await sendQuoteFromForm(page, site.url, { email: customer });
      expect(path).toContain(`/requests/${reference}/`);

      // The shop signs in and sends a quote written from the price list.
      await shop.goto(`${site.url}/staff/sign-in`);
      await signInToDesk(shop, site.smtp, site.staff);
      await shop.goto(`${site.url}/staff/requests/${reference}/quote`);
      expect(await shop.getByText('Filled from our price list').count()).toBe(1);
      // The total with its sales tax, as the customer's quote will show it.
      const total = (await shop.locator('dt:text-is("Total") + dd').textContent()) ?? '';
      expect(total).toMatch(/^\$\d/);
      await shop.getByRole('button', { name: /^Send quote v1/ }).click();
      await expect.poll(() => notice(shop)).toBe('Quote sent to the customer.');
      const quoteMail = await mailWith(site.smtp, new RegExp(`Here is our quote for your request ${reference}`));
      expect(quoteMail.text).toContain(`${site.url}${path}`);

      // The customer approves it on their page, signing with their name.
      await page.goto(`${site.url}${path}`);
      await expect.poll(() => page.getByRole('heading', { name: 'Your quote' }).count()).toBe(1);
      expect(await page.getByRole('table', { name: 'The lines of quote v1' }).getByText(total).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'request-page-quote');
      await page.getByLabel('Your full name, as your signature').fill('Dana Whitfield');
      await page.getByRole('checkbox', { name: /I approve this quote/ }).check();
      await page.getByRole('button', { name: 'Approve quote v1' }).click();
      await expect.poll(() => notice(page)).toContain('your quote is approved');
      expect(await page.getByText(/Approved by Dana Whitfield/).count()).toBe(1);
      await mailWith(site.smtp, new RegExp(`The customer approved quote v1 of ${reference}`));

      // The shop sees the approval and sends a proof at its print size.
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      expect(await shop.getByText(/Approved by the customer, signed “Dana Whitfield”/).count()).toBe(1);
      // The quote reads Approved, and the browser it came from by its name (the test's Chromium).
      expect(await shop.getByText(/^Quote v1/).textContent()).toMatch(/· Approved ·/);
      expect(await shop.getByText(/using Chrome \d+ on Linux/).count()).toBe(1);
      await shop.screenshot({ path: `${shots}/desk-approved-quote-1280.png`, fullPage: true });
      await shop
        .getByLabel(/Proof file/)
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: randomPng(200) });
      await shop.getByLabel('Width in inches').fill('10');
      await shop.getByLabel('Height in inches').fill('4');
      await shop.getByRole('button', { name: 'Send proof' }).click();
      await expect.poll(() => notice(shop)).toBe('Proof sent to the customer.');
      // Its mail shows the proof's picture from the customer's page, and the shop's logo, both served.
      const proofMail = await mailWith(site.smtp, new RegExp(`Your proof for request ${reference} is ready`));
      const pictures = [...(proofMail.html ?? '').matchAll(/<img src="([^"]*)"/g)].map(([, src]) => src ?? '');
      expect(pictures).toEqual([`${site.url}/icons/icon-192.png`, `${site.url}${path}/proofs/1/preview`]);
      for (const src of pictures) {
        const answer = await fetch(src);
        expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'image/png']);
      }

      // The customer approves the proof.
      await page.goto(`${site.url}${path}`);
      const proof = page.getByRole('img', { name: /drawn at its print size of 10 × 4 in/ });
      expect(await proof.getAttribute('width')).toBe('10in');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'request-page-proof');
      await page.getByLabel('Your full name, as your signature').fill('Dana Whitfield');
      await page.getByRole('checkbox', { name: /I approve this proof/ }).check();
      await page.getByRole('button', { name: 'Approve proof v1' }).click();
      await expect.poll(() => notice(page)).toContain('your proof is approved');

      // The shop makes it and hands it over. Production waits for the deposit: this shop takes no cards
      // on the site, so the customer's page says how to pay, and the desk records it paid at the counter.
      await page.goto(`${site.url}${path}`);
      expect(await page.getByText(/Pay at the shop by cash, check or card/).count()).toBe(1);
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      const due = /\$[\d,]+\.\d{2}/.exec((await shop.getByText(/^Deposit due: /).textContent()) ?? '')?.[0] ?? '';
      await shop.getByText('Record a payment at the shop').click();
      await shop.getByLabel('Amount received').fill(due.slice(1).replace(/,/g, ''));
      await shop.getByLabel('Paid by').selectOption('cash');
      await shop.getByRole('button', { name: 'Record payment' }).click();
      await expect.poll(() => notice(shop)).toBe('Payment recorded: the customer’s receipt is on its way.');
      await mailWith(site.smtp, new RegExp(`we received \\${due} for your order ${reference}`));
      for (const step of ['in_production', 'ready', 'completed']) {
        await shop.getByLabel('Move to').selectOption(step);
        // Only the deposit was paid: completing with the balance open takes the shop's reason.
        if (step === 'completed')
          await shop.getByLabel(/still owed\? Say why/).fill('Balance paid on the school’s purchase order');
        await shop.getByRole('button', { name: 'Change status' }).click();
        await expect.poll(() => notice(shop)).toBe('Status changed.');
      }

      // The customer sees it completed, every step dated, and orders it again.
      await page.goto(`${site.url}${path}`);
      expect(await page.getByText('Your order is complete.').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Order again' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing');
      expect(await page.getByText(`Reorder of ${reference}.`).count()).toBe(1);
      expect(await page.getByLabel('Your name').inputValue()).toBe('Dana Whitfield');
      expect(await page.getByLabel('E-mail').inputValue()).toBe(customer);
      // The artwork is on file: the estimate leaves its screens out, as the shop will.
      await expect.poll(() => page.getByText(/on file, not charged again/).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Send my quote request' }).click();
      await expect.poll(() => page.getByTestId('form-sent').isVisible(), { timeout: 10_000 }).toBe(true);
      const reorder = /Q-\d{4}-\d{6}/.exec((await page.getByTestId('form-sent').textContent()) ?? '')?.[0] ?? '';
      expect(reorder).not.toBe(reference);

      // The shop sees it marked as the reorder it is.
      await shop.goto(`${site.url}/staff/requests/${reorder}`);
      expect(await shop.getByText(`${reference} (set-up on file)`).count()).toBe(1);
      expect(customerSide.problems).toEqual([]);
      expect(deskSide.problems).toEqual([]);
    } finally {
      await customerSide.context.close();
      await deskSide.context.close();
    }
  });
});
