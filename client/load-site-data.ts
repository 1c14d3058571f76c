import { startupDataKeys } from '#shared/data-keys.ts';
import { getJson } from './get-json.ts';
import type { SiteDataStore } from './stores/site-data-store.ts';

/**
 * One GET per start-up data file once the app has started, each body stored under its key. A failure is
 * ignored on purpose: the page already holds the copy the server rendered it with.
 */
export async function loadSiteData(store: SiteDataStore): Promise<void> {
  await Promise.all(
    startupDataKeys.map(async (key) => {
      try {
        store.set(key, await getJson(`/data/${key}.json`));
      } catch {
        // Ignored, as the spec asks; nothing is shown to the visitor.
      }
    }),
  );
}
