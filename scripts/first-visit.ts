/**
 * What a first visit really downloads, measured in Chromium against the production server: every script
 * and stylesheet response of the page, its body as it travelled (brotli, the encoding the server sends to
 * browsers that take it), from the document's request until the network has been quiet for a while after
 * hydration. That includes every island whose code loads without the visitor doing anything (in view at
 * the first paint, or loaded when the browser is idle); an island that waits for a scroll or a touch is not
 * part of it. Each route is opened at a phone's and a desktop's width, and the larger figure counts.
 * Used by `npm run bundle-report` and tests/e2e/bundle-budget.test.ts.
 */
import type { Browser } from 'playwright-core';
import { type PageDefinition, pages } from '#shared/routes.ts';

/** The widths a route is measured at (the tests' and screenshots' phone and desktop), 900 px high. */
export const VIEWPORTS = [390, 1280] as const;
const VIEWPORT_HEIGHT = 900;
/** How long the network must stay quiet after hydration before the visit counts as over. */
const QUIET_MS = 1500;

export interface FirstVisit {
  path: string;
  /** The width whose visit downloaded the most script. */
  width: number;
  /** Each script and stylesheet, as its path and the bytes its body took on the wire. */
  scripts: { file: string; bytes: number }[];
  stylesheets: { file: string; bytes: number }[];
  jsBytes: number;
  cssBytes: number;
  /** The Content-Encoding the scripts came with ("br" unless something is wrong). */
  encodings: string[];
}

/** The public routes as a first visit opens them; the catch-all by an address no page has. */
const firstVisitPaths = (): string[] =>
  (pages as readonly PageDefinition[]).map((page) => (page.path === '*' ? '/no-such-page' : page.path));

async function visitAt(browser: Browser, url: string, width: number): Promise<Omit<FirstVisit, 'path'>> {
  // Chromium asks for brotli only over HTTPS; the production server is reached over plain HTTP here, so the
  // header says what a browser on the real (HTTPS) site says.
  const context = await browser.newContext({
    viewport: { width, height: VIEWPORT_HEIGHT },
    extraHTTPHeaders: { 'accept-encoding': 'br, gzip' },
  });
  try {
    const page = await context.newPage();
    const pending = new Set<string>();
    const finished: Promise<{ kind: 'script' | 'stylesheet'; file: string; bytes: number; encoding: string }>[] = [];
    let lastActivity = Date.now();
    page.on('request', (request) => {
      pending.add(request.url());
      lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => {
      pending.delete(request.url());
      lastActivity = Date.now();
      const kind = request.resourceType();
      if (kind !== 'script' && kind !== 'stylesheet') return;
      finished.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          return {
            kind,
            file: new URL(request.url()).pathname,
            bytes: sizes.responseBodySize,
            encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          };
        })(),
      );
    });
    page.on('requestfailed', (request) => {
      pending.delete(request.url());
      lastActivity = Date.now();
    });
    await page.goto(url);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 20_000 });
    while (pending.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const responses = await Promise.all(finished);
    const of = (kind: 'script' | 'stylesheet') =>
      responses.filter((item) => item.kind === kind).map(({ file, bytes }) => ({ file, bytes }));
    const scripts = of('script');
    const stylesheets = of('stylesheet');
    const sum = (items: { bytes: number }[]) => items.reduce((total, item) => total + item.bytes, 0);
    return {
      width,
      scripts,
      stylesheets,
      jsBytes: sum(scripts),
      cssBytes: sum(stylesheets),
      encodings: [...new Set(responses.filter((item) => item.kind === 'script').map((item) => item.encoding))],
    };
  } finally {
    await context.close();
  }
}

/** Opens `path` at each width in a fresh context (an empty cache), and keeps the heavier visit. */
export async function measureFirstVisit(browser: Browser, baseUrl: string, path: string): Promise<FirstVisit> {
  let heaviest: Omit<FirstVisit, 'path'> | undefined;
  for (const width of VIEWPORTS) {
    const visit = await visitAt(browser, new URL(path, baseUrl).href, width);
    if (!heaviest || visit.jsBytes > heaviest.jsBytes) heaviest = visit;
  }
  if (!heaviest) throw new Error('No viewport to measure at');
  return { path, ...heaviest };
}

/** The routes whose first visit is over the JavaScript budget, each said in a line; empty when none is. */
export function firstVisitMisses(visits: FirstVisit[], limit: number): string[] {
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  return visits
    .filter((visit) => visit.jsBytes > limit)
    .map(
      (visit) =>
        `${visit.path}: ${kB(visit.jsBytes)} kB of JavaScript on a first visit at ${visit.width} px (brotli, as sent), over ${kB(limit)} kB`,
    );
}

/** Every public route's first visit, one after the other (one Chromium, a fresh context per visit). */
export async function measureFirstVisits(browser: Browser, baseUrl: string): Promise<FirstVisit[]> {
  const visits: FirstVisit[] = [];
  for (const path of firstVisitPaths()) visits.push(await measureFirstVisit(browser, baseUrl, path));
  return visits;
}
