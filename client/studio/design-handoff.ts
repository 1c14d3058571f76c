/**
 * How a design travels from the studio back to the quote form: the browser's session storage, so a long
 * design never rides in the address and a reload of the form keeps it. Nothing heavy is imported here:
 * the quote form reads this module, and its first load must not carry the studio.
 */
import type { GarmentSize, PrintLocation } from '#shared/garments/catalogue.ts';
import type { ServiceId } from '#shared/service-ids.ts';

const STORAGE_KEY = 'studio-design';
/** The query flag "Use this design" adds, so the form knows to look for one. */
export const DESIGN_PARAM = 'design';

/** What the form shows and posts: the design's JSON, checked again by the server, and its summary. */
export interface HandedDesign {
  json: string;
  summary: string;
  /** The studio's address on this design, for "Edit it". */
  editPath: string;
}

export function saveHandedDesign(design: HandedDesign): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(design));
  } catch {
    // Storage full or refused (a private window): the form then simply has no design to show.
  }
}

export function readHandedDesign(): HandedDesign | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { json, summary, editPath } = parsed as Record<string, unknown>;
    return typeof json === 'string' && typeof summary === 'string' && typeof editPath === 'string'
      ? { json, summary, editPath }
      : null;
  } catch {
    return null;
  }
}

export function dropHandedDesign(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to drop.
  }
}

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
