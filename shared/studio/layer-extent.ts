/**
 * How large layers print, in inches, unturned: the studio measures with the fonts it has loaded, the server
 * with its own copies of the same faces, so the studio's panel and the shop's sheet read the same sizes.
 */
import type { Font } from 'opentype.js';
import type { DesignLayer } from './design-schema.ts';
import { textGeometry } from './text-geometry.ts';

export interface LayerSize {
  width: number;
  height: number;
}

/** A layer's font, or null while it is still loading (the browser fetches faces as they are used). */
export type FontOf = (fontId: string) => Font | null;

/** What a layer measures as drawn, unturned, or null while its font is not there. */
export function layerSize(layer: DesignLayer, fontOf: FontOf): LayerSize | null {
  if (layer.kind === 'motif') return { width: layer.widthInches, height: layer.widthInches };
  if (layer.kind === 'upload') return { width: layer.widthInches, height: layer.heightInches ?? layer.widthInches };
  const font = fontOf(layer.fontId);
  if (!font) return null;
  const { bounds } = textGeometry(font, layer);
  const outline = layer.outline ? layer.outline.widthInches * 2 : 0;
  return { width: bounds.maxX - bounds.minX + outline, height: bounds.maxY - bounds.minY + outline };
}

/** The box around every layer (a layer whose font has not loaded is left out), to the hundredth of an inch. */
export function layersExtent(
  layers: readonly DesignLayer[],
  fontOf: FontOf,
): { widthInches: number; heightInches: number } {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const layer of layers) {
    const size = layerSize(layer, fontOf);
    if (!size) continue;
    left = Math.min(left, layer.x - size.width / 2);
    right = Math.max(right, layer.x + size.width / 2);
    top = Math.min(top, layer.y - size.height / 2);
    bottom = Math.max(bottom, layer.y + size.height / 2);
  }
  if (left > right) return { widthInches: 0, heightInches: 0 };
  const round = (value: number) => Math.round(value * 100) / 100;
  return { widthInches: round(right - left), heightInches: round(bottom - top) };
}
