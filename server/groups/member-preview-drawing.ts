/**
 * A member's shirt as the design prints for them: the garment in its colour with each location's layers
 * drawn as the press file draws them (server/studio/design-on-garment.ts), so the name and number a player
 * sees are in the font, ink, size and arc that print. Loaded only when a preview is asked for: it brings
 * sharp and the fonts.
 */
import sharp from '#server/studio/bounded-sharp.ts';
import { artOnPicture } from '#server/studio/design-on-garment.ts';
import { prepareArt } from '#server/studio/press-file.ts';
import { studioFont } from '#server/studio/studio-fonts.ts';
import type { CatalogueGarment, PrintLocation } from '#shared/garments/catalogue.ts';
import { garmentSvg } from '#shared/garments/garment-drawings.ts';
import { areaBox, type PictureView, viewOf } from '#shared/garments/placement-geometry.ts';
import type { StudioDesign } from '#shared/studio/design-schema.ts';

/** A phone's width at twice its pixels is about 780: the picture's own 600 px wide is sharp enough. */
const JPEG_QUALITY = 82;

/** Each view the design prints on, as one JPEG; a view with nothing to draw is left out. */
export async function drawMemberPreview(
  design: StudioDesign,
  garment: CatalogueGarment,
  hex: string,
): Promise<Map<PictureView, Buffer>> {
  const svgs = new Map<PictureView, string>();
  for (const [placement, layers] of Object.entries(design.locations) as [
    PrintLocation,
    StudioDesign['locations'][PrintLocation],
  ][]) {
    const area = garment.printAreas.find((candidate) => candidate.placement === placement);
    const view = viewOf(garment.type, placement);
    const box = area && areaBox(garment.type, area);
    if (!layers?.length || !area || !view || !box) continue;
    const prepared = prepareArt({ location: placement, area, layers }, { fonts: studioFont });
    svgs.set(view, (svgs.get(view) ?? '') + artOnPicture(prepared, box));
  }
  const pictures = new Map<PictureView, Buffer>();
  for (const view of ['front', 'back'] as const) {
    const art = svgs.get(view);
    if (art === undefined) continue;
    pictures.set(
      view,
      await sharp(Buffer.from(garmentSvg(garment.type, view, hex, art)), { density: 72 })
        .flatten({ background: '#f5f5f4' })
        .jpeg({ quality: JPEG_QUALITY })
        .toBuffer(),
    );
  }
  return pictures;
}
