import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { approvedFromForm, axeViolations, mailWith, watchedPage } from '#tests/support/browser-session.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { stripeDeskServerForThisFile } from '#tests/support/stripe-desk-server.ts';

const shots = 'reports/screenshots';
const money = (text: string | null) => /\$[\d,]+\.\d{2}/.exec(text ?? '')?.[0] ?? '';

// An order paid on the site, in Chromium against the production build and the Stripe stand-in (its
// hosted page sends the signed webhook the real one would): approve → pay the deposit → paid → proof →
// production → ready → pay the balance → completed; and the pay form without JavaScript, up to Stripe.
describe('an order paid by card through Stripe Checkout', () => {
  const browser = chromiumForThisFile();
  const { site, stripe } = stripeDeskServerForThisFile();

  async function screenshots(page: Page, name: string) {
    await mkdir(shots, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
  }
  const notice = (page: Page) => page.getByRole('status').first().textContent();

  /** A quote request sent from the form, quoted by the desk and approved by its customer: its reference and private page. */
  const approvedOrder = (page: Page, shop: Page) => approvedFromForm(page, shop, site, { color: 'Black' });

  it('takes the deposit and the balance on Stripe’s page, and only its webhook marks them paid', async () => {
    // The site started after the stand-in: now the stand-in knows where to send its events.
    stripe().webhookUrl = `${site.url}/webhooks/stripe`;
    const customerSide = await watchedPage(browser(), 390);
    const deskSide = await watchedPage(browser(), 1280);
    const noScript = await browser().newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    const page = customerSide.page;
    const shop = deskSide.page;
    try {
      const { reference, path } = await approvedOrder(page, shop);
      const payDeposit = page.getByRole('button', { name: /^Pay the \$[\d,.]+ deposit$/ });
      const deposit = money(await payDeposit.textContent());
      expect(deposit).not.toBe('');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'payment-deposit-due');

      // Without JavaScript the form posts all the same and lands on Stripe's page for that amount.
      const plain = await noScript.newPage();
      await plain.goto(`${site.url}${path}`);
      await plain.getByRole('button', { name: `Pay the ${deposit} deposit` }).click();
      await expect.poll(() => plain.url()).toMatch(new RegExp(`^${stripe().url}/pay/cs_test_\\w+$`));
      expect(await plain.locator('#amount').textContent()).toBe(`${deposit} USD`);
      const plainSession = plain.url();

      // The customer pays it; the same session again, not a second one.
      await payDeposit.click();
      await expect.poll(() => page.url()).toBe(plainSession);
      await page.getByRole('button', { name: `Pay ${deposit}` }).click();
      await expect.poll(() => page.url()).toContain(`${path}?paid=cs_test_`);
      await expect.poll(() => page.getByText('Thank you: your payment is recorded.').count()).toBe(1);
      expect(await page.getByText(`${deposit}, paid`).count()).toBe(1);
      expect(await page.getByRole('button', { name: /^Pay the/ }).count()).toBe(0);
      await mailWith(site.smtp, new RegExp(`we received \\${deposit} for your order ${reference}`));
      await screenshots(page, 'payment-deposit-paid');

      // Proof, approved; production may start now that the deposit is in.
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      await shop
        .getByLabel(/Proof file/)
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: randomPng(200) });
      await shop.getByRole('button', { name: 'Send proof' }).click();
      await expect.poll(() => notice(shop)).toBe('Proof sent to the customer.');
      await page.goto(`${site.url}${path}`);
      await page.getByLabel('Your full name, as your signature').fill('Dana Whitfield');
      await page.getByRole('checkbox', { name: /I approve this proof/ }).check();
      await page.getByRole('button', { name: 'Approve proof v1' }).click();
      await expect.poll(() => notice(page)).toContain('your proof is approved');
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      for (const step of ['in_production', 'ready']) {
        await shop.getByLabel('Move to').selectOption(step);
        await shop.getByRole('button', { name: 'Change status' }).click();
        await expect.poll(() => notice(shop)).toBe('Status changed.');
      }

      // Ready: the balance is due, paid the same way.
      await page.goto(`${site.url}${path}`);
      const payBalance = page.getByRole('button', { name: /^Pay the \$[\d,.]+ balance$/ });
      const balance = money(await payBalance.textContent());
      await payBalance.click();
      await page.getByRole('button', { name: `Pay ${balance}` }).click();
      await expect.poll(() => page.getByText('Thank you: your payment is recorded.').count()).toBe(1);
      expect(
        await page
          .getByRole('term')
          .filter({ hasText: /^Balance$/ })
          .count(),
      ).toBe(1);
      expect(await page.locator('dt:text-is("Balance") + dd').textContent()).toBe('$0.00');

      // Handed over: completed, and the invoice says it is paid.
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      await shop.getByLabel('Move to').selectOption('completed');
      await shop.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => notice(shop)).toBe('Status changed.');
      expect(await shop.getByText('Deposit paid.').count()).toBe(1);

      await page.goto(`${site.url}${path}`);
      expect(await page.getByText('Your order is complete.').count()).toBe(1);
      await page.getByRole('link', { name: 'Your invoice' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Invoice' }).count()).toBe(1);
      expect(await page.getByText(`Deposit · Card (online)`).count()).toBe(1);
      expect(await page.getByText(`Balance · Card (online)`).count()).toBe(1);
      expect(await page.locator('dt:text-is("Balance due") + dd').textContent()).toBe('$0.00');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'invoice');
      // Nothing wider than a phone's screen.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      // A part of the balance refunded from the desk: recorded once Stripe confirms it, with a receipt.
      await shop.getByText('Refund through Stripe').last().click();
      await shop
        .getByLabel(/^Amount to refund/)
        .last()
        .fill('1.00');
      await shop.getByRole('button', { name: 'Refund', exact: true }).last().click();
      await expect
        .poll(() => notice(shop))
        .toBe('Refund asked of Stripe: it is recorded, and the customer’s receipt sent, once Stripe confirms it.');
      await mailWith(
        site.smtp,
        new RegExp(`We have refunded \\$1\\.00 to the card you paid with for your order ${reference}`),
      );
      await shop.reload();
      expect(await shop.getByText('Refunded $1.00 (confirmed by Stripe)').count()).toBe(1);
      expect(await axeViolations(shop)).toEqual([]);
      await screenshots(shop, 'desk-money');
      expect(customerSide.problems).toEqual([]);
      expect(deskSide.problems).toEqual([]);
    } finally {
      await noScript.close();
      await customerSide.context.close();
      await deskSide.context.close();
    }
  });

  it.each([
    ['with', true],
    ['without', false],
  ])(
    'turns "being confirmed" into the receipt by itself when Stripe’s event comes after the customer, %s JavaScript',
    async (_, javaScript) => {
      stripe().webhookUrl = `${site.url}/webhooks/stripe`;
      const customerSide = await watchedPage(browser(), 390);
      const deskSide = await watchedPage(browser(), 1280);
      const payer = await browser().newContext({
        javaScriptEnabled: javaScript,
        viewport: { width: 390, height: 900 },
      });
      try {
        const { path } = await approvedOrder(customerSide.page, deskSide.page);
        const page = await payer.newPage();
        await page.goto(`${site.url}${path}`);
        const payDeposit = page.getByRole('button', { name: /^Pay the \$[\d,.]+ deposit$/ });
        const deposit = money(await payDeposit.textContent());
        await payDeposit.click();
        // Stripe's event reaches the site three seconds after the customer is back.
        stripe().eventDelayMs = 3000;
        await page.getByRole('button', { name: `Pay ${deposit}` }).click();
        await expect.poll(() => page.url()).toMatch(new RegExp(`${path}\\?paid=cs_test_\\w+#payment$`));
        expect(await page.getByText('Your payment is being confirmed').count()).toBe(1);
        expect(await page.getByRole('button', { name: /^Pay the/ }).count()).toBe(0);
        await screenshots(page, `payment-confirming-${javaScript ? 'js' : 'no-js'}`);
        // Nobody reloads: the page looks again by itself and turns into the receipt.
        await expect
          .poll(() => page.getByText('Thank you: your payment is recorded.').count(), { timeout: 15_000 })
          .toBe(1);
        expect(await page.getByText(`${deposit}, paid`).count()).toBe(1);
        expect(await page.getByRole('button', { name: /^Pay the/ }).count()).toBe(0);
        expect(customerSide.problems).toEqual([]);
      } finally {
        stripe().eventDelayMs = 0;
        await payer.close();
        await customerSide.context.close();
        await deskSide.context.close();
      }
    },
  );
});
