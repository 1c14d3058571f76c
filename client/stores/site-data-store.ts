import type { DataKey } from '#shared/data-keys.ts';
import type { SiteData } from '#shared/site-data.ts';

/**
 * The site configuration, under its six keys (config, services, media and the three services' prices). One
 * store per render on the server (never shared between requests) and one in the browser; React reads it with
 * useSyncExternalStore.
 */
export interface SiteDataStore {
  get(): SiteData;
  set<K extends DataKey>(key: K, value: SiteData[K]): void;
  subscribe(listener: () => void): () => void;
}

/**
 * `initial` holds the files the page's routes read (shared/page-data.ts): the pages read only those,
 * and a page reached by a link has its own loaded into the store before it renders
 * (client/page-data-loader.ts), so reading the store as the whole site data holds for every page.
 */
export function createSiteDataStore(initial: Partial<SiteData>): SiteDataStore {
  let state = initial as SiteData;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(key, value) {
      // The server embedded this same data in the page, so an unchanged body must not re-render it.
      if (JSON.stringify(state[key]) === JSON.stringify(value)) return;
      state = { ...state, [key]: value };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
