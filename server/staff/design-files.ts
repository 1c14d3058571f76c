/**
 * A request's studio design as the desk works from it: per print location, the ink count and the files
 * for the press (server/studio draws them). The counts come from the design alone, so the request page
 * shows them without drawing anything; the files are drawn when downloaded.
 */
import { filmsPdf } from '#server/studio/films.ts';
import { type MemberPrint, memberSheetsPdf } from '#server/studio/member-sheets.ts';
import { type PressOptions, prepareArt, pressPdf, pressSvg } from '#server/studio/press-file.ts';
import { studioFont } from '#server/studio/studio-fonts.ts';
import type { DeskDesignLocation } from '#shared/desk-contract.ts';
import type { CatalogueGarment, PrintAreaLimit } from '#shared/garments/catalogue.ts';
import type { DesignLayer, StudioDesign, StudioLocation } from '#shared/studio/design-schema.ts';
import { countInks, type LocationInks } from '#shared/studio/ink-count.ts';
import { inkById } from '#shared/studio/inks.ts';
import { isMemberLayer, withoutMemberText } from '#shared/studio/member-text.ts';
import { designOnDark } from '#shared/submissions/design-field.ts';
import { placements } from '#shared/submissions/quote-fields.ts';

export const designFileNames = ['press.svg', 'press.pdf', 'films.pdf', 'names.pdf'] as const;
export type DesignFileName = (typeof designFileNames)[number];

interface DesignLocation {
  location: StudioLocation;
  /** The garment's print area here; undefined when the catalogue no longer lists it. */
  area: PrintAreaLimit | undefined;
  layers: readonly DesignLayer[];
  counted: LocationInks;
  /**
   * What every shirt shares, burned into screens: the layers but each member's name and number, and their
   * count. Undefined where the location prints nothing but names and numbers.
   */
  shared: { layers: readonly DesignLayer[]; counted: LocationInks } | undefined;
  /** Whether each member's name or number is printed here (from the names sheet). */
  memberText: boolean;
}

/** The design's locations that have layers, bottom layer first, with their counts. */
export function designLocations(design: StudioDesign, garments: readonly CatalogueGarment[]): DesignLocation[] {
  const garment = garments.find((candidate) => candidate.id === design.garmentId);
  const dark = designOnDark(design, garments);
  const sharedDesign = withoutMemberText(design);
  const shared = countInks(sharedDesign, dark);
  return countInks(design, dark).map((counted) => {
    const layers = design.locations[counted.location] ?? [];
    const sharedCounted = shared.find((candidate) => candidate.location === counted.location);
    return {
      location: counted.location,
      area: garment?.printAreas.find((area) => area.placement === counted.location),
      layers,
      counted,
      shared: sharedCounted && {
        layers: sharedDesign.locations[counted.location] ?? [],
        counted: sharedCounted,
      },
      memberText: layers.some(isMemberLayer),
    };
  });
}

/**
 * The public studio page on the design's garment and this location, told which request to load from and save
 * to: the page itself carries nothing of the request, the design comes from the desk's JSON route.
 */
function deskStudioPath(design: StudioDesign, location: StudioLocation, base: string): string {
  const reference = base.slice(base.lastIndexOf('/') + 1);
  const query = new URLSearchParams({
    garment: design.garmentId,
    color: design.colorName,
    method: design.method,
    location,
    request: reference,
  });
  return `/pricing/studio?${query}`;
}

/** The desk's design section: `base` is the request's desk address. */
export function deskDesignView(
  design: StudioDesign,
  garments: readonly CatalogueGarment[],
  base: string,
): DeskDesignLocation[] {
  const screen = design.method === 'screen-printing';
  return designLocations(design, garments).map(({ location, counted, shared, memberText }) => {
    const at = `${base}/design/${location}`;
    const films = screen ? (shared?.counted.screens ?? 0) : 0;
    return {
      label: placements[location],
      sentence: counted.sentence,
      inks: counted.inks.map((id) => inkById(id)?.name ?? id),
      films,
      files: {
        ...(shared ? { svg: `${at}/press.svg`, pdf: `${at}/press.pdf` } : {}),
        ...(films > 0 ? { films: `${at}/films.pdf` } : {}),
        ...(memberText ? { names: `${at}/names.pdf` } : {}),
      },
      studio: deskStudioPath(design, location, base),
    };
  });
}

/** A file drawn, or why it cannot be (said to the desk as a 404's message). */
export type DrawnFile = { ok: true; body: Buffer; type: string } | { ok: false; message: string };

/** What a location's files are drawn with besides the design: the customer's pictures, the group's members. */
export interface DesignFileSources {
  uploads?: PressOptions['uploads'];
  /** The group's members still in it, for the names sheet; undefined for a request with no group. */
  members?: readonly MemberPrint[];
}

/** One of the location's files for the press, drawn now. */
export async function drawDesignFile(
  design: StudioDesign,
  place: DesignLocation,
  file: DesignFileName,
  sources: DesignFileSources = {},
): Promise<DrawnFile> {
  if (!place.area)
    return { ok: false, message: `The garment's ${place.location} print area is no longer in the catalogue.` };
  if (file === 'names.pdf') {
    if (!place.memberText) return { ok: false, message: `The ${place.location} print has no member’s name or number.` };
    const sheets = await memberSheetsPdf(design, place.location, place.area, sources.members ?? [], studioFont);
    if (!sheets) return { ok: false, message: 'No member of the group has given a name or number yet.' };
    return { ok: true, body: sheets.pdf, type: 'application/pdf' };
  }
  // The shared art only: a sample "PLAYER" burned into a screen would print on every shirt.
  const { shared } = place;
  if (!shared)
    return {
      ok: false,
      message: `The ${place.location} print is each member’s name and number only: see its names sheet (names.pdf).`,
    };
  if (file === 'films.pdf' && design.method !== 'screen-printing')
    return { ok: false, message: 'Films are made for screen printing only.' };
  if (file === 'films.pdf' && shared.counted.screens === 0)
    return { ok: false, message: `The ${place.location} print has no ink of its own to make films of.` };
  const prepared = prepareArt(
    { location: place.location, area: place.area, layers: shared.layers },
    { fonts: studioFont, ...(sources.uploads ? { uploads: sources.uploads } : {}) },
  );
  if (file === 'press.svg') return { ok: true, body: Buffer.from(pressSvg(prepared)), type: 'image/svg+xml' };
  if (file === 'press.pdf') return { ok: true, body: await pressPdf(prepared), type: 'application/pdf' };
  return { ok: true, body: (await filmsPdf(prepared, shared.counted)).pdf, type: 'application/pdf' };
}
