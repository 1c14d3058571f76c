import { describe, expect, inject, it } from 'vitest';
import type { Flash } from '#server/http/flash-cookie.ts';
import { chromiumForThisFile, openPage, pauseClock } from '#tests/support/browser-page.ts';
import { flashCookieHeader } from '#tests/support/flash-cookie-header.ts';
import { TEST_SERVER_CSRF_SECRET } from '#tests/support/server-process.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

/**
 * The cookie the server sets when a form posted without JavaScript redirects to its next page: signed
 * with the test server's secret, and host-only (`__Host-`, Secure) as in production.
 */
function flashCookie(text: string, type: Flash['type'] = 'success') {
  const header = flashCookieHeader({ csrfSecret: TEST_SERVER_CSRF_SECRET, isProduction: true }, { type, text });
  const [name = '', value = ''] = header.split('=');
  // The https form of the address: Chromium takes a Secure cookie only from a secure origin, and sends it
  // to the loopback server over plain http as it does the `__Host-` cookies that server sets itself.
  return { name, value, url: baseUrl.replace(/^http:/, 'https:'), secure: true };
}

describe('toasts', () => {
  it('appear bottom right in a live region, go after 5000 ms, and can be dismissed', async () => {
    // The page's clock stands still until the test moves it: the 5000 ms are the page's, counted exactly.
    const { page, context, problems } = await openPage(browser(), `${baseUrl}/about-us`, {
      width: 1280,
      pausedClock: true,
    });
    await context.setOffline(true);
    const toast = page.getByText('You are offline.', { exact: false });
    await expect.poll(() => toast.isVisible()).toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: 'You are offline.' }).count()).toBe(1);
    // Bottom right: in the right half and the lower half of the window.
    const box = await toast.boundingBox();
    expect(box?.x).toBeGreaterThan(1280 / 2);
    expect(box?.y).toBeGreaterThan(900 / 2);
    await page.clock.runFor(4900);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(100);
    await expect.poll(() => toast.count()).toBe(0);
    await page.clock.resume();

    await context.setOffline(false);
    const online = page.getByRole('status').filter({ hasText: 'You are back online.' });
    await expect.poll(() => online.count()).toBe(1);
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(() => online.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('flash messages', () => {
  it('show the message a form post handed over, even without JavaScript, and only once', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    await context.addCookies([flashCookie('Thanks! Your message has been sent.')]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/contact-us`);
    expect(await page.getByTestId('flash-message').textContent()).toContain('Thanks! Your message has been sent.');
    await page.reload();
    expect(await page.getByTestId('flash-message').count()).toBe(0);
    await context.close();
  });

  it('with JavaScript, go after 5000 ms or when dismissed', async () => {
    const context = await browser().newContext();
    await context.addCookies([flashCookie('Saved.')]);
    // The page's clock stands still until the test moves it, so the 5000 ms are counted exactly.
    await pauseClock(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/contact-us`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getByTestId('flash-message').isVisible()).toBe(true);
    await page.clock.runFor(4900);
    expect(await page.getByTestId('flash-message').isVisible()).toBe(true);
    await page.clock.runFor(100);
    await expect.poll(() => page.getByTestId('flash-message').count()).toBe(0);
    await page.clock.resume();

    await context.addCookies([flashCookie('Saved again.', 'info')]);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    expect(await page.getByTestId('flash-message').count()).toBe(0);
    await context.close();
  });
});
