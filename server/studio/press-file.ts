/**
 * The press-ready file of one print location: the art at true size, text as outlines, every layer in its
 * ink's colour, as SVG (width and height in inches, a viewBox in inches) and as PDF (vector paths, 72 pt
 * to the inch). The page is the print area, so the file's corner is the area's corner and the press
 * operator lines it up the way the customer placed it.
 */

import { escapeHtml } from '#shared/escape-html.ts';
import type { PrintAreaLimit } from '#shared/garments/catalogue.ts';
import type { DesignLayer, UploadLayer } from '#shared/studio/design-schema.ts';
import { inkById } from '#shared/studio/inks.ts';
import { type DrawnLayer, drawLayer, type FontLookup, svgTransform } from '#shared/studio/layer-shapes.ts';
import { drawLayerPdf, newPdf, POINTS_PER_INCH } from './pdf-drawing.ts';

/** An upload's picture, as the uploads store hands it over. */
export interface UploadPicture {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  /** Height over width. */
  aspect: number;
}

export interface LocationArt {
  location: string;
  area: PrintAreaLimit;
  layers: readonly DesignLayer[];
}

export interface PressOptions {
  fonts: FontLookup;
  uploads?: (uploadId: string) => UploadPicture | undefined;
}

/** What the design draws, layer by layer, and what could not be drawn as asked. */
export interface PreparedArt {
  art: LocationArt;
  drawn: (DrawnLayer | { kind: 'upload'; layer: UploadLayer; picture: UploadPicture | undefined })[];
  /** Per layer index, the characters its font lacks (drawn as the font's empty box). */
  missing: { layer: number; chars: string[] }[];
  missingUploads: string[];
}

export function prepareArt(art: LocationArt, options: PressOptions): PreparedArt {
  const missing: PreparedArt['missing'] = [];
  const missingUploads: string[] = [];
  const drawn = art.layers.map((layer, index) => {
    if (layer.kind === 'upload') {
      const picture = options.uploads?.(layer.uploadId);
      if (!picture) missingUploads.push(layer.uploadId);
      return { kind: 'upload' as const, layer, picture };
    }
    const shape = drawLayer(layer, options.fonts) as DrawnLayer;
    if (shape.missing.length > 0) missing.push({ layer: index, chars: shape.missing });
    return shape;
  });
  return { art, drawn, missing, missingUploads };
}

const swatch = (inkId: string) => inkById(inkId)?.hex ?? '#000000';

function svgLayer(layer: DrawnLayer, index: number, colourOf: (inkId: string) => string): string {
  const paths = layer.paints.flatMap((paint) => {
    const colour = colourOf(paint.inkId);
    const look =
      paint.strokeWidth === null
        ? `fill="${colour}"`
        : `fill="${paint.fillToo ? colour : 'none'}" stroke="${colour}" stroke-width="${paint.strokeWidth}" stroke-linecap="round" stroke-linejoin="round"`;
    return paint.pathData.map((d) => `<path d="${d}" ${look}/>`);
  });
  return `<g id="layer-${index + 1}" data-kind="${layer.kind}" transform="${svgTransform(layer.placement)}">${paths.join('')}</g>`;
}

function svgUpload(layer: UploadLayer, picture: UploadPicture, index: number): string {
  const width = layer.widthInches;
  const height = width * picture.aspect;
  const href = `data:${picture.mime};base64,${picture.bytes.toString('base64')}`;
  return `<g id="layer-${index + 1}" data-kind="upload" transform="translate(${layer.x} ${layer.y}) rotate(${layer.rotation})"><image href="${href}" x="${-width / 2}" y="${-height / 2}" width="${width}" height="${height}" preserveAspectRatio="none"/></g>`;
}

/**
 * The location's layers as SVG groups in inches from the print area's top-left corner: the press file's
 * content, and what the mockup places inside the area on the garment, so both show the same drawing.
 */
export function pressGroups(prepared: PreparedArt, colourOf: (inkId: string) => string = swatch): string[] {
  return prepared.drawn.map((item, index) => {
    if (item.kind !== 'upload') return svgLayer(item, index, colourOf);
    return item.picture
      ? svgUpload(item.layer, item.picture, index)
      : `<g id="layer-${index + 1}" data-kind="upload"/>`;
  });
}

/** The location's art as SVG at true size. */
export function pressSvg(prepared: PreparedArt, colourOf: (inkId: string) => string = swatch): string {
  const { widthInches: width, heightInches: height } = prepared.art.area;
  const groups = pressGroups(prepared, colourOf);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}in" height="${height}in" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeHtml(prepared.art.location)} print, ${width} × ${height} in</title>`,
    ...groups,
    '</svg>',
  ].join('\n');
}

/** The location's art as a one-page PDF at true size. */
export async function pressPdf(prepared: PreparedArt): Promise<Buffer> {
  const { widthInches: width, heightInches: height } = prepared.art.area;
  const { doc, bytes } = newPdf(width, height, `${prepared.art.location} print`);
  for (const item of prepared.drawn) {
    if (item.kind !== 'upload') drawLayerPdf(doc, item, swatch, 0, 0);
    else if (item.picture) {
      const { layer, picture } = item;
      doc.save();
      doc.translate(layer.x * POINTS_PER_INCH, layer.y * POINTS_PER_INCH).rotate(layer.rotation);
      const w = layer.widthInches * POINTS_PER_INCH;
      const h = w * picture.aspect;
      doc.image(picture.bytes, -w / 2, -h / 2, { width: w, height: h });
      doc.restore();
    }
  }
  doc.end();
  return bytes;
}
