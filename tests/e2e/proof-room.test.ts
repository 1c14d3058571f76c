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
import { randomPng } from '#tests/support/random-png.ts';

// The proof room in Chromium against the production build: the customer pins two notes with the mouse
// and one with the keyboard, the desk answers them and sends version 2, version 1 shows superseded
// beside it, the customer approves version 2 and the work order carries that file's checksum.
describe('notes pinned on a proof, a new version, and the approval that locks it', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  it('pins notes by mouse and keyboard, answers them in version 2, and approves version 2 with its checksum', async () => {
    const customerSide = await watchedPage(browser(), 1280);
    const deskSide = await watchedPage(browser(), 1280);
    const shop = deskSide.page;
    const page = customerSide.page;
    try {
      // A quote approved, then proof v1 from the desk.
      const { reference, path } = await approvedFromForm(page, shop, site, { email: 'dana@example.com' });
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      await shop
        .getByLabel(/Proof file/)
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: randomPng(400) });
      await shop.getByRole('button', { name: 'Send proof' }).click();
      await expect.poll(() => notice(shop)).toBe('Proof sent to the customer.');
      await mailWith(site.smtp, new RegExp(`Your proof for request ${reference} is ready`));

      // Two notes by mouse: a click on the proof places the point, then the note is written and pinned.
      await page.goto(`${site.url}${path}#proof`);
      const area = page.locator('[data-proof-area]');
      await expect.poll(() => area.getAttribute('tabindex')).toBe('0');
      for (const [note, at] of [
        ['Make the logo a bit bigger', { x: 0.25, y: 0.3 }],
        // A long word typed without a space must wrap, never push the page sideways.
        [`This blue should be darker ${'B'.repeat(160)}`, { x: 0.7, y: 0.8 }],
      ] as const) {
        await area.scrollIntoViewIfNeeded();
        const box = await area.boundingBox();
        if (!box) throw new Error('no proof on the page');
        await page.mouse.click(box.x + box.width * at.x, box.y + box.height * at.y);
        await expect.poll(() => page.locator('[data-pin-status]').textContent()).toContain('Point placed');
        await page.getByLabel('Your note').fill(note);
        await page.getByRole('button', { name: 'Pin this note' }).click();
        await expect.poll(() => notice(page)).toContain('Your note is pinned');
      }
      const first = await pinAt(page, 1);
      expect(first.x).toBeCloseTo(0.25, 1);
      expect(first.y).toBeCloseTo(0.3, 1);

      // One by keyboard: focus the proof, move the cross-hair with the arrows, Enter, then write.
      await area.focus();
      expect(await page.locator('[data-cross-hair]').getAttribute('visibility')).toBe('visible');
      for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowRight');
      for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('text');
      await page.keyboard.type('Move the date up here');
      await page.getByRole('button', { name: 'Pin this note' }).click();
      await expect.poll(() => notice(page)).toContain('Your note is pinned');
      const third = await pinAt(page, 3);
      expect(third.x).toBeCloseTo(0.7, 2);
      expect(third.y).toBeCloseTo(0.4, 2);
      expect(await page.getByTestId('pin-list').locator('li[data-pin]').count()).toBe(3);
      expect(await axeViolations(page)).toEqual([]);
      await proofScreenshots(page, 'customer-proof-notes');
      // At a phone's width (where screenshots left it), nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The desk sees the open notes, answers two, and sends version 2 saying what it answers.
      await shop.goto(`${site.url}/staff`);
      expect(await shop.getByText(/3 open notes/).count()).toBe(1);
      await proofScreenshots(shop, 'desk-inbox-proofs-waiting');
      await shop.setViewportSize({ width: 1280, height: 900 });
      await shop.goto(`${site.url}/staff/requests/${reference}`);
      await shop.locator('#note-1 summary').click();
      await shop.getByLabel('Answer note 1').fill('Made it 20% bigger in v2');
      await shop.locator('#note-1').getByRole('button', { name: 'Send answer' }).click();
      await expect.poll(() => notice(shop)).toContain('Your answer is added');
      await shop.locator('#note-2 summary').click();
      await shop.locator('#note-2').getByRole('button', { name: 'Mark done' }).click();
      await expect.poll(() => notice(shop)).toContain('marked done');
      expect(await shop.getByTestId('answers-pins').textContent()).toContain('notes 1, 2');
      expect(await axeViolations(shop)).toEqual([]);
      await proofScreenshots(shop, 'desk-proof-notes');
      expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shop.setViewportSize({ width: 1280, height: 900 });
      const v2 = randomPng(400);
      await shop.getByLabel(/Proof file/).setInputFiles({ name: 'front-2.png', mimeType: 'image/png', buffer: v2 });
      await shop.getByRole('button', { name: 'Send new version' }).click();
      await expect.poll(() => notice(shop)).toBe('Proof sent to the customer.');

      // The customer's old link opens v2; v1 is marked superseded beside it, with its notes.
      await page.goto(`${site.url}${path}`);
      expect(await page.getByRole('heading', { name: 'Your proof (v2, the newest)' }).count()).toBe(1);
      expect(await page.getByText('This version answers notes 1, 2.').count()).toBe(1);
      const older = page.getByTestId('proof-version-1');
      expect(await older.getByText('Superseded').count()).toBe(1);
      expect(await older.getByText('Make the logo a bit bigger').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await proofScreenshots(page, 'customer-proof-v2');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Approving v2 locks its file: the work order prints its checksum.
      await page.getByLabel('Your full name, as your signature').fill('Dana Whitfield');
      await page.getByRole('checkbox', { name: /I approve this proof/ }).check();
      await page.getByRole('button', { name: 'Approve proof v2' }).click();
      await expect.poll(() => notice(page)).toContain('your proof is approved');
      await shop.goto(`${site.url}/staff/requests/${reference}/work-order`);
      const checksum = createHash('sha256').update(v2).digest('hex');
      expect(await shop.getByTestId('work-order-checksum').textContent()).toContain(checksum);
      expect(await shop.getByTestId('work-order-checksum').textContent()).toContain('matches the approval');
      expect(await shop.getByRole('alert').count()).toBe(0);
      await proofScreenshots(shop, 'work-order-checksum');
      expect(customerSide.problems).toEqual([]);
      expect(deskSide.problems).toEqual([]);
    } finally {
      await customerSide.context.close();
      await deskSide.context.close();
    }
  });
});
