import type { Server } from 'node:http';
import type { SsrEntry } from '#shared/ssr-contract.ts';
import { type AssetResolver, createManifestResolver, readManifest } from './asset-manifest.ts';

/** How pages render in this mode: where the SSR entry comes from, what a page links, and whether pages are cached. */
export interface SsrSetup {
  loadEntry: () => Promise<SsrEntry>;
  assets: AssetResolver;
  cache: boolean;
  /** Render and compress the site's own pages right after start. */
  warm?: boolean;
}

/** The build output at the project root: dist/server holds the SSR entry, dist/client the files browsers fetch. */
const distDir = new URL('../../dist/', import.meta.url);

/** Production: the entry Vite built, and the manifest it wrote, both read once. */
export async function productionSsr(): Promise<SsrSetup & { staticDir: string }> {
  const entryUrl = new URL('server/entry-server.js', distDir);
  const manifest = await readManifest(new URL('client/.vite/manifest.json', distDir).pathname).catch(
    (error: unknown) => {
      throw new Error(`The client build is missing (${(error as Error).message}). Run "npm run build" first.`);
    },
  );
  const entry = (await import(entryUrl.href)) as SsrEntry;
  return {
    loadEntry: async () => entry,
    assets: createManifestResolver(manifest),
    cache: true,
    warm: true,
    staticDir: new URL('client/', distDir).pathname,
  };
}

/** Development: Vite in middleware mode, with HMR over the app's own HTTP server. */
export async function developmentSsr(httpServer: Server) {
  const { createServer } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const vite = await createServer({
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'custom',
  });
  const devPreamble = react.preambleCode.replace('__BASE__', '/');
  const setup: SsrSetup = {
    loadEntry: () => vite.ssrLoadModule('/client/entry-server.tsx') as Promise<SsrEntry>,
    assets: {
      forRoutes: () => ({
        bootstrap: ['/@vite/client', '/client/entry-client.tsx'],
        preload: [],
        stylesheets: [],
        devPreamble,
      }),
      // Vite serves a source file at its own path, compiled.
      entryScript: (source) => `/${source}`,
    },
    cache: false,
  };
  return { ...setup, middleware: vite.middlewares, close: () => vite.close() };
}
