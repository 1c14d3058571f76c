/**
 * What each page makes a first visit download, from the existing build: `npm run bundle-report`
 * (measured by scripts/bundle-sizes.ts). Writes reports/bundle.json. Exits 1 when the build is missing
 * or unreadable, and when a route is over budget (tests/e2e/bundle-budget.test.ts fails `npm test` on it).
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

let measured: Awaited<ReturnType<typeof measureBuild>>;
try {
  measured = await measureBuild();
} catch (error) {
  if (!(error instanceof BuildProblem)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { routes, chunks } = measured;

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

const largestJs = routes.reduce((max, route) => (route.jsBytes.brotli > max.jsBytes.brotli ? route : max));
const largestCss = routes.reduce((max, route) => (route.cssBytes.gzip > max.cssBytes.gzip ? route : max));
const misses = budgetMisses(routes);
// Each checked on the route with the most, so it holds for every route.
const budgets = {
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
    'JS chunks of the build:',
    '',
    chunkTable,
    '',
    `Budget: first-load JS ≤ ${kB(BUDGETS.routeJsBrotli)} kB brotli on every public route: ${kB(largestJs.jsBytes.brotli)} kB at most (\`${largestJs.path}\`), ${verdict(budgets.routeJs.met)}.`,
    `Budget: CSS ≤ ${kB(BUDGETS.cssGzip)} kB gzip on every route: ${kB(largestCss.cssBytes.gzip)} kB at most (\`${largestCss.path}\`), ${verdict(budgets.css.met)}.`,
  ].join('\n'),
);

await mkdir('reports', { recursive: true });
const report = {
  date: new Date().toISOString(),
  builtAt,
  units: `bytes; gzip level 9, brotli quality ${BROTLI_QUALITY}, each file compressed on its own`,
  routes,
  chunks,
  budgets,
};
await writeFile('reports/bundle.json', `${JSON.stringify(report, null, 2)}\n`);
if (misses.length > 0) {
  console.error(`\nOver budget:\n${misses.map((line) => `- ${line}`).join('\n')}`);
  process.exitCode = 1;
}
