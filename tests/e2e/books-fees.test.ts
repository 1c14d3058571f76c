import { describe, expect, it } from 'vitest';
import { dayIn } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { approvedFromForm, axeViolations, watchedPage } from '#tests/support/browser-session.ts';
import { screenshotsAtBothWidths } from '#tests/support/page-screenshots.ts';
import { stripeDeskServerForThisFile } from '#tests/support/stripe-desk-server.ts';
import { standInFee } from '#tests/support/stripe-stand-in.ts';

const cents = (text: string | null) =>
  Math.round(Number((/\$([\d,]+\.\d{2})/.exec(text ?? '')?.[1] ?? '').replace(/,/g, '')) * 100);

// Stripe's side of the books in Chromium against the production build and the Stripe stand-in: the
// customer pays the deposit on Stripe's page, the webhook records it and the site reads the fee from
// its balance transaction; the desk's month shows the fee, the net after fees and Stripe's payouts.
describe('Stripe fees and payouts on the desk’s books', () => {
  const browser = chromiumForThisFile();
  const { site, stripe } = stripeDeskServerForThisFile();

  const screenshots = screenshotsAtBothWidths;

  it('shows the deposit’s Stripe fee, the net after fees and the month’s payouts', async () => {
    stripe().webhookUrl = `${site.url}/webhooks/stripe`;
    const customerSide = await watchedPage(browser(), 390);
    const deskSide = await watchedPage(browser(), 1280);
    const page = customerSide.page;
    const shop = deskSide.page;
    const { path } = await approvedFromForm(page, shop, site);

    const payDeposit = page.getByRole('button', { name: /^Pay the \$[\d,.]+ deposit$/ });
    const deposit = cents(await payDeposit.textContent());
    expect(deposit).toBeGreaterThan(0);
    await payDeposit.click();
    await page.getByRole('button', { name: `Pay ${formatMoney(deposit)}` }).click();
    await expect.poll(() => page.url()).toContain(`${site.url}${path}`);

    // A payout Stripe made this month, and one still on its way.
    const month = dayIn(new Date().toISOString(), 'America/Chicago').slice(0, 7);
    stripe().payout(12_345, `${month}-10`);
    stripe().payout(6_789, `${month}-11`, 'in_transit');

    const fee = standInFee(deposit);
    await shop.goto(`${site.url}/staff/books`);
    await expect.poll(() => shop.getByRole('heading', { name: /^Books: / }).count()).toBe(1);
    expect(await shop.locator('dt:text-is("Net received") + dd').textContent()).toBe(formatMoney(deposit));
    expect(await shop.locator('dt:text-is("Stripe fees (1)") + dd').textContent()).toBe(formatMoney(fee));
    expect(await shop.locator('dt:text-is("Net after Stripe fees") + dd').textContent()).toBe(
      formatMoney(deposit - fee),
    );
    expect(await shop.getByText(`Stripe fee ${formatMoney(fee)}`).count()).toBe(1);
    const payouts = shop.getByRole('region', { name: 'Stripe payouts to the bank' });
    expect(await payouts.getByRole('listitem').count()).toBe(2);
    expect(await payouts.getByRole('listitem').first().textContent()).toContain('$123.45');
    expect(await payouts.getByRole('listitem').nth(1).textContent()).toContain('In transit');
    expect(await payouts.getByText('Paid to the bank').count()).toBe(1);
    expect(await axeViolations(shop)).toEqual([]);
    await screenshots(shop, 'books-month-fees');
    expect(customerSide.problems).toEqual([]);
    expect(deskSide.problems).toEqual([]);
  }, 120_000);
});
