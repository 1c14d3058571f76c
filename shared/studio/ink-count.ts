/**
 * How many inks, and for screen printing how many screens, each location of a design takes: what the
 * customer is priced on and what the shop burns. Distinct inks count once per location, whichever layers
 * use them; an outline's ink counts like any other. On a dark garment a screen print needs a white
 * underbase under the colours, one more screen. The price files add that screen themselves
 * (`darkGarmentExtraColors`), so pricing takes `inks`, not `screens`.
 *
 * An upload has no ink of its own in the design (its colours are separated by the shop), so it is counted
 * apart and named in the sentence rather than guessed.
 */
import type { ServiceId } from '#shared/service-ids.ts';
import type { StudioDesign, StudioLocation } from './design-schema.ts';

export interface LocationInks {
  location: StudioLocation;
  /** Ink ids in the order they are first used, bottom layer first. */
  inks: string[];
  underbase: boolean;
  /** Screen printing only: inks plus the underbase. Zero for the other methods. */
  screens: number;
  uploads: number;
  sentence: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function sentenceFor(method: ServiceId, inks: number, underbase: boolean, uploads: number): string {
  let sentence: string;
  if (method === 'screen-printing')
    sentence = underbase
      ? `${plural(inks, 'ink', 'inks')} + underbase = ${plural(inks + 1, 'screen', 'screens')}`
      : `${plural(inks, 'ink', 'inks')} = ${plural(inks, 'screen', 'screens')}`;
  else if (method === 'embroidery') sentence = plural(inks, 'thread colour', 'thread colours');
  else sentence = `${plural(inks, 'ink colour', 'ink colours')}, printed in full colour (no screens)`;
  if (uploads > 0) sentence += `, plus the colours of ${plural(uploads, 'upload', 'uploads')} (the shop counts those)`;
  return sentence;
}

export function countInks(design: StudioDesign, garmentIsDark: boolean): LocationInks[] {
  const counted: LocationInks[] = [];
  for (const [location, layers] of Object.entries(design.locations) as [
    StudioLocation,
    StudioDesign['locations'][StudioLocation],
  ][]) {
    if (!layers || layers.length === 0) continue;
    const inks: string[] = [];
    const add = (inkId: string) => {
      if (!inks.includes(inkId)) inks.push(inkId);
    };
    let uploads = 0;
    for (const layer of layers) {
      if (layer.kind === 'upload') uploads += 1;
      else {
        if (layer.kind === 'text' && layer.outline) add(layer.outline.inkId);
        add(layer.inkId);
      }
    }
    const screen = design.method === 'screen-printing';
    const underbase = screen && garmentIsDark && inks.length + uploads > 0;
    counted.push({
      location,
      inks,
      underbase,
      screens: screen ? inks.length + (underbase ? 1 : 0) : 0,
      uploads,
      sentence: sentenceFor(design.method, inks.length, underbase, uploads),
    });
  }
  return counted;
}
