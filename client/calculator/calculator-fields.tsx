import type { ReactNode } from 'react';
import { useInputFilter } from '#client/hooks/use-input-filter.ts';
import { formatMoney } from '#shared/money.ts';
import { sizeParams } from '#shared/pricing/query.ts';
import type { PriceFile, SizeUpcharge } from '#shared/pricing/types.ts';

export type Fields = Record<string, string>;

export interface FieldProps {
  prices: PriceFile;
  fields: Fields;
  /** Messages by field name (q, c1, a2, s1, garment, xxl, ...). */
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
}

export const LOCATION_NAMES = ['Front', 'Back', 'Left sleeve', 'Right sleeve'];
export const locationName = (index: number) => LOCATION_NAMES[index] ?? `Location ${index + 1}`;

const inputClass =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-700';

/** The message beside a field; its id is what the control's aria-describedby points at. */
function FieldError({ name, error }: { name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`error-${name}`} className="mt-1 text-sm font-semibold text-red-800">
      {error}
    </p>
  );
}

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`hint-${name}`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} error={error} />
    </div>
  );
}

/** The attributes that tie a control to its label, hint and error. */
function describe(name: string, errors: Record<string, string>, hint?: string) {
  const ids = [hint ? `hint-${name}` : '', errors[name] ? `error-${name}` : ''].filter(Boolean).join(' ');
  return {
    id: `field-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

export function QuantityField({ fields, errors, onChange, prices }: FieldProps) {
  const filter = useInputFilter('numbers');
  const hint =
    prices.minimumQuantity > 1 ? `${prices.minimumQuantity} pieces minimum.` : 'No minimum: one piece is fine.';
  return (
    <Field name="q" label="Quantity" hint={hint} error={errors.q}>
      <input
        ref={filter}
        {...describe('q', errors, hint)}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={fields.q ?? ''}
        onChange={(event) => onChange('q', event.target.value)}
        className={inputClass}
      />
    </Field>
  );
}

export function SelectField({
  name,
  label,
  hint,
  options,
  fields,
  errors,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  options: { value: string; label: string }[];
} & Omit<FieldProps, 'prices'>) {
  return (
    <Field name={name} label={label} hint={hint} error={errors[name]}>
      <select
        {...describe(name, errors, hint)}
        value={fields[name] ?? options[0]?.value ?? ''}
        onChange={(event) => onChange(name, event.target.value)}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function NumberField({
  name,
  label,
  hint,
  fields,
  errors,
  onChange,
}: { name: string; label: string; hint?: string } & Omit<FieldProps, 'prices'>) {
  const filter = useInputFilter('numbers');
  return (
    <Field name={name} label={label} hint={hint} error={errors[name]}>
      <input
        ref={filter}
        {...describe(name, errors, hint)}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={fields[name] ?? ''}
        onChange={(event) => onChange(name, event.target.value)}
        className={inputClass}
      />
    </Field>
  );
}

export function CheckboxField({
  name,
  label,
  fields,
  errors,
  onChange,
}: { name: string; label: string } & Omit<FieldProps, 'prices'>) {
  return (
    <div>
      <label className="flex items-start gap-3 text-base">
        <input
          {...describe(name, errors)}
          type="checkbox"
          value="1"
          checked={fields[name] === '1'}
          onChange={(event) => onChange(name, event.target.checked ? '1' : '')}
          className="mt-1 h-5 w-5 accent-brand-700"
        />
        <span>{label}</span>
      </label>
      <FieldError name={name} error={errors[name]} />
    </div>
  );
}

export function GarmentField(props: FieldProps) {
  const options = [
    ...props.prices.garments.map((garment) => ({
      value: garment.id,
      label: `${garment.name} (${formatMoney(garment.cents)} each)`,
    })),
    { value: 'own', label: 'I will bring my own garments (print only, no extra fees)' },
  ];
  return <SelectField name="garment" label="Garment" options={options} {...props} />;
}

/** Larger sizes cost a little more; the rest of the order is in standard sizes. */
export function SizeFields(props: FieldProps) {
  const upcharges = props.prices.sizeUpcharges;
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
