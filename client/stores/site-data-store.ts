import type { DataKey, SiteData } from '#shared/data-keys.ts';

/**
 * The site configuration of spec section 3, under its six keys. One store per render on the server
 * (never shared between requests) and one in the browser; React reads it with useSyncExternalStore.
 */
export interface SiteDataStore {
  get(): SiteData;
  set<K extends DataKey>(key: K, value: SiteData[K]): void;
  subscribe(listener: () => void): () => void;
}

export function createSiteDataStore(initial: SiteData): SiteDataStore {
  let state = initial;
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
