import { mkdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, deskServerForThisFile, signInToDesk, watchedPage } from '#tests/support/browser-session.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';

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
        // No date is offered for blanks the supplier cannot cover: the quote confirms it.
        await expect.poll(() => page.getByTestId('blanks-date').count()).toBe(1);
        expect(await page.getByTestId('blanks-date').textContent()).toContain('Date with your quote.');
        expect(await axeViolations(page)).toEqual([]);
        await line.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: `${shots}/quote-form-stock-${width}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      // The colour that has every size gets its date again, counted from the blanks' arrival.
      await page.getByRole('radio', { name: 'Black', exact: true }).check({ force: true });
      await expect.poll(() => page.getByTestId('stock-line').textContent()).toContain('every size in stock');
      await expect.poll(() => page.getByTestId('blanks-date').count()).toBe(0);
      // The screen-printing calculator: the larger sizes counted (2XL beyond the supplier's, a 3XL its file
      // does not list), in the public words only.
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.url}/pricing/printing?garment=gildan-5000&color=Navy&q=150&c1=1&xxl=130&xxxl=2`);
        const line = page.getByTestId('stock-line');
        // The visitor types: the line follows.
        await page.getByLabel('Quantity').fill('160');
        await expect.poll(() => line.textContent()).toContain('Navy 2XL: 10 short');
        const said = (await line.textContent()) ?? '';
        expect(said).toContain('Navy 3XL: unavailable at our supplier');
        expect(said).toContain('Navy M: in stock');
        expect(said).not.toMatch(/120|\$|IL|KS|business day/);
        // Nor does the calculator offer a date for blanks the supplier cannot cover.
        await expect.poll(() => page.getByTestId('blanks-date').count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        await line.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: `${shots}/calculator-stock-${width}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      // The studio's size panel: the sizes ticked, in stock or not, in the same public words.
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(
          `${site.url}/pricing/studio?garment=gildan-5000&color=Navy&method=screen-printing&location=front&q=48&sizes=M,XL`,
        );
        const panel = page.getByTestId('studio-sizes');
        await expect.poll(() => panel.getByTestId('stock-line').textContent()).toContain('Navy: every size in stock');
        expect(await panel.textContent()).not.toMatch(/\d+ in stock|business day/);
        expect(await axeViolations(page)).toEqual([]);
        await panel.screenshot({ path: `${shots}/studio-sizes-stock-${width}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      // Two quotes for the White tee (24 M each, the second 6 XL too), approved at the counter: one purchase
      // order buys both.
      const references: string[] = [];
      for (const name of ['Dana Whitfield', 'Sam Ortiz']) {
        const visitor = await liveVisitorSession(site.url);
        const body = quoteFormData({
          name,
          email: 'dana@example.com',
          comments: 'Team shirts.',
          file: randomPng(64),
          fileName: 'logo.png',
        });
        if (name === 'Sam Ortiz') body.set('qtyXL', '6');
        const posted = await fetch(`${site.url}/api/quotes`, {
          method: 'POST',
          headers: { Cookie: visitor.cookie, [CSRF_HEADER]: visitor.token, Accept: 'application/json' },
          body,
        });
        expect(posted.status).toBe(201);
        references.push(((await posted.json()) as { reference: string }).reference);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const reference of references) {
        await page.goto(`${site.url}/staff/requests/${reference}`);
        expect(await page.getByTestId('request-stock').textContent()).toContain('White M: 120 in stock, you need 24');
        if (reference === references[0]) {
          const section = page.locator('section[aria-labelledby="section-stock"]');
          await section.screenshot({ path: `${shots}/request-stock-1280.png` });
          await page.setViewportSize({ width: 390, height: 900 });
          await section.screenshot({ path: `${shots}/request-stock-390.png` });
          await page.setViewportSize({ width: 1280, height: 900 });
        }
        await page.getByRole('link', { name: 'Write a quote' }).click();
        await page.getByRole('button', { name: /^Send quote v1/ }).click();
        await expect.poll(() => page.getByRole('status').textContent()).toBe('Quote sent to the customer.');
        await page.getByLabel('Move to').selectOption('approved');
        await page.getByRole('button', { name: 'Change status' }).click();
        await expect.poll(() => page.getByRole('status').textContent()).toBe('Status changed.');
      }
      await page.goto(`${site.url}/staff/blanks/to-buy`);
      const buying = page.getByRole('region', { name: 'S&S Activewear', exact: true });
      expect(await buying.getByRole('checkbox').count()).toBe(2);
      // 48 White M and 6 White XL at the sample's $3.02.
      expect(await buying.textContent()).toContain('$163.08');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/to-buy-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: `${shots}/to-buy-390.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 900 });
      await buying.getByRole('button', { name: 'Make the purchase order for S&S Activewear' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Purchase order made');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(
        /^Purchase order \d+: S&S Activewear$/,
      );
      expect(await page.locator('tfoot').textContent()).toContain('$163.08');
      const orderPath = new URL(page.url()).pathname;
      // The press days the approvals booked, as the board shows them.
      await page.goto(`${site.url}/staff/board`);
      const pressOn = async (reference: string) =>
        (await page.locator(`#order-${reference} dd`).first().textContent()) ?? '';
      const booked = await Promise.all(references.map(pressOn));
      await page.goto(`${site.url}${orderPath}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/purchase-order-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 900 });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/purchase-order-390.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Mailed to S&S's order address (data/blanks.json): a double click sends one mail, the CSV attached.
      await page.setViewportSize({ width: 1280, height: 900 });
      const sendButton = page.getByRole('button', { name: 'Send to S&S Activewear (orders@ssactivewear.example)' });
      await sendButton.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/purchase-order-send-1280.png` });
      await page.setViewportSize({ width: 390, height: 900 });
      await sendButton.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/purchase-order-send-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
      await sendButton.dblclick();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Sent: the mail to S&S Activewear');
      expect(await page.getByTestId('order-sent').textContent()).toMatch(
        /^Sent to S&S Activewear \(orders@ssactivewear\.example\) .+ by owner@seenwear\.example\.$/,
      );
      const toSupplier = () =>
        site.smtp.received.filter((mail) => mail.envelopeTo.includes('orders@ssactivewear.example'));
      await expect.poll(() => toSupplier().length, { timeout: 10_000 }).toBe(1);
      const [poMail] = toSupplier();
      expect(poMail?.text).toContain('Total: $163.08 for 54 pieces');
      expect(poMail?.attachments[0]?.content.toString()).toMatch(/^Sku,Qty\r\n/);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/purchase-order-sent-1280.png`, fullPage: true });
      // A moment more: a second mail would have come by now.
      await page.reload();
      expect(toSupplier()).toHaveLength(1);

      // The boxes come 2 XL short: checked off, the short line says so and the job that needs them waits.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByLabel(/^Arrived of 48: 5000 White M/).fill('48');
      await page.getByLabel(/^Arrived of 6: 5000 White XL/).fill('4');
      await page.getByRole('button', { name: 'Check off what arrived' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Checked off');
      expect(await page.getByTestId('received-lines').textContent()).toContain('4 of 6 arrived, 2 short');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/receiving-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: `${shots}/receiving-390.png`, fullPage: true });

      // On the board: the job short of XL is blocked, saying what is missing, its press day moved later;
      // the other keeps its day and no mark.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${site.url}/staff/board`);
      const [kept, held] = references.map((reference) => page.locator(`#order-${reference}`));
      if (!kept || !held) throw new Error('two jobs expected');
      expect(await held.getByTestId('board-blocked').textContent()).toMatch(
        /^Blocked: blanks short\. 2 × 5000 White XL \(B500030e\) short on purchase order \d+$/,
      );
      expect(await kept.getByTestId('board-blocked').count()).toBe(0);
      expect(await pressOn(references[0] ?? '')).toBe(booked[0]);
      const movedTo = await pressOn(references[1] ?? '');
      expect(movedTo).not.toBe(booked[1]);
      expect(new Date(movedTo).getTime()).toBeGreaterThan(new Date(booked[1] ?? '').getTime());
      expect(await axeViolations(page)).toEqual([]);
      await held.screenshot({ path: `${shots}/board-blocked-card-1280.png` });
      await page.goto(`${site.url}/staff/requests/${references[1]}`);
      expect(await page.getByTestId('request-blocked').textContent()).toContain('2 × 5000 White XL (B500030e)');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/request-blocked-1280.png` });
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: `${shots}/request-blocked-390.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The refused import's 422 is the browser logging the answer it was meant to get: nothing else may show.
      expect(problems.filter((problem) => !/status of 422/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
