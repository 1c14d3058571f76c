import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from 'react-router';
import { serializeForScript } from '#shared/json-script.ts';
import { dataKeysFor, embeddedDataKeysFor, pickSiteData } from '#shared/page-data.ts';
import { pageDescriptions } from '#shared/page-descriptions.ts';
import type { AppState, QueryContext, QueryOutcome, RenderOptions } from '#shared/ssr-contract.ts';
import { AppProvider } from './app-context.tsx';
import { providePageDescriptions } from './components/page-description.ts';
import { createAppContextValue } from './create-app-context.ts';
import { serializeErrors } from './hydration.ts';
import { pageLoadDates } from './page-load-dates.ts';
import { type RouteHandle, routes } from './routes.tsx';

// The customer's private request page too, the same way.
export { renderCustomerPage } from '#client/customer/render-customer-page.tsx';
// The staff desk renders through this entry too: server-side only, so no public bundle carries it.
export { renderBooksMonth, renderCreditNote } from './books/render-books.tsx';
export { renderDesk } from './desk/render-desk.tsx';
export { renderGroupMember } from './groups/render-group-member.tsx';
export { renderInvoice } from './invoice/render-invoice.tsx';
export { renderTeamStore } from './team-stores/render-team-store.tsx';

/** A render that has not finished by then is abandoned (the server answers 500) rather than left hanging. */
const RENDER_TIMEOUT_MS = 10_000;

providePageDescriptions(pageDescriptions);

// Built once: matching and loaders run per request, the route tree is not rebuilt.
const handler = createStaticHandler(routes);

export async function query(request: Request): Promise<QueryOutcome> {
  const context = await handler.query(request);
  if (context instanceof Response) return { kind: 'response', response: context };
  const routeModules = context.matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.module)
    .filter((module): module is string => typeof module === 'string');
  return { kind: 'page', status: context.statusCode, routeModules, context: context as unknown as QueryContext };
}

export function render(outcome: Extract<QueryOutcome, { kind: 'page' }>, options: RenderOptions): Promise<string> {
  const context = outcome.context as unknown as StaticHandlerContext;
  const router = createStaticRouter(handler.dataRoutes, context);
  const routeIds = context.matches.map((match) => match.route.id);
  const load =
    options.load &&
    pageLoadDates(
      { routeIds, search: context.location.search, form: options.form, now: options.now },
      options.site,
      options.load,
    );
  const state: AppState = {
    // The page renders with only the data files its routes read.
    site: pickSiteData(options.site, dataKeysFor(routeIds)),
    publicUrl: options.publicUrl,
    assets: options.assets,
    hydration: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    },
    flash: options.flash,
    form: options.form,
    url: options.url,
    renderedAt: options.now.toISOString(),
    ...(load ? { load } : {}),
  };
  // It embeds fewer: those only its dormant islands read come with their code (shared/page-data.ts).
  const embedded = { ...state, site: pickSiteData(options.site, embeddedDataKeysFor(routeIds)) };
  const value = createAppContextValue(state, serializeForScript(embedded), {
    nonce: options.nonce ?? '',
    csrfToken: options.csrfToken,
    submissionKey: options.submissionKey ?? '',
  });

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
        callback();
      },
    });
    const stream = renderToPipeableStream(
      <AppProvider value={value}>
        {/* hydrate={false}: the hydration data travels in our own JSON element, not an inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={options.nonce} />
      </AppProvider>,
      {
        nonce: options.nonce,
        bootstrapModules: options.assets.bootstrap,
        // React moves a large Suspense boundary out of place (hidden, then swapped in by an inline
        // script) so a stream can show something sooner. This document is sent whole, so that would
        // only make content jump after the first paint: keep every boundary in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // The whole document, Suspense boundaries resolved: it is cached and sent in one piece.
        onAllReady: () => stream.pipe(sink),
        onShellError: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        onError: (error) => options.onError(error),
      },
    );
    const timer = setTimeout(() => {
      stream.abort(new Error(`Render took longer than ${RENDER_TIMEOUT_MS} ms`));
      reject(new Error(`Render took longer than ${RENDER_TIMEOUT_MS} ms`));
    }, RENDER_TIMEOUT_MS);
  });
}
