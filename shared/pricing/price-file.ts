import type { ServiceId } from '#shared/service-ids.ts';
import type { DirectToGarmentPrices, EmbroideryPrices, ScreenPrintingPrices } from './types.ts';

// Apart from the engine (estimate.ts) so that a page showing a price file without pricing an order does
// not load the engine with its first load.

/** The three services' price files, as the site data holds them. */
export interface PriceFiles {
  'screen-printing': ScreenPrintingPrices;
  'direct-to-garment': DirectToGarmentPrices;
  embroidery: EmbroideryPrices;
}

/** The price file of a service, from the site data (or anything holding the three files). */
export function priceFileFor<S extends ServiceId>(site: PriceFiles, service: S): PriceFiles[S] {
  return site[service];
}
