import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '#tests/support/chromium.ts';

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, and uncaught exceptions, in the order they happened. */
  problems: string[];
}

/** A fresh context per page (axe needs browser.newContext pages), recording everything that goes wrong. */
export async function openPage(
  browser: Browser,
  url: string,
  { width = 1280, javaScript = true }: { width?: number; javaScript?: boolean } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // Chromium reports the 404 status of the 404 page itself; that status is the point of the page.
    if (/status of 404/.test(message.text()) && message.location().url === url) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // A blocked eval or inline script is not always logged to the console (a library may catch the
  // throw), but Chromium still reports it, and Lighthouse's best-practices audit fails on it.
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  await page.goto(url);
  if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
  return { page, context, problems };
}

/** One Chromium for the tests of a file: launched before them, closed after. */
export function chromiumForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: call browser() inside a test');
    return browser;
  };
}
