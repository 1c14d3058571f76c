import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';
import { holdChunks } from '#tests/support/hold-chunks.ts';

// The islands (client/components/island.tsx): parts of a page whose code waits for the visitor, while the
// server's HTML stands in for them and keeps what the visitor types.
const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();
const shots = 'reports/screenshots';

/** The scripts the page has asked for so far, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.replace('/assets/', ''));
  });
  return scripts;
}

const islandState = (page: Page, inside: string) =>
  page.locator(inside).evaluate((element) => element.closest('[data-island]')?.getAttribute('data-island'));

/** The data files the page's HTML carries (shared/page-data.ts). */
const embeddedFiles = (page: Page) =>
  page.locator('#app-state').evaluate((element) => Object.keys(JSON.parse(element.textContent ?? '{}').site ?? {}));

describe('islands wait for the visitor', () => {
  it.each([390, 1280])(
    'the quote form on /pricing loads its code at the first touch, and keeps what was typed before it came (%i px)',
    async (width) => {
      await mkdir(shots, { recursive: true });
      const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing`, { width });
      const scripts = scriptsOf(page);
      await page.screenshot({ path: `${shots}/islands-pricing-${width}-before.png`, fullPage: true });
      // Scrolled through without a touch: the form's code is not asked for.
      await page.getByLabel('Your name').scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((script) => /^carried-quote-form-/.test(script))).toEqual([]);
      expect(await islandState(page, 'form[action="/pricing"]')).toBe('dormant');

      const release = await holdChunks(page, /\/carried-quote-form-[\w-]+\.js$/);
      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.getByLabel('E-mail').fill('ada@example.com');
      await page.getByLabel('Service').selectOption('embroidery');
      await expect.poll(() => scripts.some((script) => /^carried-quote-form-/.test(script))).toBe(true);
      expect(await islandState(page, 'form[action="/pricing"]')).toBe('loading');
      release();
      await expect.poll(() => islandState(page, 'form[action="/pricing"]')).toBe('hydrated');
      await page.waitForLoadState('networkidle');
      // The form's state took the choice made before its code came: embroidery's fields and garment.
      await expect.poll(() => page.locator('#quote-loc1Width').count()).toBe(1);
      expect(await page.getByLabel('Garment', { exact: true }).inputValue()).toBe('gildan-18500');
      expect(await page.getByLabel('Service').inputValue()).toBe('embroidery');
      // And the typing survived hydration and the form's own renders since.
      expect(await page.getByLabel('Your name').inputValue()).toBe('Ada Lovelace');
      expect(await page.getByLabel('E-mail').inputValue()).toBe('ada@example.com');
      await page.screenshot({ path: `${shots}/islands-pricing-${width}-after.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it.each([390, 1280])(
    'on /pricing/dtg the calculator and the tables wait for a touch, and what was typed before the code came is priced (%i px)',
    async (width) => {
      await mkdir(shots, { recursive: true });
      const { page, context, problems } = await openPage(browser(), `${baseUrl}/pricing/dtg`, { width });
      const scripts = scriptsOf(page);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${shots}/islands-dtg-${width}-before.png`, fullPage: false });
      // On the first screen, and still its code waits: the server's HTML is the calculator until touched.
      expect(await islandState(page, '#field-q')).toBe('dormant');
      // Nor is the price file in the page: what reads it (the explanations, calculator, tables, questions) waits.
      expect((await embeddedFiles(page)).sort()).toEqual(['config', 'media', 'services']);
      expect(scripts.filter((script) => /^(calculator|price-calculator)-/.test(script))).toEqual([]);
      // The complete price list is plain markup: scrolled to, its code is not asked for.
      await page.locator('#tables-heading').scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await islandState(page, '#tables-heading + * table >> nth=0')).toBe('dormant');
      expect(scripts.filter((script) => /^(price-tables|calculator)-/.test(script))).toEqual([]);

      const before = await page.getByTestId('estimate-total').textContent();
      const release = await holdChunks(page, /\/calculator-[\w-]+\.js$/);
      await page.getByLabel('Quantity').fill('200');
      await expect.poll(() => scripts.some((script) => /^calculator-/.test(script))).toBe(true);
      // Typed before the code came: the server's estimate still stands, and the field keeps the digits.
      expect(await page.getByTestId('estimate-total').textContent()).toBe(before);
      expect(await islandState(page, '#field-q')).toBe('loading');
      release();
      await expect.poll(() => islandState(page, '#field-q')).toBe('hydrated');
      await expect.poll(() => page.getByTestId('estimate-summary').textContent()).toContain('200 pieces');
      expect(await page.getByLabel('Quantity').inputValue()).toBe('200');
      expect(await page.getByTestId('estimate-total').textContent()).not.toBe(before);
      expect(new URL(page.url()).searchParams.get('q')).toBe('200');
      // Hydrated, it works as it always has: the next keystroke prices at once.
      await page.getByLabel('Quantity').fill('20');
      await expect.poll(() => page.getByTestId('estimate-summary').textContent()).toContain('20 pieces');
      await page.screenshot({ path: `${shots}/islands-dtg-${width}-after.png`, fullPage: false });

      // The calculator's new search params reach every island: the tables hydrate too (island.tsx).
      await expect.poll(() => islandState(page, '#tables-heading + * table >> nth=0')).toBe('hydrated');
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it.each(['/pricing/printing', '/pricing/embroidery?q=48&w1=3.5'])(
    'on %s the calculator hydrated at the first touch shows the same price and date it came with',
    async (path) => {
      const { page, context, problems } = await openPage(browser(), `${baseUrl}${path}`, { width: 1280 });
      const calculator = page.locator('section[aria-labelledby="calculator-heading"]');
      // biome-ignore lint/performance/useDomNodeTextContent: what shows on the screen, hidden fields left out.
      const served = await calculator.innerText();
      expect(served).toMatch(/in your hands by [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}/);
      // A focus alone changes nothing in the form: hydration must change nothing on the screen either,
      // nor once the shop has been asked for the date again.
      const asked = page.waitForResponse((response) => response.url().includes('/api/dates?'));
      await page.getByLabel('Quantity').focus();
      await expect.poll(() => islandState(page, '#field-q')).toBe('hydrated');
      expect((await asked).status()).toBe(200);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      // biome-ignore lint/performance/useDomNodeTextContent: what shows on the screen, as above.
      expect(await calculator.innerText()).toBe(served);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('the quote form’s page carries no price file: they come with its code, and without them the form still posts', async () => {
    const url = `${baseUrl}/pricing?service=screen-printing&q=48&c1=2&garment=gildan-5000`;
    const { page, context, problems } = await openPage(browser(), url, { width: 1280 });
    expect(await embeddedFiles(page)).toEqual(['config', 'media']);
    // The server priced the order all the same.
    const estimate = page.getByTestId('carried-estimate');
    expect(await estimate.textContent()).toContain('48 pieces');

    // Touched, the form asks for the files it reads with its code, and prices each keystroke.
    const terms = page.waitForResponse((response) => response.url().endsWith('/data/order-terms.json'));
    await page.getByLabel('2XL', { exact: true }).fill('2');
    expect((await terms).status()).toBe(200);
    await expect.poll(() => islandState(page, 'form[action="/pricing"]')).toBe('hydrated');
    await expect.poll(() => estimate.textContent()).toContain('50 pieces');
    expect(await page.getByTestId('pieces-total').textContent()).toBe('Total: 50 pieces');
    expect(problems).toEqual([]);

    // Where those files cannot be fetched, the form stays the server's and posts as it does without JavaScript.
    const offline = await openPage(browser(), url, { width: 390 });
    await offline.page.route(/\/data\/[\w-]+\.json$/, (route) => route.abort());
    await offline.page.getByLabel('2XL', { exact: true }).fill('2');
    await offline.page.waitForLoadState('networkidle');
    expect(await islandState(offline.page, 'form[action="/pricing"]')).not.toBe('hydrated');
    await offline.page.getByRole('button', { name: 'Send my quote request' }).click();
    // Posted without a name or an e-mail: the server's answer keeps what was typed and says what is missing,
    // at the form's own address.
    await offline.page.waitForURL(`${baseUrl}/pricing`);
    expect(await offline.page.getByLabel('2XL', { exact: true }).inputValue()).toBe('2');
    expect(await offline.page.getByTestId('form-errors').textContent()).toContain('fields need your attention');
    expect(await offline.page.getByLabel('Your name').getAttribute('aria-invalid')).toBe('true');
    await offline.context.close();
    await context.close();
  });

  it('a carousel near the screen loads with the page; the parts below wait', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/`, { width: 390 });
    expect(await islandState(page, '.home-carousel')).toBe('hydrated');
    expect(await islandState(page, 'footer dl')).toBe('dormant');
    expect(problems).toEqual([]);
    await context.close();
  });
});
