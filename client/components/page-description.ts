import type { PageId } from '#shared/routes.ts';

type Descriptions = Readonly<Record<PageId, string>>;

/** shared/page-descriptions.ts's table, once this side has it. */
let descriptions: Descriptions | undefined;

/** The server renders with the table from the start (entry-server.tsx). */
export function providePageDescriptions(table: Descriptions): void {
  descriptions = table;
}

/** The browser fetches it with the first navigation (page-data-loader.ts); a failure is the caller's to handle. */
export async function loadPageDescriptions(): Promise<void> {
  descriptions ??= (await import('#shared/page-descriptions.ts')).pageDescriptions;
}

/**
 * A page's description for its head (page-meta.tsx). Until the first navigation the browser has no
 * table: the page it shows is the one the server rendered, so the description is the one the server
 * wrote into the head, and hydration renders that same one.
 */
export function pageDescription(id: PageId): string {
  if (descriptions) return descriptions[id];
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
}
