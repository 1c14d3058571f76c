import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeatureStores } from '#server/feature-stores.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { wallClockIn } from '#shared/groups/zoned-time.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, watchedPage } from '#tests/support/browser-session.ts';
import { type RunningServer, startServer, TEST_SERVER_CSRF_SECRET } from '#tests/support/server-process.ts';
import { seededOrder, seededStore } from '#tests/support/team-store-seed.ts';

const shots = '/work/shots/stores-organiser';
const zone = 'America/Chicago';
const DAY = 86_400_000;
const LONG_WORD = 'Supercalifragilisticexpialidociousfundraiserforthehornetsjuniorvarsity';

async function screenshots(page: Page, name: string) {
  await mkdir(shots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    // Nothing wider than the screen: no sideways scrolling.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      name,
    ).toBeLessThanOrEqual(0);
  }
}

// An organiser on their phone: from their private request page to their store's page, where they see
// the orders and totals, are refused a close past the shop's limit, move the close, then close early;
// and, for a store closed with its minimum, the statement.
describe('the organiser’s view of a team store', () => {
  const browser = chromiumForThisFile();
  let server: RunningServer;
  let customerPath = '';

  beforeAll(async () => {
    const databaseDir = await mkdtemp(join(tmpdir(), 'seenwear-organiser-'));
    const database = await openDatabase({ databaseDir });
    try {
      const stores = createFeatureStores(database);
      // One request, two stores: this season's open, and last season's closed with its minimum.
      const { reference, store } = await seededStore(stores, { title: 'Hornets fall fundraiser', minimum: 12 });
      for (const [n, name] of ['Ana Ruiz', 'Bo Ray'].entries())
        await seededOrder(stores, store, {
          name,
          email: `buyer${n}@example.com`,
          customer: `cus_${n}`,
          paymentMethod: `pm_${n}`,
          quantity: n + 1,
        });
      const last = await stores.teamStores.openStore(
        reference,
        { ...store, title: `${LONG_WORD} spring store`, minimumPieces: 2, closesAt: new Date(Date.now() + DAY) },
        store.products.map(({ id: _id, ...product }) => product),
        { slug: `spring-${Date.now().toString(16)}`, organiserSalt: 'spring-salt' },
        'staff:owner@example.com',
      );
      if (!last) throw new Error('no second store');
      const paid = await seededOrder(stores, last, {
        name: 'Cy Long',
        email: 'cy@example.com',
        customer: 'cus_cy',
        paymentMethod: 'pm_cy',
        quantity: 2,
      });
      await stores.teamStores.moveClose(last.id, new Date(Date.now() - 1000));
      await stores.teamStores.claimClose(last.id, 60_000);
      await stores.teamStores.recordOrder(paid, {
        state: 'charged',
        totalCents: 3500,
        paymentIntent: 'pi_cy',
        feeCents: 132,
      });
      await stores.teamStores.finishClose(last.id, 'charged');
      customerPath = (await requestLinks(stores.customer, TEST_SERVER_CSRF_SECRET).pathFor(reference)) ?? '';
    } finally {
      await database.close();
    }
    server = await startServer({ DATABASE_DIR: databaseDir });
  });
  afterAll(() => server?.stop());

  it('sees the orders and totals, moves the close within the limit, closes early and reads the statement', async () => {
    const { page, context, problems } = await watchedPage(browser(), 390);
    try {
      await page.goto(`${server.url}${customerPath}`);
      const section = page.getByRole('region', { name: 'Your team stores' });
      await expect.poll(() => section.isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await screenshots(page, 'customer-page-stores');
      await page.setViewportSize({ width: 390, height: 900 });

      await section.getByRole('link', { name: 'Hornets fall fundraiser' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hornets fall fundraiser');
      expect(await page.getByTestId('desk-counter').textContent()).toContain('3 of 12');
      expect(await page.locator('[data-order="Bo Ray"]').textContent()).toContain('2');
      expect(await page.getByTestId('funds').textContent()).toBe('$15.00');
      expect(await page.getByRole('table').first().textContent()).toContain('Gildan 5000 teeNavyM3');
      // Buyers' names only: their addresses are the shop's.
      expect(await page.content()).not.toContain('buyer0@example.com');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'organiser-open');
      await page.setViewportSize({ width: 390, height: 900 });

      // Past the shop's limit (28 days from the opening, a day ago): refused, said on the page.
      const closesAt = page.getByLabel(/Close at/);
      await closesAt.fill(wallClockIn(new Date(Date.now() + 40 * DAY), zone));
      await page.getByRole('button', { name: 'Move the close' }).click();
      const notice = page.getByRole('alert').or(page.getByRole('status'));
      await expect.poll(() => notice.first().textContent()).toContain('The shop keeps a store open at most 28 days');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'organiser-refused');
      await page.setViewportSize({ width: 390, height: 900 });

      await closesAt.fill(wallClockIn(new Date(Date.now() + 14 * DAY), zone));
      await page.getByRole('button', { name: 'Move the close' }).click();
      await expect.poll(() => notice.first().textContent()).toContain('The closing time is changed');
      expect(page.url()).toMatch(/\?done=moved$/);

      await page.getByRole('button', { name: 'Close the store now' }).click();
      await expect.poll(() => notice.first().textContent()).toContain('The store takes no more orders');
      expect(await page.getByRole('button', { name: 'Close the store now' }).count()).toBe(0);
      expect(await page.getByRole('heading', { level: 2, name: 'Closing at the next check' }).count()).toBe(1);

      // Last season's store, closed with its minimum: its statement, to the cent.
      await page.goto(`${server.url}${customerPath}`);
      await page.getByRole('link', { name: /spring store/ }).click();
      await expect.poll(() => page.getByTestId('statement-payout').textContent()).toBe('$8.68');
      expect(await page.getByTestId('statement-fees').textContent()).toBe('$1.32');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'organiser-statement');
      // The one problem is the refused close's page, sent with its 422 as it should be.
      expect(problems).toEqual([
        'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
      ]);
    } finally {
      await context.close();
    }
  });
});
