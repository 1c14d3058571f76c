/**
 * What each page makes a first visit download, read from the client build: the files per route come from
 * the server's own resolver (server/pages/asset-manifest.ts), so the figures are those of the tags the
 * server writes: the entry, every chunk statically imported from it and from the matched route module,
 * that module, and their CSS. Parts a page loads with import() (its islands, client/components/island.tsx)
 * are not counted: they hydrate after the page. Used by `npm run bundle-report` and the budget test.
 */
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { createManifestResolver, readManifest, type ViteManifest } from '#server/pages/asset-manifest.ts';
import { type PageDefinition, type PageId, pageModulePath, pages } from '#shared/routes.ts';

export const CLIENT_DIR = 'dist/client';
export const MANIFEST = `${CLIENT_DIR}/.vite/manifest.json`;
export const KB = 1000;
/**
 * The budgets, on every route: the first load's JavaScript as browsers receive it (brotli), up to hydration;
 * the JavaScript that follows hydration without a touch (docs/performance.md, "First load ends at
 * hydration"); CSS gzip.
 */
export const BUDGETS = { routeJsBrotli: 100 * KB, afterHydrationJsBrotli: 25 * KB, cssGzip: 20 * KB };

// What the server sends: the build's precompressed copies (scripts/precompress.ts); a file too small to
// have one is compressed here the same way (brotli 11, gzip 9) so its row is still comparable.
export const BROTLI_QUALITY = 11;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteBundle {
  id: PageId;
  path: string;
  routeModule: string | null;
  js: string[];
  css: string[];
  jsBytes: Sizes;
  cssBytes: Sizes;
}

export interface ChunkSizes extends Sizes {
  key: string;
  file: string;
  loadedBy: string[];
}

/** A build that cannot be measured: missing, unreadable or older than the route table. */
export class BuildProblem extends Error {}

export async function measureBuild(): Promise<{ routes: RouteBundle[]; chunks: ChunkSizes[] }> {
  let manifest: ViteManifest;
  try {
    manifest = await readManifest(MANIFEST);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BuildProblem(
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
    throw new BuildProblem(
      `The build has no chunk for ${missing.join(', ')}: it is older than shared/routes.ts. Run \`npm run build\`.`,
    );
  }

  let resolver: ReturnType<typeof createManifestResolver>;
  try {
    // An empty base makes the resolver's URLs paths relative to dist/client.
    resolver = createManifestResolver(manifest, '');
  } catch (error) {
    throw new BuildProblem(`${(error as Error).message} (${MANIFEST}).`);
  }

  const sizeCache = new Map<string, Sizes>();
  async function sizesOf(file: string): Promise<Sizes> {
    const cached = sizeCache.get(file);
    if (cached) return cached;
    let body: Buffer;
    try {
      body = await readFile(`${CLIENT_DIR}/${file}`);
    } catch (error) {
      throw new BuildProblem(
        `The manifest lists ${file}, which cannot be read (${(error as Error).message}): run \`npm run build\`.`,
      );
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
  const chunks: ChunkSizes[] = [];
  const seenFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js') || seenFiles.has(chunk.file)) continue;
    seenFiles.add(chunk.file);
    const loadedBy = routes.filter((route) => route.js.includes(chunk.file)).map((route) => route.path);
    chunks.push({ key, file: chunk.file, ...(await sizesOf(chunk.file)), loadedBy });
  }
  chunks.sort((a, b) => b.gzip - a.gzip);
  return { routes, chunks };
}

/** The routes over a budget, each said in a line; empty when every route meets both. */
export function budgetMisses(routes: RouteBundle[]): string[] {
  const kB = (bytes: number) => (bytes / KB).toFixed(1);
  return routes.flatMap((route) => [
    ...(route.jsBytes.brotli > BUDGETS.routeJsBrotli
      ? [
          `${route.path}: ${kB(route.jsBytes.brotli)} kB of first-load JS (brotli), over ${kB(BUDGETS.routeJsBrotli)} kB`,
        ]
      : []),
    ...(route.cssBytes.gzip > BUDGETS.cssGzip
      ? [`${route.path}: ${kB(route.cssBytes.gzip)} kB of CSS (gzip), over ${kB(BUDGETS.cssGzip)} kB`]
      : []),
  ]);
}
