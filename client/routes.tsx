import type { ComponentType } from 'react';
import { data, type RouteObject } from 'react-router';
import { findPageByPath, type LazyPageId, pageModulePath, pages } from '#shared/routes.ts';
import { navigationDelayLoader } from './navigation/navigation-delay.ts';
import { loadPageData, prefetchPageData } from './page-data-loader.ts';
import Root, { RootErrorBoundary } from './root.tsx';

/** A page, and optionally what fetches its islands' code ahead of a visit (pricing.tsx). */
type PageModule = { default: ComponentType; preload?: () => Promise<unknown> };

/**
 * One chunk per page, loaded when it is first needed: a glob Vite expands at build time into one `import()`
 * per file, so the route table alone says which page loads what.
 */
const lazyModules = import.meta.glob<PageModule>('./*.tsx', { base: './pages' });

function loaderOf(id: LazyPageId): () => Promise<PageModule> {
  // The glob's keys are relative to client/pages, the table's module paths to the project root.
  const load = lazyModules[pageModulePath(id).replace('client/pages/', './')];
  if (!load) throw new Error(`No ${pageModulePath(id)}`);
  return load;
}

/** Pages whose code and data a link has already asked for (a failed one is dropped, to be tried again). */
const prefetched = new Map<string, Promise<unknown>>();

/**
 * Fetches what a page reached by a link needs (its chunk, its islands' code, its data files) before the
 * click: the route change then takes its 500 ms and no more, where it used to start these only once
 * the delay had begun, and the islands' only once the page had rendered. The browser's only: the server
 * renders every page with its code at hand.
 */
export function prefetchPage(path: string): Promise<unknown> {
  const page = typeof document === 'undefined' ? undefined : findPageByPath(path);
  if (!page || page.id === 'not-found') return Promise.resolve();
  let fetching = prefetched.get(page.id);
  if (!fetching) {
    const id = page.id;
    fetching = Promise.all([loaderOf(id)().then((module) => module.preload?.()), prefetchPageData(id)]).catch(() => {
      prefetched.delete(id);
    });
    prefetched.set(id, fetching);
  }
  return fetching;
}

/** Route data the server reads back from the matches: the page module, for its modulepreload links. */
export interface RouteHandle {
  module?: string;
}

function pageRoute(page: (typeof pages)[number]): RouteObject {
  const load = loaderOf(page.id);
  if (page.id === 'not-found') {
    return {
      id: page.id,
      path: page.path,
      handle: { module: pageModulePath(page.id) } satisfies RouteHandle,
      // A loader, so that the server answers this route with HTTP 404.
      loader: async ({ request }) => {
        await loadPageData(page.id, request.url);
        return data(null, { status: 404 });
      },
      lazy: async () => ({ Component: (await load()).default }),
    };
  }
  return {
    id: page.id,
    // The home page is the root's index route: a path of '/' would make it a sibling instead.
    ...(page.id === 'home' ? { index: true } : { path: page.path }),
    handle: { module: pageModulePath(page.id) } satisfies RouteHandle,
    // Pages embed only the data files they read: a page reached by a link fetches those the store
    // lacks, alongside its code. Once there they stay, so nothing is fetched again for this route.
    // The islands' code is asked for here too (a link followed without a hover: a tap, a key), so it
    // arrives during the route change's delay instead of after the page has rendered.
    loader: async ({ request }) => {
      const islands = prefetchPage(new URL(request.url).pathname);
      const loaded = await loadPageData(page.id, request.url);
      await islands;
      return loaded;
    },
    shouldRevalidate: () => false,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    loader: navigationDelayLoader,
    // Run on every route change (that is where the delay is), but not when only the query of the same
    // page changes: a calculator keeping its inputs in the URL must not wait 500 ms per keystroke.
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    children: pages.map(pageRoute),
  },
];
