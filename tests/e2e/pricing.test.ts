import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

const summary = (page: Page) => page.getByTestId('estimate-summary').textContent();

/** Where this file's screenshots go, to be looked at (not compared). */
const shots = 'reports/screenshots';

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

/** YYYY-MM-DD some days from now, on the machine's calendar (the shop's is the same within a day). */
function daysFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

/** Where an element is on the screen: wholly inside the viewport, and how far its bottom is from the screen's. */
function placeOf(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      inView: box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight,
      gapBelow: window.innerHeight - box.bottom,
    };
  });
}

/** Scrolls an element to the top of the screen, just under the sticky header. */
async function scrollToTop(locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

describe('price calculator', () => {
  it('updates the price as the visitor types, keeps the URL in step, and a reload keeps the estimate', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/printing`, { width: 1280 });
    const before = await summary(page);
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('');
    await quantity.pressSequentially('150');
    await expect.poll(() => summary(page)).not.toBe(before);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('150');
    // No route change: no loading screen, and the input keeps the focus.
    expect(await page.getByTestId('loading-screen').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q');
    const typed = await summary(page);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await summary(page)).toBe(typed);
    expect(await page.getByLabel('Quantity').inputValue()).toBe('150');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps only digits when something else is pasted into the quantity', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/pricing/dtg`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.evaluate(() => navigator.clipboard.writeText('about 36 shirts'));
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('');
    await quantity.focus();
    // A real paste (trusted keyboard shortcut), not a synthetic event.
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => quantity.inputValue()).toBe('36');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('36');
    await context.close();
  });

  it('says when the next price break would cost less in total', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/pricing/printing?q=23&c1=1&garment=own`, {
      width: 1280,
    });
    const hint = page.getByTestId('next-tier');
    expect(await hint.textContent()).toMatch(/24/);
    await context.close();
  });

  it('shows what to fix, beside the field, for a quantity under the minimum', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/pricing/embroidery`, { width: 390 });
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('2');
    await expect.poll(() => page.getByTestId('estimate-errors').isVisible()).toBe(true);
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await quantity.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toContain('error-q');
    await context.close();
  });

  it('"Request this quote" carries the configuration to the quote page', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/printing?q=72&c1=2&garment=own`, {
      width: 1280,
    });
    const total = (await page.getByTestId('estimate-total').textContent()) ?? '';
    await page.getByRole('link', { name: 'Request this quote' }).click();
    await expect.poll(() => page.title()).toBe('Get a quote - Seenwear');
    const carried = page.getByTestId('carried-estimate');
    expect(await carried.textContent()).toContain(total);
    expect(new URL(page.url()).searchParams.get('q')).toBe('72');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('prices the in-hands date and the delivery as the visitor types, with the whole ladder beside it', async () => {
    await mkdir(shots, { recursive: true });
    for (const width of [390, 1280]) {
      const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/printing?q=30&c1=2`, { width });
      const schedule = page.getByTestId('schedule');
      expect(await schedule.textContent()).toContain('Standard turnaround');
      // A date far enough out keeps the standard price, and says by when to approve.
      await page.getByLabel('In-hands date').fill(daysFromToday(60));
      await expect.poll(() => schedule.textContent()).toContain('standard turnaround');
      expect(await schedule.textContent()).toContain('approve the proof by');
      await expect.poll(() => new URL(page.url()).searchParams.get('by')).toBe(daysFromToday(60));
      const standard = await page.getByTestId('estimate-total').textContent();
      // Tomorrow needs a rush (or cannot be made): a line of its own, and a higher total.
      await page.getByLabel('In-hands date').fill(daysFromToday(1));
      await expect.poll(() => schedule.textContent()).toMatch(/rush|We cannot make/);
      expect(await page.getByTestId('estimate-total').textContent()).not.toBe(standard);
      expect(await page.getByRole('rowheader', { name: /^Rush, / }).count()).toBe(1);
      // The ZIP code shows once delivery is chosen, and decides between free and shipped.
      expect(await page.getByLabel('ZIP code').isVisible()).toBe(false);
      await page.getByLabel('Pickup or delivery').selectOption('1');
      await page.getByLabel('ZIP code').fill('62704');
      await expect.poll(() => page.getByRole('rowheader', { name: 'Free local delivery to 62704' }).count()).toBe(1);
      await page.getByLabel('ZIP code').fill('90210');
      await expect.poll(() => page.getByRole('rowheader', { name: /^Shipping to 90210/ }).count()).toBe(1);
      const current = page.getByTestId('price-ladder').locator('tr[aria-current="true"]');
      expect(await current.textContent()).toContain('30 (yours)');
      expect(await current.textContent()).toContain((await page.getByTestId('estimate-total').textContent()) ?? '-');
      expect(await page.getByTestId('next-tier').isVisible()).toBe(true);
      expect(await page.getByTestId('sales-tax').textContent()).toContain('sales tax');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId('estimate-summary').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/calculator-estimate-${width}.png`, fullPage: width === 390 });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('loads the calculator chunk only on the pages that show a calculator, once the visitor touches it', async () => {
    for (const [path, expected] of [
      ['/about-us', false],
      ['/pricing', false],
      ['/', false],
      ['/pricing/embroidery', true],
    ] as const) {
      const context = await browser().newContext();
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
      });
      await page.goto(`${baseUrl}${path}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.waitForLoadState('networkidle');
      const calculatorLoaded = () => scripts.some((script) => /\/calculator-[\w-]+\.js$/.test(script));
      // An island (client/components/island.tsx): the code waits for the first touch.
      expect(calculatorLoaded(), path).toBe(false);
      if (expected) {
        await page.getByLabel('Quantity').focus();
        await expect.poll(calculatorLoaded).toBe(true);
      }
      await context.close();
    }
  });
});

describe('the total in view', () => {
  it('keeps the total in a bar on screen while the visitor works down the calculator, at 390 and 1280 px', async () => {
    await mkdir(shots, { recursive: true });
    for (const width of [390, 1280]) {
      const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/printing?q=30&c1=2`, { width });
      const bar = page.getByTestId('total-bar');
      const barTotal = page.getByTestId('total-bar-total');
      const total = page.getByTestId('estimate-total');
      expect(await barTotal.textContent()).toBe(await total.textContent());
      // At the top of the form the form goes on below the screen: the bar waits at the bottom of it.
      await scrollToTop(page.getByLabel('Quantity'));
      if (width === 390) {
        const place = await placeOf(bar);
        expect(place.inView).toBe(true);
        expect(place.gapBelow).toBeLessThan(24);
      }
      // Down at the print locations the estimate's own total is out of sight (above it on a desktop, below
      // on a phone); more ink colors change it.
      await scrollToTop(page.getByLabel('Front: ink colors'));
      const before = await barTotal.textContent();
      await page.getByLabel('Front: ink colors').selectOption('4');
      await expect.poll(() => barTotal.textContent()).not.toBe(before);
      expect(await barTotal.textContent()).toBe(await total.textContent());
      expect((await placeOf(bar)).inView).toBe(true);
      expect((await placeOf(total)).inView).toBe(false);
      // A quantity under the minimum: the bar says there is something to fix, and leads to it.
      await page.getByLabel('Quantity').fill('5');
      await expect.poll(() => bar.textContent()).toContain('Not priced yet: one thing to fix.');
      expect(await bar.getByRole('link').getAttribute('href')).toBe('#estimate-heading');
      await page.getByLabel('Quantity').fill('30');
      await scrollToTop(page.getByLabel('Front: ink colors'));
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/calculator-total-bar-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('calculator locations', () => {
  it('starts with one location, adds more up to the limit and removes any, in place with JavaScript', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/printing?q=48&c1=2&garment=own`, {
      width: 390,
    });
    const total = page.getByTestId('estimate-total');
    const add = page.getByRole('button', { name: 'Add another location' });
    expect(await page.getByLabel('Back: ink colors').count()).toBe(0);
    const one = await total.textContent();
    await add.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('c2')).toBe('1');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('c2');
    expect(await total.textContent()).not.toBe(one);
    await page.getByLabel('Back: ink colors').selectOption('3');
    await add.click();
    await add.click();
    await expect.poll(() => page.getByLabel('Right sleeve: ink colors').count()).toBe(1);
    // Four is the most: no button offers a fifth, and the form says why.
    expect(await add.count()).toBe(0);
    expect(await page.getByText('That is the most we decorate: 4 locations per piece.').isVisible()).toBe(true);
    // Removing the back moves the sleeves up: the 3-color print is gone, the others kept.
    await page.getByRole('button', { name: 'Remove location 2' }).click();
    await expect.poll(() => page.getByLabel('Right sleeve: ink colors').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('c2')).toBe('1');
    expect(new URL(page.url()).searchParams.get('c4')).toBeNull();
    expect(await page.getByRole('rowheader', { name: /^Print location 2, 1 color/ }).count()).toBe(1);
    expect(await page.getByRole('rowheader', { name: /3 colors/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds and removes a location without JavaScript, keeping what was typed, and Enter only updates the price', async () => {
    const { page, context } = await openPage(browser(), `${baseUrl}/pricing/printing?q=48&c1=2&garment=own`, {
      javaScript: false,
      width: 390,
    });
    await page.getByLabel('Quantity').fill('60');
    await page.getByRole('button', { name: 'Add another location' }).click();
    await page.waitForURL(/[?&]c2=1(&|$)/);
    expect(await page.getByLabel('Quantity').inputValue()).toBe('60');
    expect(await page.getByLabel('Front: ink colors').inputValue()).toBe('2');
    expect(await page.getByLabel('Back: ink colors').inputValue()).toBe('1');
    // Enter in a field presses the form's first button, which updates the price and removes nothing.
    await page.getByLabel('Quantity').fill('72');
    await page.getByLabel('Quantity').press('Enter');
    await page.waitForURL(/[?&]q=72(&|$)/);
    expect(await page.getByLabel('Back: ink colors').count()).toBe(1);
    expect(new URL(page.url()).searchParams.has('remove')).toBe(false);
    await page.getByRole('button', { name: 'Remove location 2' }).click();
    await page.waitForURL(/[?&]remove=c2(&|$)/);
    expect(await page.getByLabel('Back: ink colors').count()).toBe(0);
    expect(await page.getByLabel('Quantity').inputValue()).toBe('72');
    expect(await page.getByRole('rowheader', { name: /^Print location 2/ }).count()).toBe(0);
    await context.close();
  });
});

describe('embroidery calculator', () => {
  it('asks for the logo width, says the stitches it implies, and speaks of embroidery', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/embroidery`, { width: 390 });
    const width = page.getByLabel('Logo 1: width in inches');
    expect(await width.inputValue()).toBe('3.5');
    expect(await page.locator('#hint-w1').textContent()).toContain('That is about 6,100 stitches.');
    await width.fill('4');
    await expect.poll(() => page.locator('#hint-w1').textContent()).toContain('That is about 8,000 stitches.');
    expect(
      await page.getByRole('rowheader', { name: 'Embroidery location 1, 4 in wide, about 8,000 stitches' }).count(),
    ).toBe(1);
    await expect.poll(() => new URL(page.url()).searchParams.get('w1')).toBe('4');
    // Wider than the price list goes: a custom quote, said beside the field.
    await width.fill('6');
    await expect.poll(() => page.locator('#error-w1').textContent()).toContain('need a custom quote');
    await width.fill('3.5');
    const garment = page.getByLabel('Garment');
    expect(await garment.locator('option[value="own"]').textContent()).toBe('My own garments (embroidery only)');
    expect(await page.locator('#hint-garment').textContent()).toContain('pay only for the embroidery');
    // The quote form's wording: ticked, the design is on file and digitizing goes.
    const digitizing = () => page.getByRole('rowheader', { name: /^Digitizing/ }).count();
    await expect.poll(digitizing).toBe(1);
    await page.getByLabel(/We have embroidered this design for you before/).check();
    await expect.poll(digitizing).toBe(0);
    expect(new URL(page.url()).searchParams.get('repeat')).toBe('1');
    expect(await page.locator('main').textContent()).not.toMatch(
      /print only|pay only for the print|design is new to us/,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
