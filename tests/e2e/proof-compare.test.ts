import { mkdtempSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFeatureStores } from '#server/feature-stores.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, deskServerForThisFile, watchedPage } from '#tests/support/browser-session.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { TEST_SERVER_CSRF_SECRET } from '#tests/support/server-process.ts';

const shots = process.env.PROOF_ROOM_SHOTS ?? 'reports/screenshots';
const staff = 'staff:owner@seenwear.example' as const;

// Two versions compared on the customer's page: on a phone a slider over the two pictures, moved with
// the keyboard, and a button back to side by side; on a wide screen side by side first.
describe('comparing two proof versions with a slider', () => {
  const browser = chromiumForThisFile();
  const databaseDir = mkdtempSync(join(tmpdir(), 'seenwear-data-'));
  const site = deskServerForThisFile(() => ({ DATABASE_DIR: databaseDir }));

  it('slides on a phone, by the keyboard, and falls back to side by side', async () => {
    const database = await openDatabase({ databaseDir });
    const stores = createFeatureStores(database);
    const phone = await watchedPage(browser(), 390);
    const wide = await watchedPage(browser(), 1280);
    try {
      const { reference } = await stores.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        payload: { name: 'Dana Whitfield', service: 'Screen printing', quantity: 48 },
        files: [],
      });
      for (const [version, from] of [
        [1, 'new'],
        [2, 'proof_sent'],
      ] as const) {
        const png = randomPng(60);
        await stores.versions.sendProof(
          reference,
          {
            file: { name: `front-${version}.png`, mediaType: 'image/png', size: png.length, data: png },
            widthInches: null,
            heightInches: null,
            notes: '',
          },
          { from, to: 'proof_sent', actor: staff, mail: (sent) => ({ kind: 'proof-sent', version: sent }) },
        );
      }
      const path = await requestLinks(stores.customer, TEST_SERVER_CSRF_SECRET).pathFor(reference);
      const { page } = phone;
      await page.goto(`${site.url}${path}#compare`);
      const range = page.getByLabel('Slide to compare: v1 on the left, v2 on the right');
      await expect.poll(() => range.isVisible()).toBe(true);
      expect(await page.getByTestId('proof-version-1').isVisible()).toBe(false);
      // The keyboard moves the divide: the newest picture is cut where it is.
      await range.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await range.inputValue()).toBe('52');
      const clip = () =>
        page
          .locator('[data-compare-slider-view] img')
          .nth(1)
          .evaluate((img) => img.style.clipPath);
      expect(await clip()).toBe('inset(0px 0px 0px 52%)');
      await page.keyboard.press('End');
      expect(await clip()).toBe('inset(0px 0px 0px 100%)');
      await page.keyboard.press('Home');
      expect(await range.getAttribute('aria-valuetext')).toBe('0% v1, 100% v2');
      expect(await axeViolations(page)).toEqual([]);
      await mkdir(shots, { recursive: true });
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      for (let step = 0; step < 48; step += 1) await page.keyboard.press('ArrowLeft');
      await page.screenshot({ path: `${shots}/compare-slider-390.png`, fullPage: true });
      // Back to side by side: both versions, marked.
      await page.getByRole('button', { name: 'Show side by side' }).click();
      expect(await page.getByTestId('proof-version-1').isVisible()).toBe(true);
      expect(await range.isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Compare with a slider' }).getAttribute('aria-pressed')).toBe(
        'false',
      );

      // A wide screen starts side by side, the slider a button away.
      await wide.page.goto(`${site.url}${path}#compare`);
      await expect.poll(() => wide.page.getByRole('button', { name: 'Compare with a slider' }).isVisible()).toBe(true);
      expect(await wide.page.getByTestId('proof-version-1').isVisible()).toBe(true);
      expect(await axeViolations(wide.page)).toEqual([]);
      await wide.page.screenshot({ path: `${shots}/compare-side-by-side-1280.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(phone.problems).toEqual([]);
      expect(wide.problems).toEqual([]);
    } finally {
      await phone.context.close();
      await wide.context.close();
      await database.close();
    }
  });
});
