import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import type { ImportedPrices } from '#shared/blanks/imported-prices.ts';
import type { BlankStore } from './blank-store.ts';
import { importedCataloguePrices } from './catalogue-prices.ts';

/**
 * How long an instance may go on with the imports it knows before it asks the database again. An
 * import from this instance's desk is followed at once; one from the command line or another instance
 * sharing the database is seen by the first request after this long.
 */
export const IMPORT_CHECK_MS = 30_000;

export interface CatalogueFollower {
  /** Follows the imports in force now, whatever was known before: after an import on this instance. */
  refresh(): Promise<void>;
  /**
   * Follows them when the last look is older than IMPORT_CHECK_MS: the look to wait for, or undefined
   * when none is due, so that the requests in between go on without waiting even a tick.
   */
  checkIfDue(): Promise<void> | undefined;
  /**
   * Whether a look is under way or due, without starting one: for what answers ahead of the look (the
   * page door), which sends such a request on to wait for it instead.
   */
  due(): boolean;
}

/**
 * Keeps the catalogue's blank prices (the styles given a markup) on the suppliers' imports in force. The
 * imports are known by their ids: when the newest per supplier is another than the last seen, the prices
 * are read again and handed to `reprice` (the site data files, rebuilt under a new version). Checks run
 * one at a time; a caller arriving meanwhile waits for the one running.
 */
export function createCatalogueFollower(options: {
  blanks: Pick<BlankStore, 'currentImports' | 'styleStock'>;
  data: () => BlanksData;
  reprice: (prices: ImportedPrices) => void;
  now: () => Date;
}): CatalogueFollower {
  let seen: string | undefined;
  let lastLook = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;

  async function look(): Promise<void> {
    lastLook = options.now().getTime();
    const current = (await options.blanks.currentImports()).map((row) => `${row.supplier}:${row.id}`).join(',');
    if (current === seen) return;
    options.reprice(await importedCataloguePrices(options.blanks, options.data()));
    seen = current;
  }

  function once(): Promise<void> {
    running ??= look().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    async refresh() {
      // Behind a look already running (it may have read the imports before this one landed).
      await running?.catch(() => undefined);
      await once();
    },
    checkIfDue() {
      if (running) return running;
      if (options.now().getTime() - lastLook < IMPORT_CHECK_MS) return undefined;
      return once();
    },
    due: () => running !== undefined || options.now().getTime() - lastLook >= IMPORT_CHECK_MS,
  };
}
