/**
 * How large the whole design prints, in inches: the box around every layer (unturned), which the DTG price
 * (by print size) and embroidery's (by width) are read from.
 */
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { measure } from './layer-fit.ts';

export function designExtent(layers: readonly DesignLayer[]): { widthInches: number; heightInches: number } {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const layer of layers) {
    const size = measure(layer);
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
