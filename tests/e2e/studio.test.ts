import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';

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

describe('design studio', () => {
  it('designs a shirt by keyboard alone, says every change, prices it and hands it to the quote form', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}${quoteForm}`, { width: 1280 });
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
    expect(problems).toEqual([]);
    await context.close();
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
    await context.close();
  });
});
