import { ColorSwatches } from '#client/components/color-swatches.tsx';
import { GarmentPicture } from '#client/components/garment-picture.tsx';
import { colorNamed } from '#shared/garments/catalogue.ts';
import type { Garment } from '#shared/pricing/types.ts';
import { TextField } from './form-fields.tsx';
import { useHydrated } from './use-hydrated.ts';

/**
 * The quote form's garment colour: swatches and the garment's picture in the chosen colour for a garment
 * of the catalogue (whose colour then decides the underbase), a text field for the visitor's own or
 * another garment. Without JavaScript the swatches are those of the garment the page was rendered with;
 * a different garment chosen then is answered with its own swatches and nothing typed lost.
 */
export function QuoteGarmentColor({
  garment,
  start,
  current,
  own,
}: {
  /** The catalogue garment chosen, if the garment is one. */
  garment: Garment | undefined;
  /** The colour the form started with. */
  start: string | undefined;
  /** The colour chosen now. */
  current: string | undefined;
  /** The visitor brings their own garments: the colour is optional. */
  own: boolean;
}) {
  // Without JavaScript nothing follows the choice: the legend names it only once it can keep up.
  const hydrated = useHydrated();
  if (!garment?.colors || !garment.type) {
    return (
      <TextField
        name="garmentColor"
        label="Garment color"
        optional={own}
        hint="Such as black, or heather grey."
        defaultValue={start}
      />
    );
  }
  const first = (colorNamed(garment, start) ?? garment.colors[0])?.name;
  const shown = colorNamed(garment, current) ?? colorNamed(garment, first);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-4 sm:col-span-2">
      <ColorSwatches
        key={garment.id}
        name="garmentColor"
        colors={garment.colors}
        defaultValue={first}
        chosen={hydrated ? shown?.name : undefined}
      />
      {shown ? (
        <div className="flex gap-1">
          <GarmentPicture
            type={garment.type}
            view="front"
            hex={shown.hex}
            label={`${garment.name} in ${shown.name}, front`}
            className="h-28 w-24"
          />
          <GarmentPicture
            type={garment.type}
            view="back"
            hex={shown.hex}
            label={`${garment.name} in ${shown.name}, back`}
            className="h-28 w-24 max-sm:hidden"
          />
        </div>
      ) : null}
    </div>
  );
}
