import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { type AppContextValue, AppProvider } from '#client/app-context.tsx';
import { createAppContextValue } from '#client/create-app-context.ts';
import type { AppState } from '#shared/ssr-contract.ts';
import type { FormState } from '#shared/submissions/form-values.ts';
import { fixtureSiteData } from './fixture-site-data.ts';

/** For component tests: the app context a page gets, over the fixture site data, and a router around them. */

export const site = fixtureSiteData;

export function appContext({
  form = null,
  csrfToken = 'browser-token',
}: {
  form?: FormState | null;
  csrfToken?: string;
} = {}): AppContextValue {
  const state: AppState = {
    site,
    publicUrl: 'https://shop.example',
    assets: { bootstrap: [], preload: [], stylesheets: [] },
    hydration: { loaderData: {}, actionData: null, errors: null },
    flash: null,
    form,
    url: null,
    renderedAt: '2026-11-23T15:00:00.000Z',
  };
  return createAppContextValue(state, '', { nonce: '', csrfToken });
}

export function WithApp({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return (
    <AppProvider value={value}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProvider>
  );
}
