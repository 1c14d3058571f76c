import type { DataKey } from '#shared/data-keys.ts';
import type { SiteData } from '#shared/site-data.ts';
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
  await Promise.all(missing.map((key) => fetchFile(store, key)));
}

/**
 * Files on their way: a link's prefetch, its route's loader and an island may ask for the same file
 * within moments, and each should wait for the one request rather than send its own.
 */
const inFlight = new Map<string, Promise<void>>();

function fetchFile<K extends DataKey>(store: SiteDataStore, key: K): Promise<void> {
  let fetching = inFlight.get(key);
  if (!fetching) {
    fetching = getJson<SiteData[K]>(`/data/${key}.json`)
      .then((value) => store.set(key, value))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, fetching);
  }
  return fetching;
}

/**
 * What a page reached by a link will need, fetched ahead of the click (routes.tsx's prefetch). A
 * failure is forgotten: the route's loader tries again when the visitor follows the link.
 */
export async function prefetchPageData(pageId: string): Promise<void> {
  if (!browserStore) return;
  await Promise.all([fetchPageData(pageId), loadPageDescriptions()]).catch(() => undefined);
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
