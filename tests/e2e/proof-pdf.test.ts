import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  approvedFromForm,
  axeViolations,
  deskServerForThisFile,
  mailWith,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { notice, pinAt, proofScreenshots } from '#tests/support/proof-page.ts';
import { squarePdf } from '#tests/support/square-pdf.ts';

// A PDF proof in Chromium against the production build: the desk sends a PDF, the server draws its first
// page, and the customer pins notes on that page with the mouse (on a square drawn at a known place) and
// with the keyboard, exactly as on a picture proof; the desk sees them on the same page, and the approval
// locks the PDF's own checksum.
describe('a PDF proof, its first page drawn on the server, with notes pinned on it', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  it('the desk sends a PDF, the customer pins notes on its drawn page by mouse and keyboard, and approves the PDF', async () => {
    const customerSide = await watchedPage(browser(), 1280);
    const deskSide = await watchedPage(browser(), 1280);
    const shop = deskSide.page;
    const page = customerSide.page;
    try {
      const { reference, path } = await approvedFromForm(page, shop, site, { email: 'dana@example.com' });

      // The desk sends a PDF: a 400 × 200 point page, a red square 50 points wide centred at 325, 75.
      const pdf = await squarePdf({ squares: [{ x: 300, y: 50, size: 50, color: '#d00000' }] });
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      await shop
        .getByLabel(/Proof file/)
        .setInputFiles({ name: 'front.pdf', mimeType: 'application/pdf', buffer: pdf });
      await shop.getByRole('button', { name: 'Send proof' }).click();
      await expect.poll(() => notice(shop)).toBe('Proof sent to the customer.');
      await mailWith(site.smtp, new RegExp(`Your proof for request ${reference} is ready`));

      // The customer's page shows the drawn page, loaded, and says it is the PDF's first page.
      await page.goto(`${site.url}${path}#proof`);
      const picture = page.getByRole('img', { name: 'Proof v1 of your print' });
      await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await page.getByText('Shown: the first page of the PDF you approve.').count()).toBe(1);
      const area = page.locator('[data-proof-area]');
      await expect.poll(() => area.getAttribute('tabindex')).toBe('0');

      // By mouse, on the red square: the picture there is red, and the pin lands on it.
      await area.scrollIntoViewIfNeeded();
      const box = await area.boundingBox();
      if (!box) throw new Error('no proof on the page');
      const onSquare = { x: box.x + box.width * 0.8125, y: box.y + box.height * 0.375 };
      const shot = await page.screenshot({ clip: { x: onSquare.x - 1, y: onSquare.y - 1, width: 3, height: 3 } });
      const colour = await page.evaluate(
        async (png) => {
          const bitmap = await createImageBitmap(new Blob([new Uint8Array(png)], { type: 'image/png' }));
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
          context.drawImage(bitmap, 0, 0);
          return [...context.getImageData(1, 1, 1, 1).data];
        },
        [...shot],
      );
      expect(colour[0]).toBeGreaterThan(180);
      expect((colour[1] ?? 255) + (colour[2] ?? 255)).toBeLessThan(80);
      await page.mouse.click(onSquare.x, onSquare.y);
      await expect.poll(() => page.locator('[data-pin-status]').textContent()).toContain('Point placed');
      await page.getByLabel('Your note').fill('Make the red square navy');
      await page.getByRole('button', { name: 'Pin this note' }).click();
      await expect.poll(() => notice(page)).toContain('Your note is pinned');
      const first = await pinAt(page, 1);
      expect(first.x).toBeCloseTo(0.8125, 1);
      expect(first.y).toBeCloseTo(0.375, 1);

      // By keyboard: focus the page, move the cross-hair with the arrows, Enter, then write.
      await area.focus();
      expect(await page.locator('[data-cross-hair]').getAttribute('visibility')).toBe('visible');
      for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowLeft');
      for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('text');
      await page.keyboard.type(`Add the date here ${'D'.repeat(160)}`);
      await page.getByRole('button', { name: 'Pin this note' }).click();
      await expect.poll(() => notice(page)).toContain('Your note is pinned');
      const second = await pinAt(page, 2);
      expect(second.x).toBeCloseTo(0.3, 2);
      expect(second.y).toBeCloseTo(0.6, 2);
      expect(await page.getByTestId('pin-list').locator('li[data-pin]').count()).toBe(2);
      expect(await axeViolations(page)).toEqual([]);
      await proofScreenshots(page, 'customer-pdf-proof');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The desk sees the same drawn page with both pins, and can pin its own.
      await shop.setViewportSize({ width: 1280, height: 900 });
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      const deskPicture = shop.getByRole('img', { name: 'Proof v1' });
      // It loads once scrolled near (lazy, below the request's other sections).
      await deskPicture.scrollIntoViewIfNeeded();
      await expect.poll(() => deskPicture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await shop.locator('[data-proof-area] [data-pin-mark]').count()).toBe(2);
      expect((await pinAt(shop, 1)).x).toBeCloseTo(0.8125, 1);
      expect(await axeViolations(shop)).toEqual([]);
      await proofScreenshots(shop, 'desk-pdf-proof');
      expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Approving locks the PDF itself: the work order prints its checksum.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${site.url}${path}`);
      await page.getByLabel('Your full name, as your signature').fill('Dana Whitfield');
      await page.getByRole('checkbox', { name: /I approve this proof/ }).check();
      await page.getByRole('button', { name: 'Approve proof v1' }).click();
      await expect.poll(() => notice(page)).toContain('your proof is approved');
      await shop.goto(`${site.url}/staff/requests/${reference}/work-order`);
      const checksum = createHash('sha256').update(pdf).digest('hex');
      expect(await shop.getByTestId('work-order-checksum').textContent()).toContain(checksum);
      expect(await shop.getByTestId('work-order-checksum').textContent()).toContain('matches the approval');
      // And its thumbnail is the drawn page, so the press crew sees what was approved.
      const thumbnail = shop.getByRole('img', { name: /^Proof v1:/ });
      await thumbnail.waitFor();
      expect(await thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
        true,
      );
      expect(customerSide.problems).toEqual([]);
      expect(deskSide.problems).toEqual([]);
    } finally {
      await customerSide.context.close();
      await deskSide.context.close();
    }
  });
});
