import { findPageByPath } from '#shared/routes.ts';
import { fetchLeftOutData } from './stores/page-data-fetch.ts';

/**
 * An island's loader (components/island.tsx) that also brings the data files its page left out of its
 * HTML because only its dormant islands read them (shared/page-data.ts), fetched beside the code. A
 * failure rejects, as a chunk that cannot be fetched does: the island keeps its server HTML, which works
 * as it does without JavaScript. Not in the entry: only the pages with such islands load it.
 */
export function withPageData<Part>(load: () => Promise<Part>): () => Promise<Part> {
  return async () => {
    // The server renders the page with all its files, and has no address bar to read.
    const page = typeof window === 'undefined' ? undefined : findPageByPath(window.location.pathname);
    return (await Promise.all([load(), page && fetchLeftOutData(page.id)]))[0];
  };
}
