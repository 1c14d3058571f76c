import type { DataKey } from './data-keys.ts';
import type { PageId } from './routes.ts';
import type { SiteData } from './site-data.ts';

/**
 * Which data files each page reads, so a page embeds only those: the whole site data was 55 kB of every
 * page's HTML, the garment catalogue and all three price files included. The server renders a page with its
 * route's files only (client/entry-server.tsx), so a page that reads one not listed here fails to render
 * rather than silently growing; in the browser, a page reached by a link loads what it lists and the page it
 * came from lacked before it renders (client/page-data-loader.ts).
 */

/** The header, footer, page head and loading screen of every page. */
const layoutKeys = ['config', 'media'] as const satisfies readonly DataKey[];
/** The three price files, each with the catalogue's garments merged in (the placement tool reads them there). */
const allPrices = ['screen-printing', 'direct-to-garment', 'embroidery'] as const satisfies readonly DataKey[];

/** Beyond the layout's. A calculator reads its own price file, the delivery terms and the service's summary. */
export const pageDataKeys: Record<PageId, readonly DataKey[]> = {
  // The services' names and summaries, and the featured jobs from our work: no prices (those are /pricing's).
  home: ['services', 'our-work'],
  // The quote form prices every service, with the turnaround and delivery terms.
  pricing: ['services', 'order-terms', 'sales-tax', ...allPrices],
  'screen-printing': ['services', 'order-terms', 'sales-tax', 'screen-printing'],
  'direct-to-garment': ['services', 'order-terms', 'sales-tax', 'direct-to-garment'],
  embroidery: ['services', 'order-terms', 'sales-tax', 'embroidery'],
  'quote-sent': [],
  // The studio prices the design with the quote form's engine; the price files carry the garments it checks.
  studio: ['services', ...allPrices],
  'our-work': ['services', 'our-work'],
  'about-us': [],
  faq: ['faq'],
  'artwork-guidelines': ['services', 'artwork-guidelines'],
  'contact-us': [],
  'terms-of-service': [],
  'privacy-policy': [],
  'cookie-policy': [],
  'not-found': [],
};

/**
 * Files a page reads only inside its islands that wait for the visitor's touch
 * (client/components/island.tsx): the server renders the page with them but does not embed them, and the
 * browser fetches them with the island's code (client/island-data.ts). On the quote form they were a third of
 * its gzipped HTML, sent to every visitor and read only by one who starts typing.
 */
const islandOnlyKeys: Partial<Record<PageId, readonly DataKey[]>> = {
  pricing: pageDataKeys.pricing,
  // A service page's explanations, calculator, tables and questions; its header's summary is the page's.
  'screen-printing': ['order-terms', 'sales-tax', 'screen-printing'],
  'direct-to-garment': ['order-terms', 'sales-tax', 'direct-to-garment'],
  embroidery: ['order-terms', 'sales-tax', 'embroidery'],
};

const isPageId = (id: string): id is PageId => Object.hasOwn(pageDataKeys, id);

/** The data files the matched routes (React Router's route ids: the page ids, and 'root') read. */
export function dataKeysFor(routeIds: readonly string[]): DataKey[] {
  const keys = new Set<DataKey>(layoutKeys);
  for (const id of routeIds) if (isPageId(id)) for (const key of pageDataKeys[id]) keys.add(key);
  return [...keys];
}

/** The data files the matched routes' page embeds: those it reads, less the ones only its dormant islands read. */
export function embeddedDataKeysFor(routeIds: readonly string[]): DataKey[] {
  const later = new Set(routeIds.flatMap((id) => (isPageId(id) ? (islandOnlyKeys[id] ?? []) : [])));
  return dataKeysFor(routeIds).filter((key) => !later.has(key));
}

/** The site data cut to these files, in the files' own order (so every render of a page embeds the same bytes). */
export function pickSiteData(site: SiteData, keys: readonly DataKey[]): Partial<SiteData> {
  const wanted = new Set(keys);
  return Object.fromEntries(Object.entries(site).filter(([key]) => wanted.has(key as DataKey))) as Partial<SiteData>;
}
