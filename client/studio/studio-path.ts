import type { GarmentSize, PrintLocation } from '#shared/garments/catalogue.ts';
import type { ServiceId } from '#shared/service-ids.ts';

/*
 * The studio's address, apart from the hand-back's code: every page with a way into the studio (the quote
 * form, the calculators) imports this, and must not carry the ink count or the form's fields with it.
 */

/** The studio's query naming the sizes ordered, comma-separated: "S,M,XL". */
export const SIZES_PARAM = 'sizes';

/** What the studio opens on: the quote form's garment, colour, method, location and quantity. */
export interface StudioStart {
  garment: string;
  color: string;
  method: ServiceId;
  location: PrintLocation;
  quantity: number;
  /** The sizes the form counts pieces in, when it sent them: the size-by-size panel starts on them. */
  sizes?: readonly GarmentSize[];
}

/** The studio's address for a start: the quote form's "Design it here" and the design's "Edit it". */
export function studioPath(start: StudioStart): string {
  const query = new URLSearchParams({
    garment: start.garment,
    color: start.color,
    method: start.method,
    location: start.location,
    q: String(start.quantity),
  });
  if (start.sizes?.length) query.set(SIZES_PARAM, start.sizes.join(','));
  return `/pricing/studio?${query}`;
}
