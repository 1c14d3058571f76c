/**
 * Keeps every layer printable: what is larger than the print area is shrunk to fit, and a layer's centre
 * stays where its whole drawing is inside the area when it can. The note says what was changed, so the
 * customer hears why the size they typed is not the size they got.
 */
import type { PrintAreaLimit } from '#shared/garments/catalogue.ts';
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { type LayerSize, layerSize } from '#shared/studio/layer-extent.ts';
import { inchesWord } from './layer-words.ts';
import { loadedFont } from './studio-fonts.ts';

export type Size = LayerSize;

/** What a layer measures as drawn, unturned, or null while its font is still loading. */
export function measure(layer: DesignLayer): Size | null {
  return layerSize(layer, (fontId) => loadedFont(fontId) ?? null);
}

const down2 = (value: number) => Math.floor(value * 100) / 100;
const round2 = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

/** The layer drawn `factor` times as large, its proportions kept (never under a tenth of an inch). */
export function resized(layer: DesignLayer, factor: number): DesignLayer {
  if (layer.kind === 'text') return { ...layer, sizeInches: Math.max(0.1, down2(layer.sizeInches * factor)) };
  const widthInches = Math.max(0.1, down2(layer.widthInches * factor));
  if (layer.kind === 'upload' && layer.heightInches)
    return { ...layer, widthInches, heightInches: Math.max(0.1, down2(layer.heightInches * factor)) };
  return { ...layer, widthInches };
}

export interface Fitted {
  layer: DesignLayer;
  /** Said after the change's own words; empty when nothing needed fitting. */
  note: string;
}

export function fitToArea(layer: DesignLayer, area: PrintAreaLimit): Fitted {
  let fitted = layer;
  let note = '';
  const size = measure(layer);
  if (size && (size.width > area.widthInches || size.height > area.heightInches)) {
    const factor = Math.min(area.widthInches / size.width, area.heightInches / size.height);
    fitted = resized(layer, factor);
    const what =
      fitted.kind === 'text' ? `letters ${inchesWord(fitted.sizeInches)} tall` : inchesWord(fitted.widthInches);
    note = `Too large for the ${area.widthInches} × ${area.heightInches} in print area: shrunk to ${what}.`;
  }
  const now = measure(fitted) ?? { width: 0, height: 0 };
  const x = round2(clamp(fitted.x, now.width / 2, area.widthInches - now.width / 2));
  const y = round2(clamp(fitted.y, now.height / 2, area.heightInches - now.height / 2));
  if (x !== fitted.x || y !== fitted.y) {
    fitted = { ...fitted, x, y };
    if (!note) note = 'Kept inside the print area.';
  }
  return { layer: fitted, note };
}
