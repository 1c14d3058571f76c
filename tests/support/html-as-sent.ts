import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Response } from 'playwright-core';

/**
 * Every HTML document the site sends to the browser tests is kept here, once per distinct body, for the
 * HTML checker that runs after them (tests/support/html-checker.ts): the pages the tests reach by
 * walking the journeys (the desk, the customer's page, the invoice, the group pages, the forms'
 * answers with and without JavaScript) are the pages a visitor gets.
 */
export const HTML_AS_SENT_DIR = 'reports/html-as-sent';

/** Only the site's own pages: they carry its CSP; the Stripe stand-in's pages do not. */
async function keepDocument(response: Response): Promise<void> {
  if (response.request().resourceType() !== 'document') return;
  const headers = response.headers();
  if (!headers['content-type']?.startsWith('text/html') || !headers['content-security-policy']) return;
  let body: Buffer;
  try {
    body = await response.body();
  } catch {
    // A document replaced by a navigation before its body was read: the next one is kept instead.
    return;
  }
  const url = new URL(response.url());
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const name = `${url.pathname.replace(/[^\w-]+/g, '_').slice(0, 80)}-${digest}.html`;
  mkdirSync(HTML_AS_SENT_DIR, { recursive: true });
  writeFileSync(join(HTML_AS_SENT_DIR, name), body);
  writeFileSync(join(HTML_AS_SENT_DIR, `${name}.url`), `${response.status()} ${url.pathname}${url.search}\n`);
}

function keepDocumentsOf(context: BrowserContext): BrowserContext {
  context.on('response', (response) => {
    void keepDocument(response);
  });
  return context;
}

/** The browser, with every context it opens (with or without JavaScript) keeping the site's documents. */
export function keepingHtmlAsSent(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options) => keepDocumentsOf(await newContext(...options));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...options) => {
    const page = await newPage(...options);
    keepDocumentsOf(page.context());
    return page;
  };
  return browser;
}
