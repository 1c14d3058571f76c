/**
 * What each page makes a first visit download, from the existing build: `npm run bundle-report`.
 * The files per route come from the server's own resolver (server/pages/asset-manifest.ts), so the figures are
 * those of the tags the server writes: the entry, every chunk statically imported from it and from the
 * matched route module, that module, and their CSS. Writes reports/bundle.json.
 * Exits 1 only when the build is missing or unreadable: a budget miss is a figure to report.
 */
import { statSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { createManifestResolver, readManifest, type ViteManifest } from '#server/pages/asset-manifest.ts';
import { type PageDefinition, type PageId, pageModulePath, pages } from '#shared/routes.ts';

const CLIENT_DIR = 'dist/client';
const MANIFEST = `${CLIENT_DIR}/.vite/manifest.json`;
const KB = 1000;
const BUDGETS = { homeJsGzip: 100 * KB, cssGzip: 20 * KB };
// What the server sends: the build's precompressed copies (scripts/precompress.ts); a file too small to
// have one is compressed here the same way (brotli 11, gzip 9) so its row is still comparable.
const BROTLI_QUALITY = 11;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

interface RouteBundle {
  id: PageId;
  path: string;
  routeModule: string | null;
  js: string[];
  css: string[];
  jsBytes: Sizes;
  cssBytes: Sizes;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let manifest: ViteManifest;
try {
  manifest = await readManifest(MANIFEST);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  fail(
    code === 'ENOENT'
      ? `No build in ${CLIENT_DIR} (${MANIFEST} is missing): run \`npm run build\` first.`
      : `Cannot read ${MANIFEST}: ${(error as Error).message}. Run \`npm run build\` again.`,
  );
}

// The resolver skips keys it does not know, which would quietly shrink a route: a build older than the
// route table must be rebuilt instead.
const missing = pages
  .filter((page: PageDefinition) => !page.eager && !manifest[pageModulePath(page.id)])
  .map((page) => page.id);
if (missing.length > 0) {
  fail(`The build has no chunk for ${missing.join(', ')}: it is older than shared/routes.ts. Run \`npm run build\`.`);
}

let resolver: ReturnType<typeof createManifestResolver>;
try {
  // An empty base makes the resolver's URLs paths relative to dist/client.
  resolver = createManifestResolver(manifest, '');
} catch (error) {
  fail(`${(error as Error).message} (${MANIFEST}).`);
}

const sizeCache = new Map<string, Sizes>();
async function sizesOf(file: string): Promise<Sizes> {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  let body: Buffer;
  try {
    body = await readFile(`${CLIENT_DIR}/${file}`);
  } catch (error) {
    fail(`The manifest lists ${file}, which cannot be read (${(error as Error).message}): run \`npm run build\`.`);
  }
  const precompressed = async (suffix: string) =>
    (await stat(`${CLIENT_DIR}/${file}${suffix}`).catch(() => undefined))?.size;
  const sizes = {
    raw: body.length,
    gzip: (await precompressed('.gz')) ?? gzipSync(body, { level: 9 }).length,
    brotli:
      (await precompressed('.br')) ??
      brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }).length,
  };
  sizeCache.set(file, sizes);
  return sizes;
}

// Each file is compressed on its own, as it travels: the sum is what a first visit downloads.
async function total(files: string[]): Promise<Sizes> {
  const sum: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = await sizesOf(file);
    sum.raw += sizes.raw;
    sum.gzip += sizes.gzip;
    sum.brotli += sizes.brotli;
  }
  return sum;
}

const routes: RouteBundle[] = [];
for (const page of pages as readonly PageDefinition[]) {
  const routeModule = page.eager ? null : pageModulePath(page.id);
  const assets = resolver.forRoutes(routeModule ? [routeModule] : []);
  const js = [...assets.bootstrap, ...assets.preload];
  const css = assets.stylesheets;
  routes.push({
    id: page.id,
    path: page.path,
    routeModule,
    js,
    css,
    jsBytes: await total(js),
    cssBytes: await total(css),
  });
}

// Every JS chunk of the build, lazily loaded or not, with the routes whose first load includes it.
const chunks = [];
const seenFiles = new Set<string>();
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.file.endsWith('.js') || seenFiles.has(chunk.file)) continue;
  seenFiles.add(chunk.file);
  const loadedBy = routes.filter((route) => route.js.includes(chunk.file)).map((route) => route.path);
  chunks.push({ key, file: chunk.file, ...(await sizesOf(chunk.file)), loadedBy });
}
chunks.sort((a, b) => b.gzip - a.gzip);

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

const home = routes.find((route) => route.id === 'home');
if (!home) fail('shared/routes.ts has no home page.');
const largestCss = routes.reduce((max, route) => (route.cssBytes.gzip > max.cssBytes.gzip ? route : max));
const budgets = {
  homeJs: {
    limitGzipBytes: BUDGETS.homeJsGzip,
    gzipBytes: home.jsBytes.gzip,
    met: home.jsBytes.gzip <= BUDGETS.homeJsGzip,
  },
  // Checked on the route with the most CSS, so it holds for every route.
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
    `Budget: home first-load JS ≤ ${kB(BUDGETS.homeJsGzip)} kB gzip: ${kB(home.jsBytes.gzip)} kB, ${verdict(budgets.homeJs.met)}.`,
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
