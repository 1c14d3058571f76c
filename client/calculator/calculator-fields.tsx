import { ColorSwatches } from '#client/components/color-swatches.tsx';
import { GarmentPicture } from '#client/components/garment-picture.tsx';
import {
  type Choice,
  CheckboxField as KitCheckbox,
  SelectField as KitSelect,
  TextField,
} from '#client/forms/form-fields.tsx';
import type { FieldIdScheme } from '#client/forms/form-fields-context.tsx';
import { useInputFilter } from '#client/hooks/use-input-filter.ts';
import { colorNamed } from '#shared/garments/catalogue.ts';
import { formatMoney } from '#shared/money.ts';
import { ownGarmentHint, ownGarmentLabel } from '#shared/pricing/option-words.ts';
import { sizeParams } from '#shared/pricing/query.ts';
import type { PriceFile, SizeUpcharge } from '#shared/pricing/types.ts';

/**
 * The calculator's fields, made from the forms' field kit. The calculator keeps its values in state
 * (the price follows every keystroke), so each control is controlled; none is required, since an empty
 * one is answered with what to fix beside it, not with the browser's own bubble. Their errors come from
 * the FormFieldsProvider around the calculator's form.
 */

export type Fields = Record<string, string>;

export interface FieldProps {
  prices: PriceFile;
  fields: Fields;
  onChange: (name: string, value: string) => void;
}

/** The calculator's ids: "field-q", "hint-q", "error-q" (the GET form and its links use these). */
export const calculatorFieldIds: FieldIdScheme = (name) => ({
  id: `field-${name}`,
  hintId: `hint-${name}`,
  errorId: `error-${name}`,
});

const LOCATION_NAMES = ['Front', 'Back', 'Left sleeve', 'Right sleeve'];
export const locationName = (index: number) => LOCATION_NAMES[index] ?? `Location ${index + 1}`;

export function QuantityField({ prices, ...props }: FieldProps) {
  const hint =
    prices.minimumQuantity > 1 ? `${prices.minimumQuantity} pieces minimum.` : 'No minimum: one piece is fine.';
  return <NumberField name="q" label="Quantity" hint={hint} {...props} />;
}

export function SelectField({
  name,
  label,
  hint,
  options,
  fields,
  onChange,
  className,
}: {
  name: string;
  label: string;
  hint?: string;
  options: Choice[];
  className?: string;
} & Omit<FieldProps, 'prices'>) {
  return (
    <KitSelect
      className={className}
      name={name}
      label={label}
      hint={hint}
      options={options}
      required={false}
      value={fields[name] ?? options[0]?.value ?? ''}
      onChange={(event) => onChange(name, event.target.value)}
    />
  );
}

export function NumberField({
  name,
  label,
  hint,
  decimals = false,
  fields,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  /** Allows a decimal point (a logo's width in inches); whole numbers otherwise. */
  decimals?: boolean;
} & Omit<FieldProps, 'prices'>) {
  const filter = useInputFilter(decimals ? 'decimals' : 'numbers');
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      inputRef={filter}
      required={false}
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={fields[name] ?? ''}
      onChange={(event) => onChange(name, event.target.value)}
    />
  );
}

export function CheckboxField({
  name,
  label,
  fields,
  onChange,
}: { name: string; label: string } & Omit<FieldProps, 'prices'>) {
  return (
    <KitCheckbox
      // The whole row: a sentence-long label reads badly in half of it.
      className="sm:col-span-2"
      name={name}
      label={label}
      value="1"
      checked={fields[name] === '1'}
      onChange={(event) => onChange(name, event.target.checked ? '1' : '')}
    />
  );
}

export function GarmentField(props: FieldProps) {
  const options = [
    ...props.prices.garments.map((garment) => ({
      value: garment.id,
      // A catalogue garment by brand and style under its kind: the longest still fits a phone.
      label: garment.shortName
        ? `${garment.shortName}, ${formatMoney(garment.cents)} each`
        : `${garment.name}, ${formatMoney(garment.cents)} each`,
      ...(garment.kind ? { group: garment.kind } : {}),
    })),
    { value: 'own', label: ownGarmentLabel(props.prices.service) },
  ];
  // The whole row, and short choices: the longest must be readable whole in a phone's width.
  return (
    <SelectField
      name="garment"
      label="Garment"
      hint={ownGarmentHint(props.prices.service)}
      options={options}
      className="sm:col-span-2"
      {...props}
    />
  );
}

/** The chosen garment, when the price file lists it. */
export function chosenGarment({ prices, fields }: Pick<FieldProps, 'prices' | 'fields'>) {
  return prices.garments.find((garment) => garment.id === (fields.garment ?? prices.garments[0]?.id));
}

/**
 * A catalogue garment's colours, with its picture in the one chosen: the colour decides whether the
 * garment is dark (the underbase, the dark-garment price), so there is no box to tick for it.
 */
export function GarmentColorField(props: FieldProps) {
  const garment = chosenGarment(props);
  if (!garment?.colors || !garment.type) return null;
  const shown = colorNamed(garment, props.fields.color);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-4 sm:col-span-2">
      <ColorSwatches
        name="color"
        colors={garment.colors}
        chosen={shown?.name}
        value={shown?.name ?? ''}
        onChange={(event) => props.onChange('color', event.target.value)}
      />
      {shown ? (
        <GarmentPicture
          type={garment.type}
          view="front"
          hex={shown.hex}
          label={`${garment.name} in ${shown.name}`}
          className="h-28 w-24"
        />
      ) : null}
    </div>
  );
}

/** Larger sizes cost a little more; the rest of the order is in standard sizes. */
export function SizeFields(props: FieldProps) {
  // A catalogue garment has its own upcharges; the file's are for the rest.
  const upcharges = chosenGarment(props)?.sizeUpcharges ?? props.prices.sizeUpcharges;
  const open = upcharges.some((upcharge) => (props.fields[sizeParams[upcharge.size]] ?? '') !== '');
  return (
    <details open={open} className="rounded-lg border border-stone-200 p-3 sm:col-span-2">
      <summary className="cursor-pointer font-semibold">Larger sizes (2XL and up)</summary>
      <p className="mt-2 text-sm text-stone-600">
        How many of the pieces are in these sizes? The rest are standard sizes (XS to XL).
      </p>
      <div className="mt-3 grid grid-cols-3 gap-3">
        {upcharges.map((upcharge: SizeUpcharge) => (
          <NumberField
            key={upcharge.size}
            name={sizeParams[upcharge.size]}
            label={`${upcharge.size} (+${formatMoney(upcharge.cents)})`}
            {...props}
          />
        ))}
      </div>
    </details>
  );
}

/**
 * When the order is needed and how it gets there: both change the price (a rush, a shipping rate). The
 * ZIP code shows for a delivery only once the page runs JavaScript; without it, it is always there. CSS
 * decides (styles.css, `.delivery-zip`), from the choice in the select: the calculator's code comes at the
 * first touch, and hydrating it must not move the fields.
 */
export function OrderFields({
  fields,
  onChange,
  deliverySummary,
  today,
}: Omit<FieldProps, 'prices'> & { deliverySummary: string; today: string }) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border border-stone-200 p-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 font-semibold">Date and delivery</legend>
      <TextField
        name="by"
        label="In-hands date"
        type="date"
        optional
        required={false}
        min={today}
        hint="The day you need the order. Leave it empty for our standard turnaround."
        value={fields.by ?? ''}
        onChange={(event) => onChange('by', event.target.value)}
        className="sm:col-span-2"
      />
      <SelectField
        name="deliver"
        label="Pickup or delivery"
        hint={deliverySummary}
        options={[
          { value: '', label: 'Pickup at the shop (free)' },
          { value: '1', label: 'Deliver or ship it to me' },
        ]}
        fields={fields}
        onChange={onChange}
      />
      <div className="delivery-zip">
        <TextField
          name="zip"
          label="ZIP code"
          required={false}
          hint="For a delivery."
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={fields.zip ?? ''}
          onChange={(event) => onChange('zip', event.target.value)}
        />
      </div>
    </fieldset>
  );
}
