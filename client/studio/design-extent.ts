/**
 * How large the whole design prints, in inches: the box around every layer (unturned), which the DTG price
 * (by print size), embroidery's (by width) and the size-by-size panel are read from.
 */
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { layersExtent } from '#shared/studio/layer-extent.ts';
import { loadedFont } from './studio-fonts.ts';

export function designExtent(layers: readonly DesignLayer[]): { widthInches: number; heightInches: number } {
  return layersExtent(layers, (fontId) => loadedFont(fontId) ?? null);
}
