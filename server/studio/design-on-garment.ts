/**
 * A design location on the garment picture of the mockups: the press file's own drawing, placed in the
 * print area's box, and the box around what it prints. The mockup then shows exactly what the press file
 * holds, layer for layer, at the size it prints.
 */
import type { Box } from '#shared/garments/placement-geometry.ts';
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import type { FontLookup } from '#shared/studio/layer-shapes.ts';
import { textGeometry } from '#shared/studio/text-geometry.ts';
import { type PreparedArt, pressGroups } from './press-file.ts';

/**
 * The location's layers inside the print area's box on the picture (in the picture's pixels): a nested SVG
 * whose viewBox is the area in inches, so each layer is at true size for the picture's scale, and whose
 * viewport cuts off whatever lies outside the area, as the press file's page does: the mockup shows what
 * prints, not more.
 */
export function artOnPicture(prepared: PreparedArt, box: Box): string {
  const { widthInches, heightInches } = prepared.art.area;
  return `<svg x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" viewBox="0 0 ${widthInches} ${heightInches}" preserveAspectRatio="none" overflow="hidden">${pressGroups(prepared).join('')}</svg>`;
}

/** Where the design prints in its area, in inches: the top-left corner of the box around it and its size. */
export interface DesignExtent {
  xInches: number;
  yInches: number;
  widthInches: number;
  heightInches: number;
}

/** A layer's size as drawn, unturned: the studio measures it the same way to price the print's size. */
function layerSize(layer: DesignLayer, fonts: FontLookup): { width: number; height: number } {
  if (layer.kind === 'upload') return { width: layer.widthInches, height: layer.heightInches ?? layer.widthInches };
  if (layer.kind !== 'text') return { width: layer.widthInches, height: layer.widthInches };
  const { bounds } = textGeometry(fonts(layer.fontId), layer);
  const outline = layer.outline ? layer.outline.widthInches * 2 : 0;
  return { width: bounds.maxX - bounds.minX + outline, height: bounds.maxY - bounds.minY + outline };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The box around every layer (unturned, as the studio's price reads it), or null for no layer. */
export function designExtent(layers: readonly DesignLayer[], fonts: FontLookup): DesignExtent | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const layer of layers) {
    const size = layerSize(layer, fonts);
    left = Math.min(left, layer.x - size.width / 2);
    right = Math.max(right, layer.x + size.width / 2);
    top = Math.min(top, layer.y - size.height / 2);
    bottom = Math.max(bottom, layer.y + size.height / 2);
  }
  if (left > right) return null;
  return {
    xInches: round2(left),
    yInches: round2(top),
    widthInches: round2(right - left),
    heightInches: round2(bottom - top),
  };
}
