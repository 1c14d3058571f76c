import type { CatalogueGarment, GarmentCatalogue } from '#shared/garments/catalogue.ts';

/** The site's data as the group pages need it: the garment catalogue beside the price files. */
export interface WithCatalogue {
  garments: GarmentCatalogue;
}

/** The request's garment in the catalogue, by the id its form sent; undefined for their own or an unknown one. */
export function garmentOf(site: WithCatalogue, payload: Record<string, unknown>): CatalogueGarment | undefined {
  const id = typeof payload.garment === 'string' ? payload.garment : '';
  return site.garments.garments.find((garment) => garment.id === id);
}
