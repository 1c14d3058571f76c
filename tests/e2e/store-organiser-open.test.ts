import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
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
import { teeRequest } from '#tests/support/store-desk.ts';

const shots = '/work/shots/stores-webhook';
const zone = 'America/Chicago';
const DAY = 86_400_000;
const LONG_WORD = 'Hornetsjuniorvarsitywinterfundraiserforthenewbenchesandbus';

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
  await page.setViewportSize({ width: 390, height: 900 });
}

// An organiser on their phone, in a shop that lets organisers open their own stores: the production server
// started with its team store rules from another file (TEAM_STORES_FILE, the setting on), from their private
// request page through the opening form to their organiser's page and the store's public page.
describe('an organiser opening a team store themselves', () => {
  const browser = chromiumForThisFile();
  let server: RunningServer;
  let customerPath = '';

  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'seenwear-organiser-open-'));
    const rules = join(folder, 'team-stores.json');
    await writeFile(rules, JSON.stringify({ organiserLatestCloseDays: 28, organisersOpenStores: true }));
    const database = await openDatabase({ databaseDir: folder });
    try {
      const stores = createFeatureStores(database);
      // A screen-printed tee request the pricing engine can price: the store's price comes from it.
      const reference = await teeRequest(stores, 'pat@example.com');
      customerPath = (await requestLinks(stores.customer, TEST_SERVER_CSRF_SECRET).pathFor(reference)) ?? '';
    } finally {
      await database.close();
    }
    server = await startServer({ DATABASE_DIR: folder, TEAM_STORES_FILE: rules });
  });
  afterAll(() => server?.stop());

  it('opens a store with the form, lands on the organiser’s page, and the store is public at its address', async () => {
    const { page, context, problems } = await watchedPage(browser(), 390);
    try {
      await page.goto(`${server.url}${customerPath}`);
      const section = page.getByRole('region', { name: 'Your team stores' });
      await section.getByRole('link', { name: 'Open a team store' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Open a store');
      expect(await axeViolations(page)).toEqual([]);

      // A form with a mistake comes back with it said, and opens nothing.
      await page.getByLabel(/^Title/).fill('');
      await page.getByRole('button', { name: 'Open the store' }).click();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.first().textContent()).toContain('The store is not open yet');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'organiser-open-refused');

      await page.getByLabel(/^Title/).fill(`${LONG_WORD} store`);
      await page.locator('#opensAt').fill(wallClockIn(new Date(Date.now() - 60_000), zone));
      await page.locator('#closesAt').fill(wallClockIn(new Date(Date.now() + 14 * DAY), zone));
      await page.getByLabel(/^Minimum of pieces/).fill('12');
      await page.getByLabel(/^Pieces expected/).fill('24');
      await page.getByLabel(/^Markup per piece/).fill('4.00');
      await page.getByLabel('Delivery to the school or club in one box').check();
      await page.locator('#product1').selectOption('gildan-5000');
      await page.locator('#product1Colours').fill('Navy, White');
      await page.locator('#product1Sizes').fill('S, M, L');
      await screenshots(page, 'organiser-open-form');
      await page.getByRole('button', { name: 'Open the store' }).click();

      // Their organiser's page: the store open, nobody ordered yet, its public link to send on.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`${LONG_WORD} store`);
      expect(page.url()).toMatch(/\/organiser\/[^/?]+\?done=opened$/);
      expect(await page.getByRole('status').first().textContent()).toContain('Your store is open.');
      expect(await page.getByTestId('desk-counter').textContent()).toContain('0 of 12');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'organiser-opened');
      const link = await page.getByLabel('Store link').inputValue();
      expect(link).toMatch(new RegExp(`^${server.url}/stores/[a-z0-9-]+-[0-9a-f]{8}$`));

      // The store is public at its address, for anyone with the link, and says it raises money for the club.
      const buyer = await browser().newContext({ viewport: { width: 390, height: 900 } });
      try {
        const store = await buyer.newPage();
        const answer = await store.goto(link);
        expect(answer?.status()).toBe(200);
        expect(answer?.headers()['x-robots-tag']).toContain('noindex');
        expect(await store.getByRole('heading', { level: 1 }).textContent()).toBe(`${LONG_WORD} store`);
        expect(await store.locator('body').textContent()).toContain('Raises $4.00 for the club');
        expect(await store.locator('body').textContent()).toContain('0 of 12');
        expect(await axeViolations(store)).toEqual([]);
        await screenshots(store, 'organiser-opened-store');
      } finally {
        await buyer.close();
      }

      // Back on their request page, the store is listed with its organiser's link.
      await page.goto(`${server.url}${customerPath}`);
      expect(await section.getByRole('link', { name: `${LONG_WORD} store` }).count()).toBe(1);
      // The one problem is the refused form's page, sent with its 422 as it should be.
      expect(problems).toEqual([
        'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
      ]);
    } finally {
      await context.close();
    }
  });
});
