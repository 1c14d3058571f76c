import type { PriceFiles } from '#shared/pricing/estimate.ts';
import type { Garment } from '#shared/pricing/types.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import { type CatalogueGarment, type GarmentCatalogue, type GarmentType, garmentTitle } from './catalogue.ts';

const kindWords: Record<GarmentType, string> = {
  tee: 'Tees',
  'long-sleeve': 'Long sleeves',
  hoodie: 'Hoodies',
  polo: 'Polos',
  hat: 'Caps',
};

/**
 * The catalogue's garments as the price files carry them: the server merges them in at start, so the
 * engine, the calculators, the quote form and the desk all price from the one list, and /data/<service>.json
 * shows what each service decorates. A price file may still list garments of its own (the tests' files
 * do): they come first, and carry no colours.
 */
export function pricedGarment(garment: CatalogueGarment): Garment {
  return {
    id: garment.id,
    name: garmentTitle(garment),
    cents: garment.cents,
    shortName: `${garment.brand} ${garment.style}`,
    kind: kindWords[garment.type],
    sizeUpcharges: garment.sizeUpcharges,
    colors: garment.colors,
    sizes: garment.sizes,
    type: garment.type,
    printAreas: garment.printAreas,
  };
}

/** The price files with the catalogue's garments added to each service that decorates them. */
export function withCatalogue<T extends PriceFiles>(files: T, catalogue: GarmentCatalogue): T {
  const merge = <S extends ServiceId>(service: S): PriceFiles[S] => {
    const file = files[service];
    const own = new Set(file.garments.map((garment) => garment.id));
    const added = catalogue.garments
      .filter((garment) => garment.services.includes(service) && !own.has(garment.id))
      .map(pricedGarment);
    const garments = [...file.garments, ...added];
    if (garments.length === 0)
      throw new Error(`${service}: no garment to offer: list some for it in data/garments.json (services)`);
    return { ...file, garments };
  };
  return {
    ...files,
    'screen-printing': merge('screen-printing'),
    'direct-to-garment': merge('direct-to-garment'),
    embroidery: merge('embroidery'),
  };
}
