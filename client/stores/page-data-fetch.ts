/**
 * How an island fetches the data files its page left out (client/island-data.ts): handed over by
 * client/page-data-loader.ts once the browser's store is attached. A module of its own because a page's
 * chunk importing the loader itself made the bundler split the entry, costing every page about 0.4 kB.
 */
let fetcher: ((pageId: string) => Promise<void>) | undefined;

export function providePageDataFetch(fetch: (pageId: string) => Promise<void>): void {
  fetcher = fetch;
}

/** Nothing to fetch where no store is attached (the server renders every page with all its files). */
export function fetchLeftOutData(pageId: string): Promise<void> {
  return fetcher ? fetcher(pageId) : Promise.resolve();
}
