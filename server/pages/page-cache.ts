import { LRUCache } from 'lru-cache';
import { approvalDay, shopTime } from '#shared/pricing/business-days.ts';
import type { EncodedPage } from './encoded-page.ts';
import type { SplitPage } from './page-slots.ts';
import type { SiteDataFiles } from './site-data-files.ts';
import type { SplicedBrotli } from './spliced-brotli.ts';
import type { SplicedGzip } from './spliced-gzip.ts';

/**
 * A cached page. `fixed`: the same bytes for everyone (most pages), kept compressed, with ETags.
 * `personal`: a form page, whose submission key differs per response; its fixed parts are compressed once
 * in each encoding and each response's values are spliced in (spliced-gzip.ts, spliced-brotli.ts).
 */
export type CachedPage =
  | { kind: 'fixed'; status: number; encoded: EncodedPage }
  | { kind: 'personal'; page: SplitPage; gzip: SplicedGzip; br: SplicedBrotli };

/** The pages that show estimates, whose dates depend on the day and the shop's load (see keyOf). */
const datedPage = /^\/pricing(?:[/?]|$)/;

/** Whether the page at this address shows dates: rendered with the shop's load, cached by its stamp. */
export const isDatedPage = (url: string): boolean => datedPage.test(url);
/** Every unknown address renders the same 404 page, so they share one entry instead of one each. */
const NOT_FOUND_KEY = '404';
/**
 * The cache's bound. A page is about 60 kB plain and a fifth of that per compressed form, so this
 * holds every page of the site and a few hundred calculator queries; the least recently used go first.
 */
const CACHE_MAX_BYTES = 48 * 1024 * 1024;
const CACHE_MAX_ENTRIES = 1000;

/**
 * The rendered pages by address. A page depends only on its URL and the site data, so a URL seen before
 * is answered without routing or rendering; unknown addresses share the one 404 page.
 */
export function createPageCache({
  siteData,
  now,
  loadStamp,
}: {
  siteData: SiteDataFiles;
  now: () => Date;
  /**
   * The stamp of the shop's load the dated pages are rendered from now (production-planner.ts's stamp()),
   * or undefined while it is not known: those pages are then rendered afresh. Without it, the day alone.
   */
  loadStamp?: () => string | undefined;
}) {
  const pages = new LRUCache<string, CachedPage>({
    max: CACHE_MAX_ENTRIES,
    maxSize: CACHE_MAX_BYTES,
    // Counted when stored, before a thorough page's brotli exists: brotli is smaller than gzip, so the
    // gzip counted twice bounds both. A form page holds its text and a compressed copy in each encoding.
    sizeCalculation: (entry) =>
      entry.kind === 'fixed'
        ? entry.encoded.identity.body.length + 2 * entry.encoded.gzip.body.length
        : entry.page.fixed.reduce((total, part) => total + part.length * 3, 1),
  });
  /**
   * The year is part of the key (the footer's copyright line ends with it). The pages with estimates
   * (the calculators and the quote form, all under /pricing) also key on the shop's date and the day an
   * approval counts from, which change at midnight and at the cut-off on the shop's clock: their dates
   * follow, and the other pages keep their entries. They key on the stamp of the load they were rendered
   * from too (a calculator page shows the date the shop's load allows): a booking or another instance's
   * change that moves a date makes a new key within the load table's lifetime, and an unknown stamp none.
   */
  // Working the shop's day out takes time-zone arithmetic (a tenth of a form page's CPU under load when
  // done per request), and it can only change on a minute: midnight and the cut-off are minutes of the
  // shop's clock, and time zones are whole minutes apart. So it is worked out once a minute.
  let dayMemo: { minute: number; terms: unknown; day: string } | undefined;
  const dayOf = (time: Date) => {
    const terms = siteData.data['order-terms'];
    const minute = Math.floor(time.getTime() / 60_000);
    if (dayMemo?.minute !== minute || dayMemo.terms !== terms) {
      dayMemo = { minute, terms, day: `${shopTime(time, terms.timeZone).date}>${approvalDay(time, terms)}|` };
    }
    return dayMemo.day;
  };
  /** The key of a page; a dated page's is under `rendered`, the stamp it was rendered from, else the current. */
  const keyOf = (url: string, rendered?: string): string | undefined => {
    const time = now();
    const prefix = `${siteData.version}|${time.getUTCFullYear()}|`;
    if (!datedPage.test(url)) return `${prefix}${url}`;
    // Asked of dated pages only: an outlived stamp starts a read of the load.
    const stamp = rendered ?? loadStamp?.();
    if (loadStamp && stamp === undefined) return undefined;
    return `${prefix}${dayOf(time)}${stamp ?? ''}|${url}`;
  };
  const pageAt = (key: string | undefined) => (key === undefined ? undefined : pages.get(key));
  // Addresses seen to be unknown (a scanner's /wp-login.php, an old link): answered with the shared 404
  // page without routing again. Only their keys are kept, a megabyte of them at most, apart from the
  // pages, so no number of strangers' addresses pushes a page out.
  const missing = new LRUCache<string, true>({ maxSize: 1024 * 1024, sizeCalculation: (_value, key) => key.length });

  return {
    /** The cached answer for this address: its page, or the 404 page for an address known to be unknown. */
    lookup(url: string): CachedPage | undefined {
      const key = keyOf(url);
      if (key === undefined) return undefined;
      return pages.get(key) ?? (missing.has(key) ? pageAt(keyOf(NOT_FOUND_KEY)) : undefined);
    },
    /** The shared 404 page, once rendered. */
    notFoundPage: () => pageAt(keyOf(NOT_FOUND_KEY)),
    /** Remembers that this address is unknown: it is answered with the 404 page from now on. */
    markMissing(url: string) {
      const key = keyOf(url);
      if (key !== undefined) missing.set(key, true);
    },
    /**
     * Keeps a page for its address, or as the 404 page every unknown address shares. A dated page is kept
     * under the stamp of the load it was rendered from (passed), not the one current when it is done.
     */
    store(url: string, status: number, entry: CachedPage, stamp?: string) {
      const key = status === 404 ? keyOf(NOT_FOUND_KEY) : keyOf(url, stamp);
      if (key !== undefined) pages.set(key, entry);
    },
    has(url: string) {
      const key = keyOf(url);
      return key !== undefined && pages.has(key);
    },
  };
}
