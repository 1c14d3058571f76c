/**
 * What each page makes a first visit download, from the existing build: `npm run bundle-report`. Two
 * measures: what the server's tags load before the page hydrates (from the manifest, scripts/bundle-sizes.ts),
 * and what a first visit really downloads, measured in Chromium against the production server
 * (scripts/first-visit.ts), up to hydration and after it without a touch; the JavaScript budgets are
 * checked on the second. Writes reports/bundle.json. Exits 1 when the build is missing or unreadable, and when a route is
 * over budget (tests/e2e/bundle-budget.test.ts fails `npm test` on it).
 */
import { statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import {
  BROTLI_QUALITY,
  BUDGETS,
  BuildProblem,
  budgetMisses,
  KB,
  MANIFEST,
  measureBuild,
  type RouteBundle,
} from '#scripts/bundle-sizes.ts';
import { type FirstVisit, firstVisitMisses, measureFirstVisits, VIEWPORTS } from '#scripts/first-visit.ts';
import { launchChromium } from '#tests/support/chromium.ts';
import { startServer } from '#tests/support/server-process.ts';

let measured: Awaited<ReturnType<typeof measureBuild>>;
try {
  measured = await measureBuild();
} catch (error) {
  if (!(error instanceof BuildProblem)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { routes, chunks } = measured;

// The first visits, against the production server this build makes.
const server = await startServer({}, { captureStdout: false });
let visits: FirstVisit[];
try {
  const browser = await launchChromium();
  try {
    visits = await measureFirstVisits(browser, server.url);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

const kB = (bytes: number) => (bytes / KB).toFixed(1);
const routeLabel = (route: RouteBundle) =>
  route.path === '*' ? '`*` (404)' : `\`${route.path}\`${route.routeModule ? '' : ' (no lazy module)'}`;

const routeTable = [
  '| Route | JS files | JS raw (kB) | JS gzip (kB) | JS brotli (kB) | CSS raw (kB) | CSS gzip (kB) | CSS brotli (kB) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...routes.map(
    (r) =>
      `| ${routeLabel(r)} | ${r.js.length} | ${kB(r.jsBytes.raw)} | ${kB(r.jsBytes.gzip)} | ${kB(r.jsBytes.brotli)} | ${kB(r.cssBytes.raw)} | ${kB(r.cssBytes.gzip)} | ${kB(r.cssBytes.brotli)} |`,
  ),
].join('\n');

const everyRoute = routes.length;
const chunkTable = [
  '| Chunk | Raw (kB) | Gzip (kB) | Brotli (kB) | Loaded on first visit by |',
  '| --- | ---: | ---: | ---: | --- |',
  ...chunks.map((c) => {
    const by =
      c.loadedBy.length === everyRoute
        ? 'every route'
        : c.loadedBy.length === 0
          ? 'none on first load (a lazy page or a dynamic import)'
          : c.loadedBy.map((path) => `\`${path}\``).join(', ');
    return `| \`${c.file}\` | ${kB(c.raw)} | ${kB(c.gzip)} | ${kB(c.brotli)} | ${by} |`;
  }),
].join('\n');

const visitTable = [
  '| Route | Scripts | JS brotli to hydration (kB) | CSS (kB) | Heavier at | After hydration, unprompted (kB) | Its scripts |',
  '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ...visits.map((visit) => {
    const { afterHydration: after } = visit;
    const later = after.scripts.map((script) => `\`${script.file.replace('/assets/', '')}\` ${kB(script.bytes)}`);
    return `| \`${visit.path}\` | ${visit.scripts.length} | ${kB(visit.jsBytes)} | ${kB(visit.cssBytes)} | ${visit.width} px | ${kB(after.jsBytes)} (${after.width} px) | ${later.join(', ') || 'none'} |`;
  }),
].join('\n');
const heaviestVisit = visits.reduce((max, visit) => (visit.jsBytes > max.jsBytes ? visit : max));
const heaviestAfter = visits.reduce((max, visit) =>
  visit.afterHydration.jsBytes > max.afterHydration.jsBytes ? visit : max,
);
const visitMisses = firstVisitMisses(visits, {
  firstLoad: BUDGETS.routeJsBrotli,
  afterHydration: BUDGETS.afterHydrationJsBrotli,
});

const largestJs = routes.reduce((max, route) => (route.jsBytes.brotli > max.jsBytes.brotli ? route : max));
const largestCss = routes.reduce((max, route) => (route.cssBytes.gzip > max.cssBytes.gzip ? route : max));
// The JavaScript budget is the first visit's; the manifest's figures stay for the CSS budget and to compare.
const misses = [...visitMisses, ...budgetMisses(routes).filter((line) => line.includes('of CSS'))];
// Each checked on the route with the most, so it holds for every route.
const budgets = {
  firstVisitJs: {
    limitBrotliBytes: BUDGETS.routeJsBrotli,
    brotliBytes: heaviestVisit.jsBytes,
    route: heaviestVisit.path,
    met: heaviestVisit.jsBytes <= BUDGETS.routeJsBrotli,
  },
  afterHydrationJs: {
    limitBrotliBytes: BUDGETS.afterHydrationJsBrotli,
    brotliBytes: heaviestAfter.afterHydration.jsBytes,
    route: heaviestAfter.path,
    met: heaviestAfter.afterHydration.jsBytes <= BUDGETS.afterHydrationJsBrotli,
  },
  routeJs: {
    limitBrotliBytes: BUDGETS.routeJsBrotli,
    brotliBytes: largestJs.jsBytes.brotli,
    route: largestJs.path,
    met: largestJs.jsBytes.brotli <= BUDGETS.routeJsBrotli,
  },
  css: {
    limitGzipBytes: BUDGETS.cssGzip,
    gzipBytes: largestCss.cssBytes.gzip,
    route: largestCss.path,
    met: largestCss.cssBytes.gzip <= BUDGETS.cssGzip,
  },
};
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

let builtAt = '';
try {
  builtAt = statSync(MANIFEST).mtime.toISOString();
} catch {
  // Only shown for context.
}

console.log(
  [
    `First-load assets per route, build of ${builtAt} (kB = 1000 bytes; gzip level 9, brotli quality ${BROTLI_QUALITY}, the precompressed copies the server sends; each file compressed on its own).`,
    '',
    routeTable,
    '',
    `What a first visit downloads, measured in Chromium at ${VIEWPORTS.join(' and ')} px (the heavier counts), as sent (brotli): up to \`html[data-hydrated]\` (the first load: entry, framework, the route's chunks, the islands that start with the page), and after it until the network is quiet, without a touch (enhancements such as Splide).`,
    '',
    visitTable,
    '',
    'JS chunks of the build:',
    '',
    chunkTable,
    '',
    `Budget: JS of a first visit up to hydration ≤ ${kB(BUDGETS.routeJsBrotli)} kB brotli on every public route: ${kB(heaviestVisit.jsBytes)} kB at most (\`${heaviestVisit.path}\`), ${verdict(budgets.firstVisitJs.met)}.`,
    `Budget: JS after hydration, unprompted ≤ ${kB(BUDGETS.afterHydrationJsBrotli)} kB brotli on every public route: ${kB(heaviestAfter.afterHydration.jsBytes)} kB at most (\`${heaviestAfter.path}\`), ${verdict(budgets.afterHydrationJs.met)}.`,
    `(Before hydration, from the manifest: ${kB(largestJs.jsBytes.brotli)} kB at most, \`${largestJs.path}\`.)`,
    `Budget: CSS ≤ ${kB(BUDGETS.cssGzip)} kB gzip on every route: ${kB(largestCss.cssBytes.gzip)} kB at most (\`${largestCss.path}\`), ${verdict(budgets.css.met)}.`,
  ].join('\n'),
);

await mkdir('reports', { recursive: true });
const report = {
  date: new Date().toISOString(),
  builtAt,
  units: `bytes; gzip level 9, brotli quality ${BROTLI_QUALITY}, each file compressed on its own`,
  routes,
  firstVisits: visits,
  chunks,
  budgets,
};
await writeFile('reports/bundle.json', `${JSON.stringify(report, null, 2)}\n`);
if (misses.length > 0) {
  console.error(`\nOver budget:\n${misses.map((line) => `- ${line}`).join('\n')}`);
  process.exitCode = 1;
}
