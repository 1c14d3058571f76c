import { mkdtempSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';
import {
  deskServerForThisFile,
  expectSent,
  mailWith,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { runSql } from '#tests/support/test-storage.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

/** Where this file's screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';
/** A coach's order: 40 navy tees, one colour on the front so far. */
const quoteForm = '/pricing?service=screen-printing&q=40&c1=1&garment=gildan-5000&color=Navy';

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

const said = (page: Page) => page.getByTestId('studio-said').textContent();

/** Focuses an element and presses a key on it: the keyboard's way to follow a link or press a button. */
async function press(page: Page, name: string | RegExp, role: 'button' | 'link' = 'button', key = 'Enter') {
  await page.getByRole(role, { name }).first().focus();
  await page.keyboard.press(key);
}

async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** The pages in a PDF: pdfkit writes its page dictionaries as plain text, only the drawing is compressed. */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

describe('design studio', () => {
  // The first journey ends on the desk and in the customer's mail: a server of its own with the mail caught.
  // Its database in a folder of this file's, so the test can mark the order completed and order it again.
  const databaseDir = mkdtempSync(join(tmpdir(), 'seenwear-data-'));
  const site = deskServerForThisFile(() => ({ DATABASE_DIR: databaseDir }));

  it('designs a shirt by keyboard alone, hands it to the quote form, and the desk gets its files', async () => {
    const { page, context, problems } = await openPage(browser(), `${site.url}${quoteForm}`, { width: 1280 });
    await press(page, 'Design it here', 'link');
    await page.waitForURL(/\/pricing\/studio\?/);
    await page.getByRole('heading', { name: 'Layers' }).waitFor();
    expect(new URL(page.url()).searchParams.get('color')).toBe('Navy');

    // An arched team name.
    await typeInto(page, 'Text to add', 'EAGLES');
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe("Added text 'EAGLES'.");
    await page.getByLabel('Arc', { exact: true }).first().focus();
    await page.getByLabel('Arc', { exact: true }).first().selectOption('up');
    await typeInto(page, 'Arc (degrees)', '120');
    await expect.poll(() => said(page)).toBe("Arc up 120°, text 'EAGLES'.");

    // A number in gold.
    await typeInto(page, 'Text to add', '23');
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe("Added text '23'.");
    await page.getByLabel('Ink', { exact: true }).selectOption('athletic-gold');
    await expect.poll(() => said(page)).toBe("Ink Athletic gold, text '23'.");

    // A motif found by searching its name.
    await typeInto(page, 'Search motifs', 'bask');
    await press(page, 'Add Basketball');
    await expect.poll(() => said(page)).toBe('Added motif Basketball.');

    // The layers are a list named for what each is.
    const layers = page.getByRole('list', { name: 'Layers' }).getByRole('button');
    await expect
      .poll(() => layers.allTextContents())
      .toEqual([
        expect.stringMatching(/^Motif Basketball, White, 4 in wide$/),
        expect.stringMatching(/^Text '23', Athletic gold, [\d.]+ in wide$/),
        expect.stringMatching(/^Text 'EAGLES', arc up 120°, White, [\d.]+ in wide$/),
      ]);

    // Moved by the arrow keys, undone and redone by the shortcuts.
    const eagles = page.getByRole('button', { name: /^Text 'EAGLES'/ });
    await eagles.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => said(page)).toBe("Moved text 'EAGLES' 0.1 in left.");
    await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(() => said(page)).toBe("Moved text 'EAGLES' 1 in up.");
    await page.keyboard.press('ControlOrMeta+Z');
    await expect.poll(() => said(page)).toBe("Undone: Moved text 'EAGLES' 1 in up.");
    await page.keyboard.press('ControlOrMeta+Shift+Z');
    await expect.poll(() => said(page)).toBe("Redone: Moved text 'EAGLES' 1 in up.");
    expect(await page.getByRole('status').filter({ hasText: 'Redone' }).getAttribute('aria-live')).toBe('polite');

    // Two inks on a navy shirt: a white underbase under them.
    expect(await page.getByTestId('studio-inks').textContent()).toBe('2 inks + underbase = 3 screens');
    expect(await page.getByTestId('studio-price').textContent()).toMatch(
      /^\$[\d,]+\.\d\d for 40 pieces, \$\d+\.\d\d each/,
    );

    expect(await axeViolations(page)).toEqual([]);
    await mkdir(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/studio-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/studio-390.png`, fullPage: true });
    await page.getByRole('heading', { name: 'Design your print' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/studio-390-first-screen.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    await press(page, 'Use this design');
    await page.waitForURL(/\/pricing\?/);
    const handed = page.getByTestId('studio-design');
    await expect.poll(() => handed.textContent()).toContain('Your design: 2 inks, front');
    const design = JSON.parse(await handed.locator('input[name="design"]').inputValue());
    expect(design.garmentId).toBe('gildan-5000');
    expect(design.colorName).toBe('Navy');
    expect(design.locations.front.map((layer: { kind: string }) => layer.kind)).toEqual(['text', 'text', 'motif']);
    // The form prices what the studio counted: two colours on the front.
    expect(new URL(page.url()).searchParams.get('c1')).toBe('2');
    await handed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/studio-handed-1280.png` });
    const studioInks = '2 inks + underbase = 3 screens';
    const screens = 3;

    // The rest of the form, then a colour the design was not made for: the server refuses the design beside
    // its summary, the design stays in the form, and the error summary leads to it.
    await page.getByLabel('Your name').fill('Dana Whitfield');
    await page.getByLabel('E-mail').fill('coach@example.com');
    await page.getByLabel('Phone', { exact: true }).fill('(555) 010-0188');
    await page.getByRole('radio', { name: 'White', exact: true }).check();
    await press(page, 'Send my quote request');
    const errors = page.getByTestId('form-errors');
    await expect.poll(() => errors.textContent()).toContain('Studio design: The design was made for another garment');
    await expect.poll(() => handed.textContent()).toContain('The design was made for another garment or colour');
    expect(await handed.textContent()).toContain('Your design: 2 inks, front');
    expect(JSON.parse(await handed.locator('input[name="design"]').inputValue())).toEqual(design);
    expect(await axeViolations(page)).toEqual([]);
    await handed.screenshot({ path: `${shots}/studio-handed-refused-1280.png` });
    await press(page, 'Studio design', 'link');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('studio-design');

    // Back on the design's colour, it goes through.
    await page.getByRole('radio', { name: 'Navy', exact: true }).check();
    await press(page, 'Send my quote request');
    const sent = page.getByTestId('form-sent');
    await expectSent(page, sent);
    const reference = /Q-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
    expect(reference).not.toBe('');
    expect(await axeViolations(page)).toEqual([]);
    // The refused send's 422 is the browser logging the answer it was meant to get: nothing else may show.
    expect(problems.filter((problem) => !/status of 422/.test(problem))).toEqual([]);
    expect(problems.filter((problem) => /status of 422/.test(problem))).toHaveLength(1);
    await context.close();

    // The shop's desk: the studio's sentence, as many films as screens, and the files to download.
    const desk = await watchedPage(browser(), 1280);
    await desk.page.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(desk.page, site.smtp, site.staff);
    await desk.page.goto(`${site.url}/staff/requests/${reference}`);
    const section = desk.page.getByRole('region', { name: 'Studio design' });
    expect(await section.getByRole('heading', { name: 'Front' }).count()).toBe(1);
    expect(await section.locator('[data-design-inks]').textContent()).toBe(studioInks);
    // Bottom layer first: the white team name, then the gold number.
    expect(await section.getByText(/^Inks: /).textContent()).toBe('Inks: White, Athletic gold');
    const filmsLink = section.getByRole('link', { name: /^Films \(PDF, \d+ films?\)$/ });
    expect(await filmsLink.textContent()).toBe(`Films (PDF, ${screens} films)`);
    const films = await desk.page.request.get(`${site.url}${await filmsLink.getAttribute('href')}`);
    expect(films.status()).toBe(200);
    expect(films.headers()['content-type']).toBe('application/pdf');
    const filmsPdf = await films.body();
    expect(filmsPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(filmsPdf)).toBe(screens);
    const svgLink = section.getByRole('link', { name: 'Press file (SVG)' });
    const svg = await desk.page.request.get(`${site.url}${await svgLink.getAttribute('href')}`);
    expect(svg.status()).toBe(200);
    const svgText = await svg.text();
    const svgTag = /<svg\b[^>]*>/.exec(svgText)?.[0] ?? '';
    expect(svgTag).toMatch(/\swidth="\d+(\.\d+)?in"/);
    expect(svgTag).toMatch(/\sheight="\d+(\.\d+)?in"/);
    expect(await axeViolations(desk.page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${shots}/studio-desk-design-1280.png` });
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${shots}/studio-desk-design-390.png` });
    expect(await axeViolations(desk.page)).toEqual([]);
    expect(desk.problems).toEqual([]);
    await desk.context.close();

    // The customer's page, from the link in their confirmation: the same sentence among what they asked for.
    const confirmation = await mailWith(site.smtp, new RegExp(`/requests/${reference}/`));
    const link = new RegExp(`${site.url}/requests/${reference}/[A-Za-z0-9_-]{43}`).exec(confirmation.text)?.[0];
    expect(link, confirmation.text).toBeDefined();
    const customer = await watchedPage(browser(), 390);
    await customer.page.goto(link ?? '');
    await expect.poll(() => customer.page.getByText(`Front: ${studioInks}`).count()).toBe(1);
    expect(await axeViolations(customer.page)).toEqual([]);

    // Printed and handed over (the desk's way there is another file's journey), then ordered again: the
    // quote form comes back with the design, in a browser whose session storage never held it.
    await runSql({ databaseDir }, `update submissions set status = 'completed' where reference = $1`, [reference]);
    await customer.page.reload();
    await press(customer.page, 'Order again');
    await expect.poll(() => new URL(customer.page.url()).pathname).toBe('/pricing');
    const again = customer.page.getByTestId('studio-design');
    await expect.poll(() => again.textContent()).toContain('Your design: 2 inks, front');
    expect(JSON.parse(await again.locator('input[name="design"]').inputValue())).toEqual(design);
    expect(await customer.page.getByRole('link', { name: 'Edit your design' }).getAttribute('href')).toMatch(
      /^\/pricing\/studio\?garment=gildan-5000&color=Navy&method=screen-printing&location=front&q=\d+$/,
    );
    expect(await axeViolations(customer.page)).toEqual([]);
    await press(customer.page, 'Send my quote request');
    const reordered = customer.page.getByTestId('form-sent');
    await expect.poll(() => reordered.isVisible(), { timeout: 10_000 }).toBe(true);
    const reorder = /Q-\d{4}-\d{6}/.exec((await reordered.textContent()) ?? '')?.[0] ?? '';
    expect(reorder).not.toBe(reference);
    expect(customer.problems).toEqual([]);
    await customer.context.close();
  });

  it('shrinks a text too large for the left chest and says so, and names a character the font cannot draw', async () => {
    const { page, context, problems } = await openPage(
      browser(),
      `${baseUrl}/pricing/studio?garment=gildan-5000&color=White&method=screen-printing&location=left-chest&q=24`,
      { width: 390 },
    );
    await page.getByRole('heading', { name: 'Layers' }).waitFor();
    await typeInto(page, 'Text to add', 'EAGLES');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => said(page))
      .toMatch(/^Added text 'EAGLES'\. Too large for the 4 × 4 in print area: shrunk to letters 0\.\d+ in tall\.$/);
    await typeInto(page, 'Text', 'EAGLES ★');
    await expect.poll(() => page.getByText('This font cannot draw “★”').count()).toBe(1);
    expect(await page.getByTestId('studio-inks').textContent()).toBe('1 ink = 1 screen');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('resizes and turns the selected layer by its handles, with a pointer', async () => {
    const { page, context, problems } = await openPage(
      browser(),
      `${baseUrl}/pricing/studio?garment=gildan-5000&color=White&method=screen-printing&location=front&q=24`,
      { width: 390 },
    );
    await page.getByRole('heading', { name: 'Layers' }).waitFor();
    await typeInto(page, 'Search motifs', 'bask');
    await press(page, 'Add Basketball');
    await expect.poll(() => said(page)).toBe('Added motif Basketball.');
    const layer = page.getByRole('list', { name: 'Layers' }).getByRole('button').first();
    const wide = async () => Number(/([\d.]+) in wide/.exec((await layer.textContent()) ?? '')?.[1]);
    const before = await wide();
    const centre = async (handle: 'resize' | 'rotate') => {
      await page.getByTestId('studio-handles').scrollIntoViewIfNeeded();
      const box = await page.locator(`[data-handle="${handle}"]`).boundingBox();
      if (!box) throw new Error(`no ${handle} handle`);
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const dragBy = async (from: { x: number; y: number }, dx: number, dy: number) => {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let step = 1; step <= 5; step += 1)
        await page.mouse.move(from.x + (dx * step) / 5, from.y + (dy * step) / 5);
      await page.mouse.up();
    };

    // The corner pulled out along the diagonal: the motif grows, and says to what.
    const corner = await centre('resize');
    await dragBy(corner, 30, 30);
    await expect.poll(() => said(page)).toMatch(/^Resized motif Basketball to [\d.]+ in wide\.$/);
    expect(await wide()).toBeGreaterThan(before);

    // The stalk's handle taken round to the centre's right: a quarter turn, settled on exactly.
    const knob = await centre('rotate');
    const outline = await page.getByTestId('studio-handles').locator('rect').boundingBox();
    if (!outline) throw new Error('no selection box');
    const middle = { x: outline.x + outline.width / 2, y: outline.y + outline.height / 2 };
    const reach = middle.y - knob.y;
    await dragBy(knob, reach + 1, reach + 2);
    await expect.poll(() => said(page)).toBe('Turned motif Basketball to 90°.');
    expect(await layer.textContent()).toContain('turned 90°');
    await page.screenshot({ path: `${shots}/studio-handles-390.png` });

    // Undone as one step each: the turn first.
    await press(page, 'Undo');
    expect(await layer.textContent()).not.toContain('turned');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens from a price calculator on its garment, colour and pieces', async () => {
    const { page, context, problems } = await openPage(
      browser(),
      `${baseUrl}/pricing/printing?q=36&garment=gildan-5000&color=Royal&c1=2`,
      { width: 390 },
    );
    await page.getByRole('heading', { name: 'Price calculator' }).waitFor();
    await press(page, 'Design it here', 'link');
    await page.waitForURL(/\/pricing\/studio\?/);
    const query = new URL(page.url()).searchParams;
    expect(
      Object.fromEntries(['garment', 'color', 'method', 'location', 'q'].map((key) => [key, query.get(key)])),
    ).toEqual({
      garment: 'gildan-5000',
      color: 'Royal',
      method: 'screen-printing',
      location: 'front',
      q: '36',
    });
    await page.getByRole('heading', { name: 'Layers' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says without JavaScript that the studio needs it, and leads to the quote form’s upload', async () => {
    const { page, context } = await openPage(
      browser(),
      `${baseUrl}/pricing/studio?garment=gildan-5000&color=Navy&method=screen-printing&location=front`,
      {
        javaScript: false,
      },
    );
    await expect.poll(() => page.getByText('The design studio needs JavaScript').count()).toBe(1);
    const link = page.getByRole('link', { name: 'send us your artwork with the quote form' });
    expect(await link.getAttribute('href')).toBe('/pricing#quote-artwork');
    // The quote form without JavaScript offers no way into a studio that cannot run.
    await page.goto(`${baseUrl}${quoteForm}`);
    await page.getByRole('button', { name: /send/i }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Design it here' }).count()).toBe(0);
    // Nor does a calculator, whose estimate is there without the script.
    await page.goto(`${baseUrl}/pricing/printing?q=36&garment=gildan-5000&color=Royal&c1=2`);
    await page.getByRole('link', { name: 'Request this quote' }).waitFor();
    expect(await page.getByRole('link', { name: 'Design it here' }).isVisible()).toBe(false);
    await context.close();
  });
});
