import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.ts';
import { keepingHtmlAsSent } from './html-as-sent.ts';

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
  {
    width = 1280,
    javaScript = true,
    pausedClock = false,
  }: {
    width?: number;
    javaScript?: boolean;
    /**
     * The page's clock (timers, animation frames, Date) stands still from its first script on, and moves
     * only when the test moves it (page.clock.runFor) or lets it run again (page.clock.resume): a test of
     * something that happens after 5000 ms takes no 5 s, and one that nothing happens sleeps not at all.
     */
    pausedClock?: boolean;
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript });
  if (pausedClock) await pauseClock(context);
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

/** Fakes the context's clock and stops it, before any page of it runs a script. */
export async function pauseClock(context: BrowserContext): Promise<void> {
  const start = Date.now();
  await context.clock.install({ time: start });
  await context.clock.pauseAt(start);
}

/** One Chromium for the tests of a file: launched before them, closed after. */
export function chromiumForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Every page the tests open is also checked as valid HTML once they are done (html-checker.ts).
    browser = keepingHtmlAsSent(await launchChromium());
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: call browser() inside a test');
    return browser;
  };
}
