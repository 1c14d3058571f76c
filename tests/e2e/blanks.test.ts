import { mkdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, deskServerForThisFile, signInToDesk, watchedPage } from '#tests/support/browser-session.ts';

const shots = process.env.SHOTS_DIR ?? 'reports/screenshots';
const sample = new URL('../fixtures/blanks/ss-activewear.csv', import.meta.url);

// The suppliers' files on the desk and the stock line on the quote form, in Chromium, against the build.
describe('blanks in stock in a browser', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  it('imports a supplier’s file on the desk, refuses a bad one by its line, and checks stock per size', async () => {
    await mkdir(shots, { recursive: true });
    const { page, context, problems } = await watchedPage(browser(), 1280);
    try {
      await page.goto(`${site.url}/staff/blanks`);
      await signInToDesk(page, site.smtp, site.staff);
      await page.goto(`${site.url}/staff/blanks`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Blanks: suppliers’ stock');

      // A file with a negative stock: refused, naming its line; nothing stored.
      const text = await readFile(sample, 'utf8');
      const bad = text.replace(/,60,40,20,0,0,0,120(\r?\n)/, ',60,-40,20,0,0,0,120$1');
      await page.getByLabel('Supplier').selectOption('ss-activewear');
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'ss-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await page.getByRole('button', { name: 'Import' }).click();
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Nothing was imported');
      expect(await page.getByText('Line 2 (SKU B500040b): the stock in KS is negative (-40).').count()).toBe(1);
      expect(await page.getByText('Not imported yet: its garments show no stock.').count()).toBe(3);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel('Supplier').selectOption('ss-activewear');
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'ss-activewear.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
      await page.getByRole('button', { name: 'Import' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Imported');
      expect(await page.getByText(/Stock figures taken (just now|\d+ minutes ago)/).count()).toBe(1);

      await page.getByLabel('Garment', { exact: true }).selectOption('gildan-5000');
      await page.getByLabel('Colour').fill('Navy');
      await page.getByLabel('M', { exact: true }).fill('30');
      await page.getByLabel('XL', { exact: true }).fill('18');
      await page.getByRole('button', { name: 'Check stock' }).click();
      const answer = page.getByTestId('stock-answer');
      await expect.poll(() => answer.textContent()).toContain('Navy XL: 10 in stock, you need 18 (8 short)');
      expect(await answer.textContent()).toContain('Has every size: Black.');
      expect(await answer.textContent()).toContain('The supplier cannot cover these');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/desk-blanks-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 900 });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/desk-blanks-390.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The quote form: per size in public words only, the nearest colour that has them, and how old.
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.url}/pricing`);
        await page.getByLabel('Garment', { exact: true }).selectOption('gildan-5000');
        await page.getByRole('radio', { name: 'Navy', exact: true }).check({ force: true });
        await page.getByLabel('M', { exact: true }).fill('30');
        await page.getByLabel('XL', { exact: true }).fill('18');
        const line = page.getByTestId('stock-line');
        await expect.poll(() => line.textContent()).toContain('Navy XL: 8 short');
        const said = (await line.textContent()) ?? '';
        expect(said).toContain('Navy M: in stock');
        expect(said).toContain('Black has every size you need.');
        expect(said).not.toMatch(/10 in stock|\$|IL|KS/);
        expect(await axeViolations(page)).toEqual([]);
        await line.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: `${shots}/quote-form-stock-${width}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      // The refused import's 422 is the browser logging the answer it was meant to get: nothing else may show.
      expect(problems.filter((problem) => !/status of 422/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
