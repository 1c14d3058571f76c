import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import type { StudioDesign } from '#shared/studio/design-schema.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, deskServerForThisFile, signInToDesk, watchedPage } from '#tests/support/browser-session.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';

/** Where this file's screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';
/** The studio as the quote form opens it for 40 navy tees counted in XS, M and 3XL. */
const studio =
  '/pricing/studio?garment=gildan-5000&color=Navy&method=screen-printing&location=front&q=40&sizes=XS,M,3XL';

const said = (page: Page) => page.getByTestId('studio-said').textContent();

async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** An 11 in paw on the front: wider than an XS's front takes. */
const wideFront: StudioDesign = {
  garmentId: 'gildan-5000',
  colorName: 'Navy',
  method: 'screen-printing',
  locations: {
    front: [{ kind: 'motif', motifId: 'paw', inkId: 'white', widthInches: 11, x: 6, y: 6, rotation: 0 }],
  },
};

// The print size per garment size, in the studio and on the press's sheet, against the production build.
describe('print sizes per garment size', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  it('shows the print on the smallest and largest size ordered and proposes two print sizes, by keyboard', async () => {
    await mkdir(shots, { recursive: true });
    const { page, context, problems } = await watchedPage(browser(), 1280);
    try {
      await page.goto(`${site.url}${studio}`);
      const panel = page.getByRole('region', { name: 'Size by size' });
      await panel.waitFor();
      // The sizes the quote form counted are ticked; the others are there to tick.
      for (const [size, checked] of [
        ['XS', true],
        ['S', false],
        ['M', true],
        ['3XL', true],
      ] as const)
        expect(await panel.getByRole('checkbox', { name: size, exact: true }).isChecked()).toBe(checked);
      expect(await panel.textContent()).toContain('Add a layer to see its print size on each size.');

      await typeInto(page, 'Search motifs', 'bask');
      await page.getByRole('button', { name: 'Add Basketball' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => said(page)).toBe('Added motif Basketball.');
      // A 4 in motif fits every size: one print, nothing more to say.
      await expect
        .poll(() => panel.getByTestId('studio-size-plan').textContent())
        .toBe('Every size ordered (XS, M, 3XL) gets the front at 4 × 4 in.');

      await typeInto(page, 'Width (in)', '11');
      await expect
        .poll(() => said(page))
        .toBe(
          '11 in wide, motif Basketball. Kept inside the print area. Two print sizes: Sizes XS, M get the front at 9 × 9 in; 3XL at 11 × 11 in.',
        );
      const smallest = panel.getByRole('definition').first();
      const largest = panel.getByRole('definition').last();
      expect(await smallest.textContent()).toBe('9 × 9 in');
      expect(await largest.textContent()).toBe('11 × 11 in');
      expect(await panel.getByRole('term').allTextContents()).toEqual([
        'Smallest size ordered: XS',
        'Largest size ordered: 3XL',
      ]);
      expect(await axeViolations(page)).toEqual([]);
      await panel.screenshot({ path: `${shots}/studio-sizes-1280.png` });

      // Unticked by the keyboard: the M now takes all but the last 0.2 in, still a print of its own.
      await panel.getByRole('checkbox', { name: 'XS', exact: true }).focus();
      await page.keyboard.press('Space');
      await expect
        .poll(() => said(page))
        .toBe('Removed size XS. Two print sizes: Size M gets the front at 10.8 × 10.8 in; 3XL at 11 × 11 in.');
      // Only large sizes: one print again, and said so.
      await panel.getByRole('checkbox', { name: 'M', exact: true }).focus();
      await page.keyboard.press('Space');
      await expect
        .poll(() => said(page))
        .toBe('Removed size M. One print size again: Size 3XL gets the front at 11 × 11 in.');
      await panel.getByRole('checkbox', { name: 'XS', exact: true }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => said(page)).toContain('Two print sizes: Size XS gets the front at 9 × 9 in');

      await page.setViewportSize({ width: 390, height: 900 });
      expect(await axeViolations(page)).toEqual([]);
      await panel.screenshot({ path: `${shots}/studio-sizes-390.png` });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists on the work order which sizes get which print size', async () => {
    await mkdir(shots, { recursive: true });
    const session = await liveVisitorSession(site.url);
    const form = quoteFormData({
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      comments: 'Youth and big sizes on one order.',
      file: randomPng(64),
      fileName: 'logo.png',
    });
    form.set('garmentColor', 'Navy');
    form.delete('qtyM');
    form.set('qtyXS', '4');
    form.set('qty3XL', '20');
    form.set('design', JSON.stringify(wideFront));
    const posted = await fetch(`${site.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: form,
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const { reference } = (await posted.json()) as { reference: string };

    const { page, context, problems } = await watchedPage(browser(), 1280);
    try {
      await page.goto(`${site.url}/staff/requests/${reference}`);
      await signInToDesk(page, site.smtp, site.staff);
      await page.goto(`${site.url}/staff/requests/${reference}/work-order`);
      const section = page.getByRole('region', { name: 'Print size by garment size' });
      const table = section.getByRole('table', { name: 'Front: two print sizes' });
      expect(await table.getByRole('row').allTextContents()).toEqual([
        'SizesPrint size',
        'XS9 × 9 in',
        '3XL11 × 11 in',
      ]);
      expect(await axeViolations(page)).toEqual([]);
      await section.screenshot({ path: `${shots}/work-order-sizes-1280.png` });
      await page.screenshot({ path: `${shots}/work-order-sizes-page-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 900 });
      expect(await axeViolations(page)).toEqual([]);
      await section.screenshot({ path: `${shots}/work-order-sizes-390.png` });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
