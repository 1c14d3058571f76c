import { expect, it } from 'vitest';
import { launchChromium } from '#tests/support/chromium.ts';
import { startServer } from '#tests/support/server-process.ts';

it('npm run dev serves the same app through Vite, hydrates cleanly and connects HMR under its CSP', async () => {
  const server = await startServer({ NODE_ENV: 'development', CSRF_SECRET: '' });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    await page.goto(`${server.url}/about-us`);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 20_000 });
    expect(await page.title()).toBe('About us - Seenwear');
    await expect.poll(() => messages.some((text) => text.includes('[vite] connected'))).toBe(true);
    expect(messages.filter((text) => /^(error|warning|pageerror)/.test(text))).toEqual([]);
    expect(server.output()).toMatch(/CSRF_SECRET is not set/);
    // The desk board's script, named by its source path in development, is compiled by Vite.
    const boardScript = await fetch(`${server.url}/client/entry-desk-board.ts`);
    expect(boardScript.status).toBe(200);
    expect(boardScript.headers.get('content-type')).toMatch(/javascript/);
    expect(await boardScript.text()).toContain('enableBoardDrag(document)');
  } finally {
    await browser.close();
    expect(await server.stop()).toBe(0);
  }
}, 60_000);
