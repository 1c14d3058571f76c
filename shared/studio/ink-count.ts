/**
 * How many inks, and for screen printing how many screens, each location of a design takes: what the
 * customer is priced on and what the shop burns. Distinct inks count once per location, whichever layers
 * use them; an outline's ink counts like any other. On a dark garment a screen print needs a white
 * underbase under the colours, one more screen. The price files add that screen themselves
 * (`darkGarmentExtraColors`), so pricing takes `inks`, not `screens`.
 *
 * An upload has no ink of the shop's in the design: its colours count as the customer confirmed them
 * (the studio reads the picture and asks), and a picture whose colours nobody confirmed is named in the
 * sentence for the shop to count rather than guessed.
 */
import type { ServiceId } from '#shared/service-ids.ts';
import type { StudioDesign, StudioLocation } from './design-schema.ts';

export interface LocationInks {
  location: StudioLocation;
  /** Ink ids in the order they are first used, bottom layer first. */
  inks: string[];
  /** What the location is priced on: its inks plus the colours confirmed for its pictures. */
  count: number;
  underbase: boolean;
  /** Screen printing only: inks plus the underbase. Zero for the other methods. */
  screens: number;
  /** Pictures whose colours nobody confirmed: the shop counts those. */
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
  // Direct to garment prints every shade of a picture: its colours change neither the screens nor the price.
  if (method === 'direct-to-garment' && uploads > 0 && inks === 0) return 'Printed in full colour (no screens)';
  if (uploads === 0 || method === 'direct-to-garment') return sentence;
  const colours = `colours of ${plural(uploads, 'picture', 'pictures')} (the shop counts those)`;
  // Nothing but pictures yet: "0 inks" would read as a design with nothing to print.
  if (inks === 0) return `The ${colours}${underbase ? ' + underbase' : ''}`;
  return `${sentence}, plus the ${colours}`;
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
    let pictureColours = 0;
    for (const layer of layers) {
      if (layer.kind === 'upload') {
        // Two pictures may share a colour, but telling so needs the shop's eye: each counts its own.
        if (layer.colours) pictureColours += layer.colours;
        else uploads += 1;
      } else {
        if (layer.kind === 'text' && layer.outline) add(layer.outline.inkId);
        add(layer.inkId);
      }
    }
    const screen = design.method === 'screen-printing';
    const count = inks.length + pictureColours;
    const underbase = screen && garmentIsDark && count + uploads > 0;
    counted.push({
      location,
      inks,
      count,
      underbase,
      screens: screen ? count + (underbase ? 1 : 0) : 0,
      uploads,
      sentence: sentenceFor(design.method, count, underbase, uploads),
    });
  }
  return counted;
}
