/**
 * The garment catalogue as the design schema checks it, rebuilt from the price files the page already has:
 * the server merges each catalogue garment into the files of the services that decorate it, so its colours,
 * print areas and services are all there, and the page need not carry the catalogue file too. Only what
 * `designSchemaFor` reads is filled in truly; the server checks the design against the real catalogue.
 */
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import type { PriceFiles } from '#shared/pricing/estimate.ts';
import { serviceIds } from '#shared/service-ids.ts';

export function pricedCatalogue(prices: PriceFiles): CatalogueGarment[] {
  const byId = new Map<string, CatalogueGarment>();
  for (const service of serviceIds)
    for (const garment of prices[service].garments) {
      if (!garment.type || !garment.colors || !garment.printAreas) continue;
      const known = byId.get(garment.id);
      if (known) known.services.push(service);
      else
        byId.set(garment.id, {
          id: garment.id,
          brand: '',
          style: garment.shortName ?? '',
          name: garment.name,
          type: garment.type,
          services: [service],
          cents: garment.cents,
          sizes: garment.sizes ?? [],
          sizeUpcharges: [],
          colors: garment.colors,
          printAreas: garment.printAreas,
        });
    }
  return [...byId.values()];
}
