import { type CatalogueGarment, type GarmentCatalogue, garmentTitle } from '#shared/garments/catalogue.ts';

/** The site's data as the group pages need it: the garment catalogue beside the price files. */
export interface WithCatalogue {
  garments: GarmentCatalogue;
}

/**
 * The request's garment in the catalogue; undefined for their own or one it does not know. The stored
 * request names it as the form showed it ("Gildan 5000 Heavy Cotton tee"); an id is taken too.
 */
export function garmentOf(site: WithCatalogue, payload: Record<string, unknown>): CatalogueGarment | undefined {
  const named = typeof payload.garment === 'string' ? payload.garment : '';
  return site.garments.garments.find((garment) => garment.id === named || garmentTitle(garment) === named);
}
