import { readFile } from 'node:fs/promises';
import type { PageAssets } from '#shared/ssr-contract.ts';

/** The subset of Vite's .vite/manifest.json this server reads. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
/** Vite's build manifest, keyed by source path: read once at start to link each route's chunks and CSS. */
export type ViteManifest = Record<string, ManifestChunk>;

/** The browser entry's manifest key: its chunk is the bootstrap script, and its imports and CSS go on every page. */
const CLIENT_ENTRY = 'client/entry-client.tsx';

/** The desk board's drag and drop: a build entry of its own, the only script the desk loads. */
export const DESK_BOARD_ENTRY = 'client/entry-desk-board.ts';

/** Pinning a note on a proof by click, tap or keys: a build entry of its own, for the customer's page and the desk. */
export const PROOF_PINS_ENTRY = 'client/entry-proof-pins.ts';

/** Which scripts and stylesheets a page links: from the manifest in production, fixed Vite URLs in development. */
export interface AssetResolver {
  /** Assets for a page whose matched lazy routes are these source modules. */
  forRoutes(routeModules: string[]): PageAssets;
  /** The address of another entry's script (DESK_BOARD_ENTRY), which imports nothing the page must preload. */
  entryScript(source: string): string;
}

/** Parses the .vite/manifest.json the client build wrote; the shape is cast, not validated. A missing file rejects. */
export async function readManifest(file: string): Promise<ViteManifest> {
  return JSON.parse(await readFile(file, 'utf8')) as ViteManifest;
}

/** Built once at start from Vite's manifest; answers from memory for every request after that. */
export function createManifestResolver(manifest: ViteManifest, base = '/'): AssetResolver {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The Vite manifest has no entry for ${CLIENT_ENTRY}: run the client build`);
  const url = (file: string) => `${base}${file}`;

  // Walks static imports breadth-first; the Set makes shared chunks count once and ends cycles.
  function collect(keys: string[], files: Set<string>, css: Set<string>) {
    const seen = new Set<string>();
    const queue = [...keys];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      if (seen.has(key)) continue;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) continue;
      files.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
      queue.push(...(chunk.imports ?? []));
    }
  }

  const entryFiles = new Set<string>();
  const entryCss = new Set<string>();
  collect([CLIENT_ENTRY], entryFiles, entryCss);
  const cache = new Map<string, PageAssets>();

  return {
    entryScript(source) {
      const chunk = manifest[source];
      if (!chunk) throw new Error(`The Vite manifest has no entry for ${source}: run the client build`);
      return url(chunk.file);
    },
    forRoutes(routeModules) {
      const key = routeModules.join('|');
      const cached = cache.get(key);
      if (cached) return cached;
      const files = new Set(entryFiles);
      const css = new Set(entryCss);
      collect(routeModules, files, css);
      files.delete(entry.file);
      const assets: PageAssets = {
        bootstrap: [url(entry.file)],
        preload: [...files].map(url),
        stylesheets: [...css].map(url),
      };
      // Keys are route-module lists from the route table, so this map stays as small as the table.
      cache.set(key, assets);
      return assets;
    },
  };
}
