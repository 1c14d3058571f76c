import type { StoredFile } from '#server/submissions/submission-store.ts';
import { colorNamed, type GarmentColor, type PrintLocation, printLocations } from '#shared/garments/catalogue.ts';
import type { Garment, PrintArea } from '#shared/pricing/types.ts';
import type { DesignLayer, StudioDesign } from '#shared/studio/design-schema.ts';
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

/** One location of the studio design to draw: its layers, inside the print area, at true size. */
export interface DesignLocation {
  /** The form's row at this placement, for the ink colours the proof stamps; 0 when the form has none. */
  row: number;
  placement: PrintLocation;
  layers: readonly DesignLayer[];
}

export interface MockupOrder {
  garment: Garment;
  color: GarmentColor;
  locations: MockupLocation[];
  files: readonly StoredFile[];
  /** The studio design's locations that have layers; an uploaded file is not drawn where one of these is. */
  design?: DesignLocation[];
  /**
   * The print sizes a direct-to-garment request is priced by: each location's chosen size must hold the
   * print as drawn. Absent for other services, and on the desk, whose redraw may outgrow the request's
   * size (the desk then warns that the quote needs a larger one).
   */
  printAreas?: readonly PrintArea[];
}

const isPrintLocation = (value: string): value is PrintLocation =>
  (printLocations as readonly string[]).includes(value);

/** The design's locations that draw something, each with the form's row at the same placement. */
function designLocations(request: QuoteRequest, design: StudioDesign | undefined): DesignLocation[] {
  if (!design) return [];
  return Object.entries(design.locations).flatMap(([placement, layers]): DesignLocation[] =>
    layers && layers.length > 0 && isPrintLocation(placement)
      ? [
          {
            row: request.locations.findIndex((location) => location.placement === placement) + 1,
            placement,
            layers,
          },
        ]
      : [],
  );
}

/**
 * The mockup order of a validated quote request, or undefined when there is nothing to draw: a garment
 * outside the catalogue, neither a file with a placement nor a studio design. Location n shows the n-th
 * file when there are that many, else the first. Where the design has layers, it is what the location
 * shows: the customer built it for this very garment and placed it in the studio, while a file sent with
 * it is as likely a reference or a logo for the shop to work from.
 */
export function mockupOrderOf(
  request: QuoteRequest,
  garments: readonly Garment[],
  files: readonly StoredFile[],
  extras: { printAreas?: readonly PrintArea[]; design?: StudioDesign | undefined } = {},
): MockupOrder | undefined {
  const { printAreas } = extras;
  const garment = garments.find((item) => item.id === request.garment);
  const color = garment ? colorNamed(garment, request.garmentColor) : undefined;
  if (!garment?.type || !color) return undefined;
  const design = designLocations(request, extras.design);
  const designed = new Set<string>(design.map((location) => location.placement));
  const locations = request.locations.flatMap((location, index): MockupLocation[] =>
    location.art && files.length > 0 && isPrintLocation(location.placement) && !designed.has(location.placement)
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
  if (locations.length === 0 && design.length === 0) return undefined;
  return { garment, color, locations, files, design, ...(printAreas ? { printAreas } : {}) };
}
