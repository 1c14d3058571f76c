import { findPageByPath } from '#shared/routes.ts';
import { loadPageDescriptions } from './components/page-description.ts';
import { getJson } from './get-json.ts';
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
}

/** Fetches into the store the files this page reads that it lacks; rejects when one cannot be fetched. */
async function fetchMissing(store: SiteDataStore, pageId: string): Promise<void> {
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
  const store = browserStore;
  if (!store) return null;
  try {
    await Promise.all([fetchMissing(store, pageId), loadPageDescriptions()]);
  } catch {
    window.location.assign(url);
    // The document is being replaced: this navigation never finishes in this one.
    return new Promise<null>(() => undefined);
  }
  return null;
}

/**
 * The files the page did not embed because only its dormant islands read them (shared/page-data.ts),
 * fetched as one of them wakes, beside its code. A failure rejects, as a chunk that cannot be fetched does:
 * the island keeps its server HTML, which works as it does without JavaScript.
 */
async function loadIslandData(): Promise<void> {
  // On the server there is no store: the page renders with all its files.
  if (!browserStore) return;
  const page = findPageByPath(window.location.pathname);
  if (page) await fetchMissing(browserStore, page.id);
}

/** An island's loader (island.tsx) that brings the data files its page left out with its code. */
export function withPageData<Part>(load: () => Promise<Part>): () => Promise<Part> {
  return async () => (await Promise.all([load(), loadIslandData()]))[0];
}
