import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, signInToDesk, watchedPage } from '#tests/support/browser-session.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { stripeDeskServerForThisFile } from '#tests/support/stripe-desk-server.ts';

const shots = 'reports/screenshots';

// A group member's share paid by card, then the member leaving the order: in Chromium against the
// production build and the Stripe stand-in. The organiser cannot take a paid entry off (the page says
// to ask the shop); the desk removes it and the card is refunded, both in the request's activity.
describe('a paid group entry removed by the desk', () => {
  const browser = chromiumForThisFile();
  const { site, stripe } = stripeDeskServerForThisFile();

  it('leaves the paid entry to the shop, whose removal refunds the card', async () => {
    await mkdir(shots, { recursive: true });
    stripe().webhookUrl = `${site.url}/webhooks/stripe`;
    const session = await liveVisitorSession(site.url);
    const posted = await fetch(`${site.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: quoteFormData({
        name: 'Pat Okafor',
        email: 'pat@example.com',
        comments: 'Choir shirts',
        file: randomPng(64),
        fileName: 'choir.png',
      }),
    });
    expect(posted.status).toBe(201);
    const { reference, link } = (await posted.json()) as { reference: string; link: string };

    const organiser = await watchedPage(browser(), 390);
    const member = await watchedPage(browser(), 390);
    const desk = await watchedPage(browser(), 1280);
    try {
      // The organiser starts a group where each person pays $14.50 by card.
      await organiser.page.goto(`${site.url}${link}`);
      await organiser.page.getByLabel('Title for the group').fill('Choir shirts');
      await organiser.page.locator('input[name="payer"][value="members"]').check();
      await organiser.page.getByLabel('Price per person, in dollars').fill('14.50');
      await organiser.page.getByRole('button', { name: 'Start the group and get the link' }).click();
      await expect.poll(() => organiser.page.getByRole('status').first().textContent()).toContain('Your group is open');
      const share = await organiser.page.getByLabel('Link to send your group').inputValue();

      // A member joins and pays on Stripe's page; its webhook marks the entry paid.
      await member.page.goto(share);
      // Each size shows what it costs: the price per person, plus the garment's upcharge for a 2XL.
      const sizes = member.page.getByRole('group', { name: 'Size' });
      expect(await sizes.locator('label').filter({ hasText: /^L/ }).textContent()).toBe('L$14.50');
      expect(await sizes.locator('label').filter({ hasText: /^2XL/ }).textContent()).toBe('2XL$16.50');
      await sizes.screenshot({ path: `${shots}/group-member-size-prices-390.png` });
      await member.page.getByLabel('Your name').fill('Gus Lindqvist');
      await member.page.getByLabel('Your e-mail').fill('gus@example.com');
      await member.page.getByRole('radio', { name: /^L\s*\$14\.50$/ }).check();
      await member.page.getByRole('button', { name: 'Add me to the list' }).click();
      await expect.poll(() => member.page.url()).toMatch(new RegExp(`^${stripe().url}/pay/cs_test_\\w+$`));
      await member.page.getByRole('button', { name: 'Pay $14.50' }).click();
      await expect.poll(() => member.page.url()).toContain(`${site.url}/group-entries/`);
      const own = member.page.url().split('?')[0] ?? '';
      await expect
        .poll(async () => {
          await member.page.goto(own);
          return member.page.getByText(/Your share of \$14\.50 is paid/).count();
        })
        .toBe(1);
      // The member's own page: no removal, and whom to ask.
      expect(await member.page.getByRole('button', { name: 'Remove my entry' }).count()).toBe(0);
      expect(await member.page.getByText(/You paid for this entry by card, so it stays on the list/).count()).toBe(1);
      expect(await axeViolations(member.page)).toEqual([]);
      await member.page.screenshot({ path: `${shots}/group-paid-entry-member-390.png`, fullPage: true });

      // The organiser's roster: no Remove on the paid entry, and the words why.
      await organiser.page.goto(`${site.url}${link.split('#')[0]}`);
      const row = organiser.page.locator('tr[data-entry="Gus Lindqvist"]');
      expect(await row.getByRole('button', { name: /Remove/ }).count()).toBe(0);
      expect(await row.getByText('Paid: ask the shop to remove').count()).toBe(1);
      // The share and the money in so far.
      expect(await row.textContent()).toContain('$14.50Paid');
      expect(await organiser.page.locator('[data-money]').textContent()).toBe(
        'Paid by card: $14.50 · Still to pay: $0.00',
      );
      expect(await axeViolations(organiser.page)).toEqual([]);
      await organiser.page.locator('#group').screenshot({ path: `${shots}/group-paid-organiser-390.png` });

      // The desk removes it: the refund is asked of Stripe, and both are in the activity.
      await desk.page.goto(`${site.url}/staff/sign-in`);
      await signInToDesk(desk.page, site.smtp, site.staff);
      await desk.page.goto(`${site.url}/staff/requests/${reference}`);
      expect(await axeViolations(desk.page)).toEqual([]);
      await desk.page
        .locator('section[aria-labelledby="section-group"]')
        .screenshot({ path: `${shots}/group-paid-entry-desk-roster-1280.png` });
      await desk.page.getByRole('button', { name: 'Remove and refund Gus Lindqvist' }).click();
      await expect
        .poll(() => desk.page.getByRole('status').first().textContent())
        .toContain('The entry is removed, and the refund of its card payment asked of Stripe');
      expect(await desk.page.getByText('Gus Lindqvist’s group entry was removed').count()).toBe(1);
      expect(await desk.page.getByText('Asked Stripe to refund $14.50').count()).toBe(1);
      expect([...stripe().refunds.values()]).toMatchObject([{ amount: 1450 }]);
      expect(await desk.page.getByRole('button', { name: /Remove and refund/ }).count()).toBe(0);
      expect(await axeViolations(desk.page)).toEqual([]);
      for (const width of [1280, 390]) {
        await desk.page.setViewportSize({ width, height: 900 });
        await desk.page.screenshot({ path: `${shots}/group-paid-entry-desk-${width}.png`, fullPage: true });
      }
      expect([...organiser.problems, ...member.problems, ...desk.problems]).toEqual([]);
    } finally {
      await organiser.context.close();
      await member.context.close();
      await desk.context.close();
    }
  }, 120_000);
});
