import { useInputFilter } from '#client/hooks/use-input-filter.ts';
import { pluralize } from '#shared/plural.ts';
import type { PriceFiles } from '#shared/pricing/estimate.ts';
import type { PriceFile } from '#shared/pricing/types.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { locationFields, placements } from '#shared/submissions/quote-fields.ts';
import { type Choice, SelectField, TextField } from './form-fields.tsx';

const placementChoices: Choice[] = Object.entries(placements).map(([value, label]) => ({ value, label }));
const noPrint: Choice = { value: '', label: 'No print here' };

function StitchField({ n, defaultValue, disabled }: { n: number; defaultValue?: string; disabled: boolean }) {
  const filter = useInputFilter('numbers');
  return (
    <TextField
      inputRef={filter}
      name={locationFields(n).stitches}
      label="Stitch count"
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      hint={n === 1 ? 'A left-chest logo is usually 5,000 to 8,000 stitches. Not sure? Make a guess.' : undefined}
      defaultValue={defaultValue}
      disabled={disabled}
      required={!disabled}
    />
  );
}

/** What a location needs besides its placement: ink colors, print size or stitches, by service. */
function ServiceLocationFields({
  n,
  file,
  prices,
  defaults,
  disabled,
}: {
  n: number;
  file: PriceFile;
  prices: PriceFiles;
  defaults: FormValues;
  disabled: boolean;
}) {
  const names = locationFields(n);
  const areas = prices['direct-to-garment'].printAreas.map((area) => ({ value: area.id, label: area.name }));
  switch (file.service) {
    case 'screen-printing':
      return (
        <>
          <SelectField
            name={names.colors}
            label="Ink colors"
            options={Array.from({ length: file.maxColors }, (_, index) => ({
              value: String(index + 1),
              label: pluralize(index + 1, 'color'),
            }))}
            defaultValue={defaults[names.colors] || '1'}
            disabled={disabled}
          />
          <SelectField
            name={names.area}
            label="Approximate size"
            optional
            options={[{ value: '', label: 'Not sure yet' }, ...areas]}
            defaultValue={defaults[names.area] ?? ''}
            disabled={disabled}
          />
        </>
      );
    case 'direct-to-garment':
      return (
        <SelectField
          name={names.area}
          label="Print size"
          options={[{ value: '', label: 'Choose a size' }, ...areas]}
          defaultValue={defaults[names.area] ?? ''}
          disabled={disabled}
          required={!disabled}
        />
      );
    case 'embroidery':
      return <StitchField n={n} defaultValue={defaults[names.stitches]} disabled={disabled} />;
  }
}

/**
 * One row per print location. The first needs a placement; the others may say "No print here", and
 * with JavaScript their other fields wait until a placement is chosen.
 */
export function QuoteLocationFields({
  rows,
  file,
  prices,
  defaults,
  values,
  hydrated,
}: {
  rows: number;
  file: PriceFile;
  prices: PriceFiles;
  /** What each field starts with; they change only with the service. */
  defaults: FormValues;
  /** What the form says now. */
  values: FormValues;
  hydrated: boolean;
}) {
  return Array.from({ length: rows }, (_, index) => {
    const n = index + 1;
    const names = locationFields(n);
    const waiting = hydrated && n > 1 && (values[names.placement] ?? '') === '';
    return (
      <fieldset key={names.placement} className="min-w-0 rounded-xl border border-stone-200 p-4 sm:col-span-2">
        <legend className="px-1 font-semibold text-stone-900">Print location {n}</legend>
        <div className={`grid gap-4 ${file.service === 'screen-printing' ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
          <SelectField
            name={names.placement}
            label="Placement"
            options={n === 1 ? placementChoices : [noPrint, ...placementChoices]}
            defaultValue={defaults[names.placement] ?? ''}
            optional={n > 1}
          />
          {/* Remounted with the service: its choices and defaults are the new service's. */}
          <ServiceLocationFields
            key={file.service}
            n={n}
            file={file}
            prices={prices}
            defaults={defaults}
            disabled={waiting}
          />
        </div>
      </fieldset>
    );
  });
}
