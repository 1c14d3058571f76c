import { loadPageDescriptions } from './components/page-description.ts';
import { getJson } from './get-json.ts';
import { providePageDataFetch } from './stores/page-data-fetch.ts';
import type { SiteDataStore } from './stores/site-data-store.ts';

/**
 * A page embeds only the data files it reads (shared/page-data.ts), so a page reached by a link may need
 * files the first page did not carry: its route's loader fetches them before it renders (routes.tsx).
 * The browser's one store is attached at start; on the server none is, and nothing is fetched: the
 * server renders each page with its own files.
 */
let browserStore: SiteDataStore | undefined;

export function attachPageDataStore(store: SiteDataStore): void {
  browserStore = store;
  providePageDataFetch(fetchPageData);
}

/**
 * Fetches into the store the files this page reads that it lacks; rejects when one cannot be fetched. On
 * the server, which has no store and renders each page with its files, it does nothing.
 */
async function fetchPageData(pageId: string): Promise<void> {
  const store = browserStore;
  if (!store) return;
  // Which page reads which file comes with the first navigation or island, not with every page's first load.
  const { dataKeysFor } = await import('#shared/page-data.ts');
  const have = store.get() as Partial<ReturnType<SiteDataStore['get']>>;
  const missing = dataKeysFor([pageId]).filter((key) => have[key] === undefined);
  await Promise.all(missing.map(async (key) => store.set(key, await getJson(`/data/${key}.json`))));
}

/**
 * Fetches the files this page reads that the store lacks, and the pages' descriptions (page-description.ts) (null: route data of its own it has none). When
 * one cannot be fetched, the page is loaded whole instead, as the server renders it with its files.
 */
export async function loadPageData(pageId: string, url: string): Promise<null> {
  if (!browserStore) return null;
  try {
    await Promise.all([fetchPageData(pageId), loadPageDescriptions()]);
  } catch {
    window.location.assign(url);
    // The document is being replaced: this navigation never finishes in this one.
    return new Promise<null>(() => undefined);
  }
  return null;
}
