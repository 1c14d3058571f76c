import type { ChangeEvent } from 'react';
import { FieldError } from '#client/forms/form-fields.tsx';
import { useFieldIds } from '#client/forms/form-fields-context.tsx';
import type { GarmentColor } from '#shared/garments/catalogue.ts';

/**
 * A garment's colours as swatches: a radio group under a legend, so each swatch is named ("Navy"), the
 * arrow keys move between them, and the focused one has a visible ring. The chosen colour's name is
 * written out beside the legend, for those who cannot tell the swatches apart. Uncontrolled with
 * `defaultValue` (the quote form), controlled with `value` and `onChange` (the calculators).
 */
export function ColorSwatches({
  name,
  colors,
  legend = 'Garment color',
  chosen,
  defaultValue,
  value,
  onChange,
  className,
}: {
  name: string;
  colors: readonly GarmentColor[];
  legend?: string;
  /** The name shown beside the legend: the colour chosen now. */
  chosen: string | undefined;
  defaultValue?: string;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  className?: string;
}) {
  const ids = useFieldIds(name);
  return (
    <fieldset
      className={className}
      aria-describedby={ids.error ? ids.errorId : undefined}
      aria-invalid={ids.error ? true : undefined}
    >
      <legend className="text-sm font-semibold text-stone-800">
        {legend}
        {chosen ? <span className="font-normal text-stone-700">: {chosen}</span> : null}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {colors.map((color, index) => (
          <label key={color.name} className="relative block" title={color.name}>
            {/* Over the swatch, transparent: a tap or a click lands on the radio itself. */}
            <input
              type="radio"
              name={name}
              value={color.name}
              id={index === 0 ? ids.id : undefined}
              className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
              {...(value !== undefined
                ? { checked: value === color.name, onChange }
                : { defaultChecked: defaultValue === color.name, onChange })}
            />
            <svg
              viewBox="0 0 40 40"
              aria-hidden="true"
              className="size-11 rounded-full ring-offset-2 peer-checked:ring-3 peer-checked:ring-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-stone-900"
            >
              <circle cx="20" cy="20" r="19" fill={color.hex} stroke="#57534e" strokeWidth="1.5" />
            </svg>
            <span className="sr-only">{color.name}</span>
          </label>
        ))}
      </div>
      <FieldError id={ids.errorId} error={ids.error} />
    </fieldset>
  );
}
