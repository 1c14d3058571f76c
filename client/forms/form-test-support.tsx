import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { type AppContextValue, AppProvider } from '#client/app-context.tsx';
import { createAppContextValue } from '#client/create-app-context.ts';
import { type DataKey, dataKeys } from '#shared/data-keys.ts';
import { type SiteData, siteDataSchemas } from '#shared/site-data.ts';
import type { AppState } from '#shared/ssr-contract.ts';
import type { FormState } from '#shared/submissions/form-values.ts';

/** Test support for the form components: the real site data and an app context around them. */

function parse<K extends DataKey>(key: K): SiteData[K] {
  return siteDataSchemas[key].parse(JSON.parse(readFileSync(`data/${key}.json`, 'utf8'))) as SiteData[K];
}

export const site = Object.fromEntries(dataKeys.map((key) => [key, parse(key)])) as unknown as SiteData;

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
  };
  return createAppContextValue(state, '', { nonce: '', csrfToken, inBrowser: true });
}

export function WithApp({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return (
    <AppProvider value={value}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProvider>
  );
}

/** A fetch that answers once with this status and JSON body, recording what it was sent. */
export function answerWith(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: URL | string, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}
