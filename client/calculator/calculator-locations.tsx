import type { ReactNode } from 'react';
import { pluralize } from '#shared/plural.ts';
import { locationsHeading } from '#shared/pricing/option-words.ts';
import { parseInches, stitchWords } from '#shared/pricing/stitch-estimate.ts';
import type { PriceFile } from '#shared/pricing/types.ts';
import { type FieldProps, type Fields, locationName, NumberField, SelectField } from './calculator-fields.tsx';

/**
 * The calculator's print locations: one to start with, and "Add another location" up to the price file's
 * limit. Each location is one query field (c1, a2, w3...). Without JavaScript both buttons submit the GET
 * form: "Add" is itself the next location's field with its first value, and "Remove" names the field to drop
 * (REMOVE_PARAM), so the server renders the new set and keeps the rest of what was typed; with JavaScript
 * they change the fields in place.
 */

/** The query field that names a location to drop, as a "Remove" button posts it without JavaScript. */
export const REMOVE_PARAM = 'remove';

/** The per-location field names' prefix: colours, print areas, logo widths, or an older link's stitch counts. */
function locationPrefix(prices: PriceFile, fields: Fields): string {
  switch (prices.service) {
    case 'screen-printing':
      return 'c';
    case 'direct-to-garment':
      return 'a';
    case 'embroidery':
      return Object.keys(fields).some((name) => /^s\d+$/.test(name)) ? 's' : 'w';
  }
}

/** How many locations the fields hold: the last one present, and at least one. */
function locationCount(fields: Fields, prefix: string, max: number): number {
  let count = 1;
  for (let n = 2; n <= max; n += 1) if (`${prefix}${n}` in fields) count = n;
  return count;
}

/** The fields without location n: the later ones move up one place, as the engine numbers them. */
function withoutLocation(fields: Fields, prefix: string, n: number, max: number): Fields {
  const next = { ...fields };
  for (let k = n; k <= max; k += 1) {
    const later = fields[`${prefix}${k + 1}`];
    if (later === undefined) delete next[`${prefix}${k}`];
    else next[`${prefix}${k}`] = later;
  }
  return next;
}

/** A location added by the visitor starts as the simplest one: 1 color, the smallest print, a typical logo. */
function newLocationValue(prices: PriceFile): string {
  switch (prices.service) {
    case 'screen-printing':
      return '1';
    case 'direct-to-garment':
      return prices.printAreas[0]?.id ?? '';
    case 'embroidery':
      return String(prices.stitchEstimate.typicalWidthInches);
  }
}

/** The control of location `index` (0-based). */
function LocationField({ index, prefix, ...props }: FieldProps & { index: number; prefix: string }) {
  const { prices, fields } = props;
  const name = `${prefix}${index + 1}`;
  switch (prices.service) {
    case 'screen-printing':
      return (
        <SelectField
          name={name}
          label={`${locationName(index)}: ink colors`}
          options={Array.from({ length: prices.maxColors }, (_, color) => ({
            value: String(color + 1),
            label: pluralize(color + 1, 'color'),
          }))}
          {...props}
        />
      );
    case 'direct-to-garment':
      return (
        <SelectField
          name={name}
          label={`${locationName(index)}: print size`}
          options={prices.printAreas.map((area) => ({ value: area.id, label: area.name }))}
          {...props}
        />
      );
    case 'embroidery': {
      if (prefix === 's') {
        // An older link's stitch count, priced as it says until the visitor changes it.
        return <NumberField name={name} label={`Logo ${index + 1}: stitch count`} {...props} />;
      }
      const width = parseInches(fields[name]);
      const rule = prices.stitchEstimate;
      const implied = Number.isFinite(width) && width > 0 ? `That is ${stitchWords(rule, width)}.` : '';
      // The example once, under the first logo.
      const example = index === 0 ? `A left-chest logo is about ${rule.typicalWidthInches} in wide.` : '';
      const hint = [implied, example].filter(Boolean).join(' ') || undefined;
      return <NumberField name={name} label={`Logo ${index + 1}: width in inches`} hint={hint} decimals {...props} />;
    }
  }
}

const smallButton =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100';

export function CalculatorLocations({
  onReplace,
  onFocusField,
  ...props
}: FieldProps & {
  /** Replaces every field at once (a location removed renumbers the ones after it). */
  onReplace: (fields: Fields) => void;
  /** Moves focus to a field once it is rendered. */
  onFocusField: (name: string) => void;
}) {
  const { prices, fields, onChange } = props;
  const prefix = locationPrefix(prices, fields);
  const max = prices.maxLocations;
  const count = locationCount(fields, prefix, max);
  const next = `${prefix}${count + 1}`;
  const rows: ReactNode[] = Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return (
      <div key={`${prefix}${n}`} className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <LocationField index={index} prefix={prefix} {...props} />
        </div>
        {n > 1 ? (
          <button
            type="submit"
            name={REMOVE_PARAM}
            value={`${prefix}${n}`}
            className={`${smallButton} mt-6`}
            onClick={(event) => {
              event.preventDefault();
              onReplace(withoutLocation(fields, prefix, n, max));
              onFocusField(`${prefix}${n - 1}`);
            }}
          >
            Remove<span className="sr-only"> location {n}</span>
          </button>
        ) : null}
      </div>
    );
  });
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border border-stone-200 p-3 sm:col-span-2">
      <legend className="px-1 font-semibold">{locationsHeading(prices.service)}</legend>
      {rows}
      {count < max ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <button
            type="submit"
            name={next}
            value={newLocationValue(prices)}
            className={smallButton}
            onClick={(event) => {
              event.preventDefault();
              onChange(next, newLocationValue(prices));
              onFocusField(next);
            }}
          >
            <span aria-hidden="true">+</span> Add another location
          </button>
          <span className="text-sm text-stone-600">Up to {pluralize(max, 'location')} per piece.</span>
        </p>
      ) : (
        <p className="text-sm text-stone-600">That is the most we decorate: {pluralize(max, 'location')} per piece.</p>
      )}
    </fieldset>
  );
}
