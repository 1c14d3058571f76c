import sharp from '#server/studio/bounded-sharp.ts';
import { artOnPicture, designExtent } from '#server/studio/design-on-garment.ts';
import { prepareArt, type UploadPicture } from '#server/studio/press-file.ts';
import { studioFont } from '#server/studio/studio-fonts.ts';
import type { GarmentColor } from '#shared/garments/catalogue.ts';
import { garmentSvg } from '#shared/garments/garment-drawings.ts';
import {
  areaBox,
  artBox,
  clampPlacement,
  defaultPlacement,
  effectiveDpi,
  heightInches,
  MIN_PRINT_DPI,
  type PictureView,
  type Placement,
  placementProblem,
  viewOf,
} from '#shared/garments/placement-geometry.ts';
import { printAreaProblem } from '#shared/garments/print-size-class.ts';
import type { Garment } from '#shared/pricing/types.ts';
import { ARTWORK_FIELD } from '#shared/submissions/artwork.ts';
import type { FieldErrors } from '#shared/submissions/form-values.ts';
import { locationFields } from '#shared/submissions/quote-fields.ts';
import { ArtworkImageError, type OpenedArtwork, openArtwork } from './artwork-image.ts';
import { uploadPictures } from './design-pictures.ts';
import type { DesignLocation, MockupOrder } from './mockup-order.ts';
import type { MockupPlacement, NewMockup } from './mockup-store.ts';

/**
 * The mockups of a quote request: the garment's picture in its colour with each location's artwork where the
 * customer put it, one image per view that carries artwork, at the geometry the browser's placement tool uses
 * (shared/garments/placement-geometry.ts). A position the customer gave is kept exactly or refused; a width
 * given without a position (the form without JavaScript) is centred at the top of the area and narrowed to
 * fit if the artwork is too tall for it, and the mockup says so. A studio design's location is drawn as its
 * press file is, inside the print area at true size, as the studio's preview showed it.
 */

/** The pictures are drawn at 600 × 700 and rendered at this scale: sharp enough for a phone and a mail. */
export const MOCKUP_SCALE = 1.5;
const JPEG_QUALITY = 85;
/** A full front on the mockup is about 330 px across: a picture this size is ample. */
const MOCKUP_PICTURE_PIXELS = 800;

export interface MockupResult {
  mockups: NewMockup[];
  /** By form field: a file that cannot be opened (beside the files), a placement that does not fit. */
  errors: FieldErrors;
}

interface Drawn {
  view: PictureView;
  box: { x: number; y: number; width: number; height: number };
  artwork: OpenedArtwork;
  placed: MockupPlacement;
}

/** A studio design's location on its view: the SVG placed in the print area, and what it shows. */
interface DrawnDesign {
  view: PictureView;
  svg: string;
  placed: MockupPlacement;
}

/** What the mockup says of a design's location: where it came from, and what it could not draw as asked. */
function designNotes(prepared: ReturnType<typeof prepareArt>): string[] {
  const notes = [`From the studio design, ${prepared.drawn.length} layer${prepared.drawn.length === 1 ? '' : 's'}.`];
  for (const { layer, chars } of prepared.missing)
    notes.push(`Layer ${layer + 1}: the font has no ${chars.join(' ')}, which prints as an empty box.`);
  if (prepared.missingUploads.length > 0)
    notes.push('A picture layer is not drawn here (its file was not sent with it): the shop places it by hand.');
  return notes;
}

function drawDesign(
  type: NonNullable<Garment['type']>,
  garment: Garment,
  location: DesignLocation,
  pictures: (uploadId: string) => UploadPicture | undefined,
): DrawnDesign | undefined {
  const limit = garment.printAreas?.find((area) => area.placement === location.placement);
  const view = viewOf(type, location.placement);
  const box = limit ? areaBox(type, limit) : undefined;
  if (!limit || !view || !box) return undefined;
  const prepared = prepareArt(
    { location: location.placement, area: limit, layers: location.layers },
    { fonts: studioFont, uploads: pictures },
  );
  const extent = designExtent(location.layers, studioFont);
  if (!extent) return undefined;
  return {
    view,
    svg: artOnPicture(prepared, box),
    placed: {
      row: location.row,
      placement: location.placement,
      ...extent,
      notes: designNotes(prepared),
      fromDesign: true,
    },
  };
}

/** Renders the order's mockups, or says what stops them (nothing is drawn then). */
export async function renderMockups(order: MockupOrder): Promise<MockupResult> {
  const { garment, color } = order;
  const type = garment.type;
  if (!type) return { mockups: [], errors: {} };
  const errors: FieldErrors = {};
  const drawn: Drawn[] = [];
  const opened = new Map<number, OpenedArtwork | undefined>();
  for (const location of order.locations) {
    const names = locationFields(location.row);
    const limit = garment.printAreas?.find((area) => area.placement === location.placement);
    const view = viewOf(type, location.placement);
    const file = order.files[location.file];
    if (!limit || !view || !file) continue;
    let artwork: OpenedArtwork | undefined;
    try {
      if (!opened.has(location.file)) opened.set(location.file, await openArtwork(file));
      artwork = opened.get(location.file);
    } catch (error) {
      if (!(error instanceof ArtworkImageError)) throw error;
      errors[ARTWORK_FIELD] = error.message;
      continue;
    }
    // PDF, AI and EPS: the shop places these by hand; the request says so, with no picture.
    if (!artwork) continue;
    const aspect = artwork.height / artwork.width;
    const notes = [...artwork.notes];
    let placement: Placement;
    if (location.art.xInches === undefined && location.art.yInches === undefined) {
      const wanted = location.art.widthInches;
      placement = defaultPlacement(limit, aspect, wanted);
      if (placement.widthInches < wanted)
        notes.push(
          `Narrowed from ${wanted} in to ${placement.widthInches} in wide: at ${wanted} in the artwork is taller than the print area (${limit.heightInches} in).`,
        );
    } else {
      const given = {
        widthInches: location.art.widthInches,
        xInches: location.art.xInches ?? 0,
        yInches: location.art.yInches ?? 0,
      };
      const problem = placementProblem(given, limit, aspect);
      if (problem) {
        errors[location.art.widthInches > limit.widthInches ? names.artWidth : names.artX] = problem;
        continue;
      }
      placement = clampPlacement(given, limit, aspect).placement;
    }
    const printed = { widthInches: placement.widthInches, heightInches: heightInches(placement.widthInches, aspect) };
    const tooSmall =
      order.printAreas && location.area ? printAreaProblem(order.printAreas, location.area, printed) : null;
    if (tooSmall) {
      errors[names.area] = tooSmall;
      continue;
    }
    const box = artBox(type, limit, placement, aspect);
    if (!box) continue;
    const dpi = artwork.vector ? undefined : effectiveDpi(artwork.width, placement.widthInches);
    if (dpi !== undefined && dpi < MIN_PRINT_DPI)
      notes.push(`${dpi} dpi at this size: under ${MIN_PRINT_DPI} dpi the print may look soft or jagged.`);
    drawn.push({
      view,
      box,
      artwork,
      placed: {
        row: location.row,
        placement: location.placement,
        file: location.file,
        widthInches: placement.widthInches,
        heightInches: printed.heightInches,
        xInches: placement.xInches,
        yInches: placement.yInches,
        ...(dpi !== undefined ? { dpi } : {}),
        notes,
      },
    });
  }
  if (Object.keys(errors).length > 0) return { mockups: [], errors };
  // The pictures a design places are among the request's files, matched by content.
  const pictures = await uploadPictures(
    (order.design ?? []).flatMap((location) => location.layers),
    order.files,
    MOCKUP_PICTURE_PIXELS,
  );
  const designs = (order.design ?? []).flatMap((location) => drawDesign(type, garment, location, pictures) ?? []);
  const mockups: NewMockup[] = [];
  for (const view of ['front', 'back'] as const) {
    const here = drawn.filter((item) => item.view === view);
    const designed = designs.filter((item) => item.view === view);
    if (here.length === 0 && designed.length === 0) continue;
    mockups.push({
      view,
      mediaType: 'image/jpeg',
      data: await composeView(type, view, color, here, designed.map((item) => item.svg).join('')),
      details: {
        garmentId: garment.id,
        garmentName: garment.name,
        color: color.name,
        hex: color.hex,
        placements: [...designed, ...here].map((item) => item.placed).sort((a, b) => a.row - b.row),
      },
    });
  }
  return { mockups, errors };
}

async function composeView(
  type: NonNullable<Garment['type']>,
  view: PictureView,
  color: GarmentColor,
  drawn: Drawn[],
  /** The design's locations, drawn into the garment's own SVG: vector to the last pixel, one render. */
  designSvg: string,
): Promise<Buffer> {
  const layers = await Promise.all(
    drawn.map(async ({ box, artwork }) => {
      const width = Math.max(1, Math.round(box.width * MOCKUP_SCALE));
      const height = Math.max(1, Math.round(box.height * MOCKUP_SCALE));
      const { data, ...raw } = await artwork.pixels(width, height);
      return {
        input: data,
        raw,
        left: Math.round(box.x * MOCKUP_SCALE),
        top: Math.round(box.y * MOCKUP_SCALE),
      };
    }),
  );
  return sharp(Buffer.from(garmentSvg(type, view, color.hex, designSvg)), { density: 72 * MOCKUP_SCALE })
    .composite(layers)
    .flatten({ background: '#f5f5f4' })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}
