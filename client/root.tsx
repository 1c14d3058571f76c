import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { preloadModule } from 'react-dom';
import { isRouteErrorResponse, Link, Outlet, useRouteError } from 'react-router';
import { useAppContext } from './app-context.tsx';
import { FlashArea } from './components/flash-area.tsx';
import { island, whenIslandsHydrated } from './components/island.tsx';
import { LoadingScreen } from './components/loading-screen.tsx';
import { ProgressBar } from './components/progress-bar.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { ToastProvider, ToastRegion } from './components/toast-region.tsx';
import { useConnectionToasts } from './components/use-connection-toasts.ts';
import { loadSiteData } from './load-site-data.ts';
import { useRouteChangeEffects } from './navigation/use-route-change-effects.ts';
import { useRouteChangeLoading } from './navigation/use-route-change-loading.ts';

// The 404 route's own chunk (routes.tsx), for a 404 thrown rather than matched.
const NotFoundPage = lazy(() => import('./pages/not-found.tsx'));

// Parts that never change in the browser: their code comes when touched or when a navigation needs it.
const TopBar = island(async () => (await import('./components/top-bar.tsx')).TopBar, { hydrate: 'interaction' });
const SiteFooter = island(async () => (await import('./components/site-footer.tsx')).SiteFooter, {
  hydrate: 'interaction',
});

/** The whole HTML document, rendered by React on the server and hydrated in the browser. */
function Document({ children }: { children: ReactNode }) {
  const { state, serializedState, nonce } = useAppContext();
  const { assets } = state;
  // React writes these as <link rel="modulepreload"> in <head> on the server; in the browser it is a no-op.
  for (const href of assets.preload) preloadModule(href);
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {assets.devPreamble ? (
          <script
            type="module"
            // The browser hides nonces from the DOM, so the value differs on hydration by design.
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: Vite's own React Refresh preamble, development only.
            dangerouslySetInnerHTML={{ __html: assets.devPreamble }}
          />
        ) : null}
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by serializeForScript, never executed. */}
        <script id="app-state" type="application/json" dangerouslySetInnerHTML={{ __html: serializedState }} />
      </body>
    </html>
  );
}

const MAIN_ID = 'main';

function Shell({
  children,
  loading = false,
  announcement = '',
}: {
  children: ReactNode;
  loading?: boolean;
  announcement?: string;
}) {
  const { toasts } = useAppContext();
  return (
    <>
      <a
        href={`#${MAIN_ID}`}
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <ProgressBar active={loading} />
      <TopBar />
      <SiteHeader />
      {/* Hidden, not removed, while loading: the page keeps its height, so the scroll position survives. */}
      <main id={MAIN_ID} tabIndex={-1} className={`flex-1 focus:outline-none ${loading ? 'invisible' : ''}`}>
        <FlashArea />
        {children}
      </main>
      <SiteFooter />
      <ToastProvider store={toasts}>
        <ToastRegion />
      </ToastProvider>
      {loading ? <LoadingScreen /> : null}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </>
  );
}

/** Effects run in the browser only, after hydration: then the six start-up data GETs go out. */
function useAfterHydration() {
  const { store, toasts } = useAppContext();
  useConnectionToasts(toasts);
  useEffect(() => {
    whenIslandsHydrated(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
    void loadSiteData(store);
  }, [store]);
}

export default function Root() {
  useAfterHydration();
  const loading = useRouteChangeLoading();
  const announcement = useRouteChangeEffects(MAIN_ID, loading);
  return (
    <Document>
      <Shell loading={loading} announcement={announcement}>
        <Outlet />
      </Shell>
    </Document>
  );
}

/** Errors thrown while loading or rendering a page: the shell stays, the visitor gets a way on. */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Document>
        <Shell>
          <Suspense>
            <NotFoundPage />
          </Suspense>
        </Shell>
      </Document>
    );
  }
  return (
    <Document>
      <Shell>
        <section className="mx-auto max-w-3xl px-4 py-20 text-center">
          <title>Something went wrong</title>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Error</p>
          <h1 className="mt-2 text-3xl font-extrabold">Something went wrong on our side</h1>
          <p className="mt-4 text-stone-700">Please try again in a moment. If it keeps happening, call or e-mail us.</p>
          <p className="mt-8">
            <Link to="/" className="font-semibold text-brand-700 underline">
              Go to the home page
            </Link>
          </p>
        </section>
      </Shell>
    </Document>
  );
}
