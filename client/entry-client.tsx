import './styles.css';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AppState } from '#shared/ssr-contract.ts';
import { AppProvider } from './app-context.tsx';
import { startDormantIslands } from './components/island.tsx';
import { createAppContextValue } from './create-app-context.ts';
import { readCsrfToken } from './csrf-cookie.ts';
import { deserializeHydration } from './hydration.ts';
import { prefetchLinks } from './navigation/prefetch-links.ts';
import { attachPageDataStore } from './page-data-loader.ts';
import { prefetchPage, routes } from './routes.tsx';

/**
 * Lazy routes matched by the first URL are loaded before hydration; otherwise React Router would
 * render its fallback over the server's HTML for a moment and React would report a mismatch.
 */
async function resolveLazyMatches() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

async function start() {
  const serializedState = document.getElementById('app-state')?.textContent ?? '';
  const state = JSON.parse(serializedState) as AppState;
  // A form re-rendered in answer to its POST: the router must see the page's address, not /api/...
  if (state.url && state.url !== window.location.pathname + window.location.search) {
    window.history.replaceState(window.history.state, '', state.url);
  }
  await resolveLazyMatches();
  const router = createBrowserRouter(routes, { hydrationData: deserializeHydration(state.hydration) });
  // Before the router's provider hears of it (it subscribes later): a change of route or search params
  // reaches every island below it, and React can apply it only to hydrated ones (island.tsx).
  let location = router.state.location;
  router.subscribe((next) => {
    if (next.location === location && next.navigation.state === 'idle') return;
    location = next.location;
    startDormantIslands();
  });
  // In a transition, React hydrates in slices and yields to the browser between them, instead of one
  // long task over the whole document: on a slow phone the page answers taps and scrolls sooner, and
  // Lighthouse's total blocking time drops. Events that arrive meanwhile are replayed by React.
  const value = createAppContextValue(state, serializedState, {
    nonce: '',
    csrfToken: readCsrfToken() ?? '',
  });
  // Pages reached by a link from here load the data files this page did not carry into this store.
  attachPageDataStore(value.store);
  prefetchLinks(prefetchPage);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <AppProvider value={value}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
      {
        onRecoverableError(error, info) {
          // Hydration mismatches land here; logging them keeps them visible to the browser tests.
          console.error('Recoverable React error', error, info.componentStack);
        },
      },
    );
  });
}

void start();
