import { studioPath } from '#client/studio/studio-path.ts';
import type { PrintLocation } from '#shared/garments/catalogue.ts';
import type { Garment } from '#shared/pricing/types.ts';
import type { ServiceId } from '#shared/service-ids.ts';

/**
 * The studio opened on what the calculator holds: its garment in its colour, on the garment's first print
 * area, for its pieces. Only a catalogue garment has the drawing and print areas the studio works on.
 */
export function studioStart(
  garment: Garment | undefined,
  colorName: string | undefined,
  service: ServiceId,
  quantity: number,
): string | null {
  const area = garment?.printAreas?.[0];
  if (!garment || !colorName || !area) return null;
  return studioPath({
    garment: garment.id,
    color: colorName,
    method: service,
    location: area.placement as PrintLocation,
    quantity,
  });
}
