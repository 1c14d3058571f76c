import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  deskServerForThisFile,
  expectSent,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

/** Where this file's screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';
/** 40 navy tees, one colour on the front so far. */
const quoteForm = '/pricing?service=screen-printing&q=40&c1=1&garment=gildan-5000&color=Navy';

const RED = [0xcc, 0x00, 0x00];

/** A flat logo of three bands, red, gold and white, twice as wide as tall. */
function threeColourPng(): Promise<Buffer> {
  const band = (hex: string, top: number) => ({
    input: { create: { width: 600, height: 100, channels: 3 as const, background: hex } },
    top,
    left: 0,
  });
  return sharp({ create: { width: 600, height: 300, channels: 3, background: '#ffffff' } })
    .composite([band('#cc0000', 0), band('#ffb81c', 100)])
    .png()
    .toBuffer();
}

const said = (page: Page) => page.getByTestId('studio-said').textContent();

async function press(page: Page, name: string | RegExp, role: 'button' | 'link' = 'button') {
  await page.getByRole(role, { name }).first().focus();
  await page.keyboard.press('Enter');
}

/** A photo-like picture: a smooth gradient across every shade from blue to orange. */
function gradientPng(): Promise<Buffer> {
  const width = 256;
  const height = 128;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) pixels.set([x, (x + y) % 256, 255 - x], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Pixels within a small distance of a colour, in a JPEG. */
async function pixelsNear(jpeg: Buffer, rgb: number[]): Promise<number> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let offset = 0; offset < data.length; offset += info.channels)
    if (rgb.every((value, channel) => Math.abs((data[offset + channel] ?? 0) - value) <= 16)) count += 1;
  return count;
}

describe('the customer’s picture in the studio', () => {
  const site = deskServerForThisFile();

  it('adds a picture by keyboard, confirms its colours, prices them, and the mockup shows it', async () => {
    const picture = await threeColourPng();
    const { page, context, problems } = await openPage(browser(), `${site.url}${quoteForm}`, { width: 1280 });
    await press(page, 'Design it here', 'link');
    await page.waitForURL(/\/pricing\/studio\?/);
    await page.getByRole('heading', { name: 'Layers' }).waitFor();

    // The file input, reached and opened by the keyboard.
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Add your picture').focus();
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'crest.png', mimeType: 'image/png', buffer: picture });

    const layers = page.getByRole('list', { name: 'Layers' }).getByRole('button');
    await expect.poll(() => layers.allTextContents()).toEqual(["Picture 'crest.png', 6 in wide"]);
    // The server counted its colours, and the question is said in the live region.
    // Three equal bands: the order of equal shares is the quantiser's.
    await expect
      .poll(() => said(page))
      .toMatch(/^We see 3 colours: (?=.*\bred\b)(?=.*athletic gold)(?=.*white).+ — is that right\?$/);
    expect(await page.getByTestId('picture-colours').textContent()).toBe(await said(page));
    // The correction starts at what the server saw, and the button says the number typed.
    expect(await page.getByLabel('How many then?').inputValue()).toBe('3');
    await page.getByLabel('How many then?').focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.getByRole('button', { name: 'No, it has 4 colours' }).count()).toBe(1);
    // Not confirmed yet: the shop would count it.
    expect(await page.getByTestId('studio-inks').textContent()).toBe(
      'The colours of 1 picture (the shop counts those) + underbase',
    );

    expect(await page.getByTestId('studio-price').textContent()).toMatch(
      /^From \$[\d,]+\.\d\d for 40 pieces.* Confirm your picture’s colours for the full price\.$/,
    );

    // Moved by the arrow keys like any layer.
    await layers.first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => said(page)).toBe("Moved picture 'crest.png' 0.1 in left.");
    expect(await page.locator('svg image').count()).toBe(1);

    expect(await axeViolations(page)).toEqual([]);
    await mkdir(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/studio-picture-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/studio-picture-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await press(page, 'Yes');
    await expect.poll(() => said(page)).toBe("Counted 3 colours, picture 'crest.png'.");
    await expect.poll(() => page.getByTestId('studio-inks').textContent()).toBe('3 inks + underbase = 4 screens');
    expect(await page.getByTestId('studio-price').textContent()).toMatch(/^\$[\d,]+\.\d\d for 40 pieces/);
    expect(await layers.allTextContents()).toEqual(["Picture 'crest.png', 3 colours, 6 in wide"]);
    expect(await axeViolations(page)).toEqual([]);

    await press(page, 'Use this design');
    await page.waitForURL(/\/pricing\?/);
    const handed = page.getByTestId('studio-design');
    await expect.poll(() => handed.textContent()).toContain('Your design: 3 inks, front');
    expect(new URL(page.url()).searchParams.get('c1')).toBe('3');
    const design = JSON.parse(await handed.locator('input[name="design"]').inputValue());
    expect(design.locations.front).toEqual([
      expect.objectContaining({ kind: 'upload', name: 'crest.png', colours: 3, widthInches: 6, heightInches: 3 }),
    ]);

    // The picture rides in the form's artwork field, unseen.
    expect(
      await handed
        .locator('input[type="file"][name="artwork"]')
        .evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => file.name)),
    ).toEqual(['crest.png']);
    // It counts against the artwork field's five files, and the field says so before anything is sent.
    const artwork = page.getByLabel(/^Artwork files/);
    expect(await page.locator('#quote-artwork-hint').textContent()).toContain('Your design’s picture is sent here too');
    await artwork.setInputFiles(
      Array.from({ length: 5 }, (_, index) => ({ name: `logo-${index}.png`, mimeType: 'image/png', buffer: picture })),
    );
    await expect
      .poll(() => page.locator('#quote-artwork-error').textContent())
      .toBe('Your design’s picture is sent as 1 file: attach at most 4 more; you chose 5.');
    await press(page, 'Remove the files');
    await expect.poll(() => page.locator('#quote-artwork-error').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Your name').fill('Dana Whitfield');
    await page.getByLabel('E-mail').fill('coach@example.com');
    await page.getByLabel('Phone', { exact: true }).fill('(555) 010-0188');
    await press(page, 'Send my quote request');
    const sent = page.getByTestId('form-sent');
    await expectSent(page, sent);
    const reference = /Q-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
    expect(reference).not.toBe('');
    expect(problems).toEqual([]);
    await context.close();

    // The desk's mockup carries the picture: its red, which the navy shirt and the drawing have none of.
    const desk = await watchedPage(browser(), 1280);
    await desk.page.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(desk.page, site.smtp, site.staff);
    const mockup = await desk.page.request.get(`${site.url}/staff/requests/${reference}/mockups/front`);
    expect(mockup.status()).toBe(200);
    expect(await pixelsNear(await mockup.body(), RED)).toBeGreaterThan(500);
    await desk.page.goto(`${site.url}/staff/requests/${reference}`);
    expect(await desk.page.getByText('A picture layer is not drawn here').count()).toBe(0);
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });

  it('says a photo suits direct to garment and switches the method, keeping the picture', async () => {
    const { page, context, problems } = await openPage(
      browser(),
      `${baseUrl}/pricing/studio?garment=gildan-5000&color=Navy&method=screen-printing&location=front&q=24`,
      { width: 390 },
    );
    await page.getByRole('heading', { name: 'Layers' }).waitFor();
    await page.getByLabel('Add your picture').setInputFiles({
      name: 'team-photo.png',
      mimeType: 'image/png',
      buffer: await gradientPng(),
    });
    await expect.poll(() => said(page)).toMatch(/suits direct to garment .*You can switch to direct to garment/);
    await press(page, 'Switch to direct to garment (DTG)');
    await expect.poll(() => new URL(page.url()).searchParams.get('method')).toBe('direct-to-garment');
    await expect.poll(() => said(page)).toMatch(/^Switched to direct to garment/);
    const layers = page.getByRole('list', { name: 'Layers' }).getByRole('button');
    expect(await layers.allTextContents()).toEqual(["Picture 'team-photo.png', 6 in wide"]);
    await expect.poll(() => page.getByRole('button', { name: 'Switch to direct to garment (DTG)' }).count()).toBe(0);
    expect(await page.getByTestId('studio-inks').textContent()).toBe('Printed in full colour (no screens)');
    expect(await page.getByTestId('picture-colours').textContent()).toBe(
      'Direct to garment prints every shade of it: there are no colours to count.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/studio-picture-dtg-390.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
