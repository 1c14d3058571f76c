import type { StoredFile } from '#server/submissions/submission-store.ts';
import { colorNamed, type GarmentColor, type PrintLocation, printLocations } from '#shared/garments/catalogue.ts';
import type { Garment, PrintArea } from '#shared/pricing/types.ts';
import type { QuoteRequest } from '#shared/submissions/quote-fields.ts';

/**
 * What a quote request's mockups are drawn from: the catalogue garment, its colour, and each location with a
 * placement and the file it shows. Kept apart from the renderer, so only a request that has something to draw
 * loads sharp.
 */

/** One location to draw: where, how, and which of the request's files. */
export interface MockupLocation {
  /** 1-based row of the form, for the field an error goes beside. */
  row: number;
  placement: PrintLocation;
  art: { widthInches: number; xInches?: number; yInches?: number };
  file: number;
  /** The direct-to-garment print size the request chose here, which must hold the placed print. */
  area?: string;
}

export interface MockupOrder {
  garment: Garment;
  color: GarmentColor;
  locations: MockupLocation[];
  files: readonly StoredFile[];
  /**
   * The print sizes a direct-to-garment request is priced by: each location's chosen size must hold the
   * print as drawn. Absent for other services, and on the desk, whose redraw may outgrow the request's
   * size (the desk then warns that the quote needs a larger one).
   */
  printAreas?: readonly PrintArea[];
}

const isPrintLocation = (value: string): value is PrintLocation =>
  (printLocations as readonly string[]).includes(value);

/**
 * The mockup order of a validated quote request, or undefined when there is nothing to draw: a garment
 * outside the catalogue, no file, no placement given. Location n shows the n-th file when there are
 * that many, else the first.
 */
export function mockupOrderOf(
  request: QuoteRequest,
  garments: readonly Garment[],
  files: readonly StoredFile[],
  printAreas?: readonly PrintArea[],
): MockupOrder | undefined {
  const garment = garments.find((item) => item.id === request.garment);
  const color = garment ? colorNamed(garment, request.garmentColor) : undefined;
  if (!garment?.type || !color || files.length === 0) return undefined;
  const locations = request.locations.flatMap((location, index): MockupLocation[] =>
    location.art && isPrintLocation(location.placement)
      ? [
          {
            row: index + 1,
            placement: location.placement,
            art: location.art,
            file: index < files.length ? index : 0,
            ...(location.area ? { area: location.area } : {}),
          },
        ]
      : [],
  );
  if (locations.length === 0) return undefined;
  return { garment, color, locations, files, ...(printAreas ? { printAreas } : {}) };
}
