/**
 * How a design travels from the studio back to the quote form: the browser's session storage, so a long
 * design never rides in the address and a reload of the form keeps it. Nothing heavy is imported here:
 * the quote form reads this module, and its first load must not carry the studio.
 */
import type { PrintLocation } from '#shared/garments/catalogue.ts';
import { isServiceId } from '#shared/service-ids.ts';
import type { StudioDesign } from '#shared/studio/design-schema.ts';
import { countInks } from '#shared/studio/ink-count.ts';
import { placements } from '#shared/submissions/quote-fields.ts';
import { studioPath } from './studio-path.ts';

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

/** "Your design: 2 inks, front": the studio's words for a design, and the form's for one it came back with. */
export function designSummary(inks: number, location: string): string {
  const place = placements[location as keyof typeof placements] ?? location;
  return `Your design: ${inks} ${inks === 1 ? 'ink' : 'inks'}, ${place.toLowerCase()}`;
}

/** The first print location with layers, and its ink count, of a design read without its schema. */
function firstPrint(json: string): { design: StudioDesign; location: PrintLocation; inks: number } | null {
  try {
    const parsed = JSON.parse(json) as Partial<StudioDesign> | null;
    if (
      typeof parsed?.garmentId !== 'string' ||
      typeof parsed.colorName !== 'string' ||
      !isServiceId(String(parsed.method)) ||
      typeof parsed.locations !== 'object' ||
      parsed.locations === null ||
      !Object.values(parsed.locations).every(
        (layers) => Array.isArray(layers) && layers.every((layer) => typeof layer === 'object' && layer !== null),
      )
    )
      return null;
    const design = parsed as StudioDesign;
    const [first] = countInks(design, false);
    return first ? { design, location: first.location, inks: first.count } : null;
  } catch {
    // Not JSON, or layers of a shape the count cannot read: the server names what is wrong.
    return null;
  }
}

/**
 * A design the form came back with from the server (a refused post, "order again"): its JSON kept as sent,
 * whatever it holds, so a second send carries it again and the server's sentence about it still applies.
 * The summary is counted here without the design's schema, which would bring the studio's fonts and motifs
 * into the form's first load; the server checks the design in full anyway.
 */
export function handedFromForm(json: string, quantity: number): HandedDesign {
  const print = firstPrint(json);
  // A design it cannot read has no garment to open the studio on: the studio alone points to the quote form.
  if (!print) return { json, summary: 'Your design', editPath: '/pricing/studio' };
  return {
    json,
    summary: designSummary(print.inks, print.location),
    editPath: studioPath({
      garment: print.design.garmentId,
      color: print.design.colorName,
      method: print.design.method,
      location: print.location,
      quantity,
    }),
  };
}
