import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  deskServerForThisFile,
  mailWith,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { flatPng, marginPng } from '#tests/support/crafted-images.ts';

/** Where the screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';
const start = '/pricing?service=screen-printing&q=24&c1=1&garment=gildan-5000';

async function fillContact(page: Page, email: string) {
  await page.getByLabel('Your name').fill('Coach Rivera');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('(555) 010-0199');
}

/** The quote form is an island (client/components/island.tsx): its script comes at the visitor's first touch. */
async function touchForm(page: Page) {
  await page.getByLabel('Your name').focus();
}

const readout = (page: Page) => page.getByTestId('placement-readout').textContent();
const total = (page: Page) => page.getByTestId('total-bar-total').textContent();

/** The element's box on the page, or a failure naming it. */
async function boxOf(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not drawn`);
  return box;
}

// The garment catalogue and the mockups in Chromium against the production build: swatches, the placement
// tool by mouse and by keyboard, the same without JavaScript, and the mockup the customer placed on their
// page, on the desk, and as the proof they approve.
describe('mockups in a browser', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();
  let art: Buffer;

  beforeAll(async () => {
    await mkdir(shots, { recursive: true });
    // 2,000 × 1,000 pixels: 200 dpi at 10 in wide, half as tall as wide.
    art = await flatPng(2000, 1000, '#ffcc00');
  });

  it('places the artwork by mouse and keyboard, and finds the same mockup on the customer’s page and the desk', async () => {
    const visitor = await watchedPage(browser(), 390);
    const { page } = visitor;
    await page.goto(`${site.url}${start}`);
    // The colour by keyboard: from White, the arrow keys go to Black, then Navy.
    await page.getByRole('radio', { name: 'White', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Navy', exact: true }).isChecked()).toBe(true);
    // The focus was the form's first touch: the picture follows once its script has come.
    await expect.poll(() => page.getByRole('img', { name: /Heavy Cotton tee in Navy, front/ }).count()).toBe(1);
    // Navy is dark: the price now carries the white underbase, with no box ticked.
    await expect.poll(() => page.locator('main').textContent()).toContain('white underbase');
    await fillContact(page, 'coach@example.com');
    await page.getByLabel('Artwork width in inches').fill('8');
    await page.getByLabel('Artwork files').setInputFiles([{ name: 'crest.png', mimeType: 'image/png', buffer: art }]);
    await expect.poll(() => readout(page), { timeout: 10_000 }).toContain('8 × 4 in');
    expect(await readout(page)).toContain('Prints at 250 dpi');

    // Keyboard: down a quarter inch, then wider by the handle.
    await page.getByTestId('placement-artwork').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => readout(page)).toContain('0.25 in from the top');
    await page.getByTestId('placement-handle').focus();
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => readout(page)).toContain('9 × 4.5 in');
    expect(await page.getByLabel('Artwork width in inches').inputValue()).toBe('9');

    // Mouse: drag it right; the area keeps it inside (12 in wide: at most 3 in from the left at 9 in).
    const artwork = page.getByTestId('placement-artwork');
    const box = await artwork.boundingBox();
    if (!box) throw new Error('the artwork is not drawn');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 400, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => readout(page)).toContain('3 in from the left');
    // A width past the area is kept to it, and said.
    await page.getByLabel('Artwork width in inches').fill('14');
    await expect.poll(() => page.getByText('At most 12 in wide here: kept to that.').count()).toBe(1);
    await page.getByTestId('placement-handle').focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => readout(page)).toContain('10 × 5 in');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('placement-tool').screenshot({ path: `${shots}/placement-tool-390.png` });

    await page.getByRole('button', { name: 'Send my quote request' }).click();
    const sent = page.getByTestId('form-sent');
    await expect.poll(() => sent.isVisible(), { timeout: 15_000 }).toBe(true);
    const reference = /Q-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
    const path = (await sent.getByRole('link', { name: /\/requests\// }).getAttribute('href')) ?? '';
    // The sent panel shows the mockup the server drew, from the private page.
    const thumbnail = sent.getByRole('img', { name: 'Your design on the garment, front' });
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(900);
    await page.screenshot({ path: `${shots}/mockup-sent-390.png`, fullPage: true });

    // The customer's page: the mockup as placed, its size in inches.
    await page.goto(`${site.url}${path}`);
    const mockup = page.getByRole('img', { name: /Heavy Cotton tee in Navy, front/ });
    await mockup.scrollIntoViewIfNeeded();
    await expect.poll(() => mockup.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(900);
    expect(await page.getByText('Front: 10 × 5 in, 200 dpi').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/mockup-customer-390.png`, fullPage: true });

    // The shop's mail carries it; the desk shows the same picture.
    const shopMail = await mailWith(site.smtp, new RegExp(`Quote request ${reference}`));
    expect(shopMail.text).toContain(`${reference}-mockup-front.jpg: Gildan 5000 Heavy Cotton tee, Navy`);
    const desk = await watchedPage(browser(), 1280);
    await desk.page.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(desk.page, site.smtp, site.staff);
    await desk.page.goto(`${site.url}/staff/requests/${reference}`);
    expect(await desk.page.getByText('Front: 10 × 5 in, 200 dpi').count()).toBe(1);
    const deskMockup = desk.page.getByRole('img', { name: /Heavy Cotton tee in Navy, front/ });
    await deskMockup.scrollIntoViewIfNeeded();
    await expect.poll(() => deskMockup.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(900);
    expect(await axeViolations(desk.page)).toEqual([]);
    await desk.page.screenshot({ path: `${shots}/mockup-desk-1280.png`, fullPage: true });

    // The tool on a desktop, for the screenshot at 1280 px: the same artwork on the back of a hoodie.
    const wide = await watchedPage(browser(), 1280);
    await wide.page.goto(`${site.url}/pricing?service=screen-printing&q=24&c1=1&garment=gildan-18500`);
    // Once the form runs its script (at the first touch), the one location row is all there is.
    await touchForm(wide.page);
    await expect.poll(() => wide.page.getByLabel('Placement').count()).toBe(1);
    await wide.page.getByLabel('Placement').selectOption('back');
    await wide.page.getByRole('radio', { name: 'Maroon', exact: true }).check();
    await wide.page
      .getByLabel('Artwork files')
      .setInputFiles([{ name: 'crest.png', mimeType: 'image/png', buffer: art }]);
    await expect.poll(() => readout(wide.page), { timeout: 10_000 }).toContain('Back:');
    expect(await axeViolations(wide.page)).toEqual([]);
    await wide.page.getByTestId('placement-tool').screenshot({ path: `${shots}/placement-tool-1280.png` });

    for (const opened of [visitor, desk, wide]) {
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  });

  it('embroidery: one width drives the picture, the price and the mockup; a new file lands at the priced size, centred, measured by its ink', async () => {
    // 3,000 × 2,000 pixels, of which the ink is 2,000 × 1,000: half as tall as wide once the margin is trimmed.
    const logo = await marginPng(3000, 2000, { left: 600, top: 700, width: 2000, height: 1000 }, '#ffcc00');
    for (const width of [390, 1280]) {
      const visitor = await watchedPage(browser(), width);
      const { page } = visitor;
      await page.goto(`${site.url}/pricing?service=embroidery&q=24&w1=3.5&garment=gildan-18500`);
      await touchForm(page);
      await expect.poll(() => page.getByLabel('Placement').count()).toBe(1);
      await page.getByLabel('Placement').selectOption('left-chest');
      await fillContact(page, `stitch${width}@example.com`);
      const logoWidth = page.getByLabel('Logo width in inches');
      await expect.poll(() => total(page)).toMatch(/\$/);
      const priced = await total(page);
      await page
        .getByLabel('Artwork files')
        .setInputFiles([{ name: 'crest.png', mimeType: 'image/png', buffer: logo }]);
      // At the 3.5 in it was priced at, centred across the 4 in chest area, the ink's proportions: the price stays.
      await expect.poll(() => readout(page), { timeout: 10_000 }).toContain('3.5 × 1.75 in');
      expect(await readout(page)).toContain('0.25 in from the left');
      expect(await readout(page)).toContain('Prints at 571 dpi');
      expect(await logoWidth.inputValue()).toBe('3.5');
      expect(await total(page)).toBe(priced);

      if (width === 390) {
        // On a phone: the artwork is large enough to hold, the handle a fingertip, the width field beside
        // the picture, and the size read above the total bar while the artwork is in hand.
        const tool = await boxOf(page, 'placement-tool');
        const artwork = await boxOf(page, 'placement-artwork');
        expect(artwork.width / tool.width).toBeGreaterThanOrEqual(0.4);
        const handle = await boxOf(page, 'placement-handle');
        expect(handle.width).toBeGreaterThanOrEqual(44);
        expect(handle.height).toBeGreaterThanOrEqual(44);
        const picture = await page.getByRole('group', { name: /close up/ }).boundingBox();
        const field = await boxOf(page, 'placement-width');
        if (!picture) throw new Error('no picture');
        expect(field.x).toBeGreaterThanOrEqual(picture.x + picture.width);
        expect(field.y).toBeLessThan(picture.y + picture.height);
        await page.getByTestId('placement-handle').focus();
        const bar = await boxOf(page, 'total-bar');
        const said = await boxOf(page, 'placement-readout');
        expect(said.y).toBeGreaterThanOrEqual(0);
        expect(said.y + said.height).toBeLessThanOrEqual(bar.y);
      }

      // The picture drives the priced width: wider by the handle, the logo field, its stitches and the price follow.
      await page.getByTestId('placement-handle').focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => readout(page)).toContain('3 × 1.5 in');
      await expect.poll(() => logoWidth.inputValue()).toBe('3');
      expect(await page.getByTestId('placement-width').inputValue()).toBe('3');
      // And the priced width drives the picture.
      await logoWidth.fill('2.5');
      await expect.poll(() => readout(page)).toContain('2.5 × 1.25 in');
      await page.getByTestId('placement-width').fill('3.25');
      await expect.poll(() => logoWidth.inputValue()).toBe('3.25');
      await expect.poll(() => readout(page)).toContain('3.25 × 1.63 in');

      // Moved off centre, "Centre" (by keyboard) brings it back to the middle across.
      await page.getByTestId('placement-artwork').focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => readout(page)).toContain(': 0 in from the left');
      await page.getByRole('button', { name: 'Center' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => readout(page)).toContain('0.38 in from the left');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId('placement-tool').screenshot({ path: `${shots}/placement-embroidery-${width}.png` });

      if (width === 390) {
        // The mockup is drawn at the priced width, and says the ink's size.
        await page.getByRole('button', { name: 'Send my quote request' }).click();
        const sent = page.getByTestId('form-sent');
        await expect.poll(() => sent.isVisible(), { timeout: 15_000 }).toBe(true);
        const path = (await sent.getByRole('link', { name: /\/requests\// }).getAttribute('href')) ?? '';
        await page.goto(`${site.url}${path}`);
        expect(await page.getByText('Left chest: 3.25 × 1.63 in, 615 dpi').count()).toBe(1);
        expect(
          await page.getByText('Measured by its ink: the transparent margins of the file are left out.').count(),
        ).toBe(1);
      }
      expect(visitor.problems).toEqual([]);
      await visitor.context.close();
    }
  });

  it('on a phone, keeps the low-resolution warning in sight above the total bar while the artwork is in hand', async () => {
    const visitor = await watchedPage(browser(), 390);
    const { page } = visitor;
    await page.goto(`${site.url}${start}`);
    await touchForm(page);
    await expect.poll(() => page.getByLabel('Placement').count()).toBe(1);
    // 600 pixels across the 12 in front: 50 dpi.
    const small = await flatPng(600, 300, '#cc3344');
    await page.getByLabel('Artwork files').setInputFiles([{ name: 'small.png', mimeType: 'image/png', buffer: small }]);
    await expect.poll(() => readout(page), { timeout: 10_000 }).toContain('12 × 6 in');
    await page.getByTestId('placement-handle').focus();
    const bar = await boxOf(page, 'total-bar');
    const warning = await boxOf(page, 'placement-dpi-warning');
    expect(await page.getByTestId('placement-dpi-warning').textContent()).toContain('prints at 50 dpi');
    expect(warning.y).toBeGreaterThanOrEqual(0);
    expect(warning.y + warning.height).toBeLessThanOrEqual(bar.y);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/placement-dpi-warning-390.png` });
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('places a new file at the direct-to-garment size the estimate was priced at, so the price does not rise', async () => {
    const visitor = await watchedPage(browser(), 1280);
    const { page } = visitor;
    await page.goto(`${site.url}/pricing?service=direct-to-garment&q=24&a1=medium&garment=gildan-5000`);
    await touchForm(page);
    await expect.poll(() => page.getByLabel('Placement').count()).toBe(1);
    await expect.poll(() => total(page)).toMatch(/\$/);
    const priced = await total(page);
    // Twice as tall as wide: Medium holds 10 × 10 in, so 5 × 10 in, centred across the 12 in front.
    const tall = await flatPng(1000, 2000, '#2266aa');
    await page.getByLabel('Artwork files').setInputFiles([{ name: 'tall.png', mimeType: 'image/png', buffer: tall }]);
    await expect.poll(() => readout(page), { timeout: 10_000 }).toContain('5 × 10 in');
    expect(await readout(page)).toContain('3.5 in from the left');
    expect(await page.getByLabel('Print size').inputValue()).toBe('medium');
    expect(await page.getByLabel('Artwork width in inches').inputValue()).toBe('5');
    expect(await total(page)).toBe(priced);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('sets a direct-to-garment print size from the placed artwork, the estimate with it, and refuses a smaller one', async () => {
    const visitor = await watchedPage(browser(), 390);
    const { page } = visitor;
    await page.goto(`${site.url}/pricing?service=direct-to-garment&q=24&a1=small&garment=gildan-5000`);
    await touchForm(page);
    await expect.poll(() => page.getByLabel('Placement').count()).toBe(1);
    await fillContact(page, 'dtg@example.com');
    const size = page.getByLabel('Print size');
    const main = () => page.locator('main').textContent();
    expect(await size.inputValue()).toBe('small');
    await page.getByLabel('Artwork width in inches').fill('8');
    await page.getByLabel('Artwork files').setInputFiles([{ name: 'crest.png', mimeType: 'image/png', buffer: art }]);
    // Placed at 8 × 4 in: too wide for Small, so the size and the estimate follow to Medium.
    await expect.poll(() => readout(page), { timeout: 10_000 }).toContain('8 × 4 in');
    await expect.poll(() => size.inputValue()).toBe('medium');
    expect(await page.getByText('8 × 4 in print: Medium').count()).toBe(1);
    await expect.poll(main).toContain('Print location 1, Medium (up to 10 x 10 in)');

    // Resized by the handle to 11 × 5.5 in: Large.
    await page.getByTestId('placement-handle').focus();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => readout(page)).toContain('11 × 5.5 in');
    await expect.poll(() => size.inputValue()).toBe('large');
    await expect.poll(main).toContain('Print location 1, Large (up to 14 x 14 in)');
    expect(await page.getByText('11 × 5.5 in print: Large').count()).toBe(1);

    // A larger size may be chosen; a smaller one is refused beside the field.
    await size.selectOption('oversize');
    await expect.poll(main).toContain('Print location 1, Oversize (up to 14 x 18 in)');
    await size.selectOption('medium');
    const refusal =
      'An 11 × 5.5 in print needs Large (up to 14 x 14 in) or larger: choose that size, or make the artwork smaller.';
    // Said beside the field: what the select is described by.
    const described = async () => {
      const ids = ((await size.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
      return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    };
    await expect.poll(described).toContain(refusal);
    expect(await size.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByRole('group', { name: 'Print location 1' })
      .screenshot({ path: `${shots}/print-size-refused-390.png` });

    // Made smaller (4 × 2 in), the size follows down to Small and the refusal goes.
    await page.getByTestId('placement-handle').focus();
    for (let step = 0; step < 7; step += 1) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => readout(page)).toContain('4 × 2 in');
    await expect.poll(() => size.inputValue()).toBe('small');
    await expect.poll(described).toBe('4 × 2 in print: Small');
    await expect.poll(main).toContain('Print location 1, Small (up to 5 x 5 in)');

    await page.getByRole('button', { name: 'Send my quote request' }).click();
    await expect.poll(() => page.getByTestId('form-sent').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('takes the location and the width as fields without JavaScript, and the desk turns the mockup into a proof the customer approves', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}${start}`);
    await fillContact(page, 'club@example.com');
    await page.getByRole('radio', { name: 'Sport Grey', exact: true }).check();
    await page.getByLabel('Artwork width in inches').first().fill('6');
    await page.getByLabel('Artwork files').setInputFiles([{ name: 'club.png', mimeType: 'image/png', buffer: art }]);
    await page.screenshot({ path: `${shots}/mockup-form-no-js-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Send my quote request' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing/sent');
    const text = (await page.locator('main').textContent()) ?? '';
    const reference = /Q-\d{4}-\d{6}/.exec(text)?.[0] ?? '';
    const path = (await page.getByRole('link', { name: /\/requests\// }).getAttribute('href')) ?? '';
    expect(reference).not.toBe('');
    // The confirmation page shows the mockup too.
    expect(await page.getByRole('img', { name: 'Your design on the garment, front' }).count()).toBe(1);
    await context.close();

    // The desk: centred at the top, 6 in wide; it writes the quote and sends the mockup as the proof.
    const desk = await watchedPage(browser(), 1280);
    await desk.page.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(desk.page, site.smtp, site.staff);
    await desk.page.goto(`${site.url}/staff/requests/${reference}`);
    expect(await desk.page.getByText('Front: 6 × 3 in, 333 dpi').count()).toBe(1);
    expect(await desk.page.getByLabel('From the left').inputValue()).toBe('3');
    await desk.page.getByLabel('From the top').fill('1');
    await desk.page.getByRole('button', { name: 'Redraw the mockup' }).click();
    await expect.poll(() => desk.page.getByRole('status').textContent()).toBe('Mockup redrawn with the new placement.');
    await desk.page.goto(`${site.url}/staff/requests/${reference}/quote`);
    await desk.page.getByRole('button', { name: /^Send quote v1/ }).click();
    await expect.poll(() => desk.page.getByRole('status').textContent()).toBe('Quote sent to the customer.');
    await desk.page.getByRole('button', { name: 'Use as proof' }).click();
    await expect.poll(() => desk.page.getByRole('status').textContent()).toBe('Proof sent to the customer.');
    expect(await desk.page.getByText(/Front: 6 × 3 in, 1 ink color/).count()).toBeGreaterThan(0);
    await mailWith(site.smtp, new RegExp(`Your proof for request ${reference} is ready`));

    // The customer approves the quote, then the proof made from their mockup.
    const customer = await watchedPage(browser(), 390);
    await customer.page.goto(`${site.url}${path}`);
    await customer.page.getByLabel('Your full name, as your signature').first().fill('Coach Rivera');
    await customer.page.getByRole('checkbox', { name: /I approve this quote/ }).check();
    await customer.page.getByRole('button', { name: 'Approve quote v1' }).click();
    await expect.poll(() => customer.page.getByRole('status').first().textContent()).toContain('approved');
    await mailWith(site.smtp, new RegExp(`The customer approved quote v1 of ${reference}`));
    const proof = customer.page.getByRole('img', { name: /Proof v1/ });
    await proof.scrollIntoViewIfNeeded();
    // A phone gets the proof at its own width: the 480-pixel WebP of the 900-pixel proof sheet, and the sheet
    // itself as it downloads.
    await expect
      .poll(() =>
        proof.evaluate((image: HTMLImageElement) => (image.complete ? new URL(image.currentSrc).pathname : '')),
      )
      .toBe(`${path}/proofs/1/preview/480`);
    expect(await proof.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const sheetWidth = await customer.page.evaluate(async (src) => {
      const sheet = new Image();
      sheet.src = src;
      await sheet.decode();
      return sheet.naturalWidth;
    }, `${path}/proofs/1/preview`);
    expect(sheetWidth).toBe(900);
    // The proof opens full size, where a phone may pinch-zoom it: a link, and a page that allows zooming.
    const fullSize = customer.page.getByRole('link', { name: 'Open the proof full size to zoom in' });
    expect(await fullSize.getAttribute('href')).toBe(`${path}/proofs/1/preview`);
    expect(await customer.page.locator('meta[name="viewport"]').getAttribute('content')).not.toMatch(
      /user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0)?\b/,
    );
    expect(await axeViolations(customer.page)).toEqual([]);
    await customer.page.screenshot({ path: `${shots}/mockup-proof-390.png`, fullPage: true });
    // Sent while the quote waited, the proof was approved with it: both say so, signed.
    expect(await customer.page.getByRole('button', { name: 'Approve proof v1' }).count()).toBe(0);
    expect(await customer.page.getByText(/Approved by Coach Rivera/).count()).toBe(2);
    for (const opened of [desk, customer]) {
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  });
});
