/**
 * What a first visit really downloads, measured in Chromium against the production server: every script
 * and stylesheet response of the page, its body as it travelled (brotli, the encoding the server sends to
 * browsers that take it), from the document's request until the network has been quiet for a while after
 * hydration, in two parts (docs/performance.md, "First load ends at hydration"):
 *
 * - the first load: what was requested before the page marked itself hydrated (`html[data-hydrated]`,
 *   which waits for the islands that start with the page), the code a page needs before it is interactive;
 * - after hydration, unprompted: what was requested later without the visitor doing anything (an
 *   enhancement such as the carousels' Splide), which a phone still downloads, so it has a budget too.
 *
 * An island that waits for a scroll or a touch is in neither. Each route is opened at a phone's and a
 * desktop's width, and the larger figure of each part counts.
 * Used by `npm run bundle-report` and tests/e2e/bundle-budget.test.ts.
 */
import type { Browser } from 'playwright-core';
import { type PageDefinition, pages } from '#shared/routes.ts';

/** The widths a route is measured at (the tests' and screenshots' phone and desktop), 900 px high. */
export const VIEWPORTS = [390, 1280] as const;
const VIEWPORT_HEIGHT = 900;
/** How long the network must stay quiet after hydration before the visit counts as over. */
const QUIET_MS = 1500;

/** A script or stylesheet, as its path and the bytes its body took on the wire. */
interface Download {
  file: string;
  bytes: number;
}

export interface FirstVisit {
  path: string;
  /** The width whose visit downloaded the most script before hydration. */
  width: number;
  /** What was requested before the page was hydrated: its first load. */
  scripts: Download[];
  stylesheets: Download[];
  jsBytes: number;
  cssBytes: number;
  /** The scripts requested after hydration without a touch, at the width where they weighed most. */
  afterHydration: { width: number; scripts: Download[]; jsBytes: number };
  /** The Content-Encoding the scripts came with ("br" unless something is wrong). */
  encodings: string[];
}

type VisitAtWidth = Omit<FirstVisit, 'path' | 'afterHydration'> & { later: Download[]; laterBytes: number };

/**
 * Notes, in the page, when `html[data-hydrated]` is set (on the page's performance clock, as the resource
 * timings are). Run before the page's own scripts, when the document has no element yet.
 */
function watchHydration() {
  const observer = new MutationObserver(() => {
    if (document.documentElement?.dataset.hydrated !== 'true') return;
    (window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
}

/** The public routes as a first visit opens them; the catch-all by an address no page has. */
const firstVisitPaths = (): string[] =>
  (pages as readonly PageDefinition[]).map((page) => (page.path === '*' ? '/no-such-page' : page.path));

async function visitAt(browser: Browser, url: string, width: number): Promise<VisitAtWidth> {
  // Chromium asks for brotli only over HTTPS; the production server is reached over plain HTTP here, so the
  // header says what a browser on the real (HTTPS) site says.
  const context = await browser.newContext({
    viewport: { width, height: VIEWPORT_HEIGHT },
    extraHTTPHeaders: { 'accept-encoding': 'br, gzip' },
  });
  try {
    await context.addInitScript(watchHydration);
    const page = await context.newPage();
    const pending = new Set<string>();
    const finished: Promise<{
      kind: 'script' | 'stylesheet';
      url: string;
      file: string;
      bytes: number;
      encoding: string;
    }>[] = [];
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
            url: request.url(),
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
    // When each request started, on the page's clock: before the hydration mark it was part of the first load.
    const { hydratedAt, started } = await page.evaluate(() => ({
      hydratedAt: (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? Number.POSITIVE_INFINITY,
      started: performance
        .getEntriesByType('resource')
        .map((entry) => [entry.name, entry.startTime] as [string, number]),
    }));
    const startOf = new Map(started);
    // A response the page's timeline does not list counts as first load: the stricter side.
    const beforeHydration = (url: string) => (startOf.get(url) ?? 0) < hydratedAt;
    const of = (kind: 'script' | 'stylesheet', early: boolean) =>
      responses
        .filter((item) => item.kind === kind && beforeHydration(item.url) === early)
        .map(({ file, bytes }) => ({ file, bytes }));
    const scripts = of('script', true);
    const stylesheets = of('stylesheet', true);
    const later = of('script', false);
    const sum = (items: { bytes: number }[]) => items.reduce((total, item) => total + item.bytes, 0);
    return {
      width,
      scripts,
      stylesheets,
      jsBytes: sum(scripts),
      cssBytes: sum(stylesheets),
      later,
      laterBytes: sum(later),
      encodings: [...new Set(responses.filter((item) => item.kind === 'script').map((item) => item.encoding))],
    };
  } finally {
    await context.close();
  }
}

/**
 * Opens `path` at each width in a fresh context (an empty cache), and keeps the heavier first load and,
 * apart, the heavier download after hydration.
 */
export async function measureFirstVisit(browser: Browser, baseUrl: string, path: string): Promise<FirstVisit> {
  const visits: VisitAtWidth[] = [];
  for (const width of VIEWPORTS) visits.push(await visitAt(browser, new URL(path, baseUrl).href, width));
  const heaviest = (weight: (visit: VisitAtWidth) => number) =>
    visits.reduce((max, visit) => (weight(visit) > weight(max) ? visit : max));
  if (visits.length === 0) throw new Error('No viewport to measure at');
  const first = heaviest((visit) => visit.jsBytes);
  const after = heaviest((visit) => visit.laterBytes);
  return {
    path,
    width: first.width,
    scripts: first.scripts,
    stylesheets: first.stylesheets,
    jsBytes: first.jsBytes,
    cssBytes: first.cssBytes,
    afterHydration: { width: after.width, scripts: after.later, jsBytes: after.laterBytes },
    encodings: [...new Set(visits.flatMap((visit) => visit.encodings))],
  };
}

/**
 * The routes over either JavaScript budget (the first load's, and what comes after hydration without a
 * touch), each said in a line; empty when none is.
 */
export function firstVisitMisses(
  visits: FirstVisit[],
  limits: { firstLoad: number; afterHydration: number },
): string[] {
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  return visits.flatMap((visit) => [
    ...(visit.jsBytes > limits.firstLoad
      ? [
          `${visit.path}: ${kB(visit.jsBytes)} kB of JavaScript before hydration at ${visit.width} px (brotli, as sent), over ${kB(limits.firstLoad)} kB`,
        ]
      : []),
    ...(visit.afterHydration.jsBytes > limits.afterHydration
      ? [
          `${visit.path}: ${kB(visit.afterHydration.jsBytes)} kB of JavaScript after hydration, unprompted, at ${visit.afterHydration.width} px (brotli, as sent), over ${kB(limits.afterHydration)} kB`,
        ]
      : []),
  ]);
}

/** Every public route's first visit, one after the other (one Chromium, a fresh context per visit). */
export async function measureFirstVisits(browser: Browser, baseUrl: string): Promise<FirstVisit[]> {
  const visits: FirstVisit[] = [];
  for (const path of firstVisitPaths()) visits.push(await measureFirstVisit(browser, baseUrl, path));
  return visits;
}
