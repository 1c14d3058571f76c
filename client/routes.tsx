import type { ComponentType } from 'react';
import { data, type RouteObject } from 'react-router';
import { type PageId, pages } from '#shared/routes.ts';
import { navigationDelayLoader } from './navigation/navigation-delay.ts';
import HomePage from './pages/home.tsx';
import NotFoundPage from './pages/not-found.tsx';
import Root, { RootErrorBoundary } from './root.tsx';

type PageModule = { default: ComponentType };
type LazyPageId = Exclude<PageId, 'home' | 'not-found'>;

/** One chunk per page group (spec section 9); the home and 404 pages ship with the entry. */
const lazyPages: Record<LazyPageId, () => Promise<PageModule>> = {
  pricing: () => import('./pages/pricing.tsx'),
  'screen-printing': () => import('./pages/screen-printing.tsx'),
  'direct-to-garment': () => import('./pages/direct-to-garment.tsx'),
  embroidery: () => import('./pages/embroidery.tsx'),
  'about-us': () => import('./pages/about-us.tsx'),
  'contact-us': () => import('./pages/contact-us.tsx'),
  'terms-of-service': () => import('./pages/terms-of-service.tsx'),
  'privacy-policy': () => import('./pages/privacy-policy.tsx'),
  'cookie-policy': () => import('./pages/cookie-policy.tsx'),
};

/** The source path of a page module: its key in Vite's manifest, for the server's modulepreload links. */
export function pageModulePath(id: PageId): string {
  return `client/pages/${id}.tsx`;
}

export interface RouteHandle {
  module?: string;
}

function pageRoute(page: (typeof pages)[number]): RouteObject {
  if (page.id === 'home') return { id: page.id, index: true, Component: HomePage };
  if (page.id === 'not-found') {
    // A loader, so that the server answers this route with HTTP 404.
    return { id: page.id, path: page.path, loader: () => data(null, { status: 404 }), Component: NotFoundPage };
  }
  const load = lazyPages[page.id];
  return {
    id: page.id,
    path: page.path,
    handle: { module: pageModulePath(page.id) } satisfies RouteHandle,
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
