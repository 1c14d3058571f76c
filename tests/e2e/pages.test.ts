import AxeBuilder from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import { CSRF_HEADER, CSRF_TOKEN_PATH, csrfCookieNames } from '#shared/csrf-contract.ts';
import { pages } from '#shared/routes.ts';
import { chromiumForThisFile, openPage } from '#tests/support/browser-page.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

const routes = [
  ...pages
    .filter((page) => page.path !== '*')
    .map((page) => ({
      path: page.path,
      title: page.id === 'home' ? /Seen by Everyone\.$/ : new RegExp(`^${page.name} - Seenwear$`),
    })),
  { path: '/no-such-page', title: /^404 Page not found - Seenwear$/ },
];

describe.each([390, 1280])('every route at %i px', (width) => {
  it.each(routes)(
    '$path renders, hydrates with no console problem and has no axe violation',
    async ({ path, title }) => {
      const { page, context, problems } = await openPage(browser(), `${baseUrl}${path}`, { width });
      try {
        expect(await page.title()).toMatch(title);
        await expect.poll(() => page.locator('h1').count()).toBe(1);
        const axe = await new AxeBuilder({ page }).analyze();
        expect(
          axe.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`),
        ).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('after hydration', () => {
  it.each([
    { path: '/about-us', returning: false },
    { path: '/contact-us', returning: false },
    { path: '/contact-us', returning: true },
  ])(
    '$path fetches the six data files with the JSON accept header, sets no cookie, and sends the token only where the browser has one (returning: $returning)',
    async ({ path, returning }) => {
      const context = await browser().newContext();
      const page = await context.newPage();
      if (returning) {
        // A returning visitor kept the cookies its browser's client got before it last sent a form.
        await page.goto(`${baseUrl}/about-us`);
        expect(await page.evaluate(async (url) => (await fetch(url)).status, CSRF_TOKEN_PATH)).toBe(204);
        // That page's own data files are fetched and done before the listener below counts any.
        await page.waitForSelector('html[data-hydrated="true"]');
        await page.waitForLoadState('networkidle');
      }
      const before = await context.cookies();
      const requests: { url: string; accept?: string; token?: string }[] = [];
      page.on('request', (req) => {
        if (!req.url().includes('/data/')) return;
        const headers = req.headers();
        requests.push({
          url: new URL(req.url()).pathname,
          accept: headers.accept,
          token: headers[CSRF_HEADER.toLowerCase()],
        });
      });
      await page.goto(`${baseUrl}${path}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await expect.poll(() => requests.length).toBe(6);
      // Every page, a form's included, is the same for everyone: it sets no cookie and renews none.
      expect(await context.cookies()).toEqual(before);
      const cookie = before.find((item) => item.name === csrfCookieNames(true).token);
      expect(cookie === undefined).toBe(!returning);
      expect(requests.map((item) => item.url).sort()).toEqual(
        ['config', 'direct-to-garment', 'embroidery', 'media', 'screen-printing', 'services'].map(
          (key) => `/data/${key}.json`,
        ),
      );
      for (const item of requests) {
        expect(item.accept).toBe('application/json');
        expect(item.token).toBe(cookie?.value);
      }
      await context.close();
    },
  );

  it('keeps the page working when the data files cannot be fetched', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.route('**/data/*.json', (route) => route.abort());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('link', { name: 'About us' }).last().click();
    await expect.poll(() => page.title()).toBe('About us - Seenwear');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('data per page', () => {
  it('a page reached by a link fetches the data files the first page did not carry, in the same document', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/contact-us`);
    const embedded = await page.evaluate(() =>
      Object.keys(JSON.parse(document.getElementById('app-state')?.textContent ?? '{}').site).sort(),
    );
    // The contact page carries only what its header, footer and head read; no garment catalogue.
    expect(embedded).toEqual(['config', 'media']);
    const documents: string[] = [];
    const data: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(req.url());
      if (req.url().includes('/data/')) data.push(new URL(req.url()).pathname);
    });
    await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => page.title()).toBe('Questions and answers - Seenwear');
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(3);
    expect(data).toContain('/data/faq.json');
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads the page whole when its data files cannot be fetched on the way', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.route('**/data/*.json', (route) => route.abort());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/about-us`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => page.title()).toBe('Questions and answers - Seenwear');
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(3);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('client navigation', () => {
  it('follows links without reloading the document, and back and forward work', async () => {
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/`);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const documents: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(req.url());
    });
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'About us' }).click();
    await expect.poll(() => page.title()).toBe('About us - Seenwear');
    expect(new URL(page.url()).pathname).toBe('/about-us');
    await footer.getByRole('link', { name: 'Embroidery' }).click();
    await expect.poll(() => page.title()).toBe('Embroidery pricing - Seenwear');
    await expect
      .poll(() => page.locator('link[rel=canonical]').getAttribute('href'))
      .toBe(`${baseUrl}/pricing/embroidery`);

    await page.goBack();
    await expect.poll(() => page.title()).toBe('About us - Seenwear');
    await page.goBack();
    await expect.poll(() => page.title()).toMatch(/Seen by Everyone\.$/);
    await page.goForward();
    await expect.poll(() => page.title()).toBe('About us - Seenwear');

    expect(documents).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it.each(routes)('$path can be read', async ({ path, title }) => {
    const { page, context } = await openPage(browser(), `${baseUrl}${path}`, { javaScript: false });
    expect(await page.title()).toMatch(title);
    await expect.poll(() => page.locator('h1').isVisible()).toBe(true);
    expect(await page.locator('footer').getByRole('link', { name: 'Contact us' }).isVisible()).toBe(true);
    await context.close();
  });
});
