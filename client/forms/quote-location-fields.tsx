import { type ReactNode, useState } from 'react';
import { useInputFilter } from '#client/hooks/use-input-filter.ts';
import { areaWord, printAreaFor, printSizeWords } from '#shared/garments/print-size-class.ts';
import { pluralize } from '#shared/plural.ts';
import type { PriceFiles } from '#shared/pricing/estimate.ts';
import { parseInches, stitchWords } from '#shared/pricing/stitch-estimate.ts';
import type { PriceFile } from '#shared/pricing/types.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { defaultPlacements, locationFields, MAX_LOCATIONS, placements } from '#shared/submissions/quote-fields.ts';
import { type Choice, SelectField, TextField } from './form-fields.tsx';
import type { PrintSizes } from './use-print-sizes.ts';

/**
 * The quote form's print locations: one to start with, and "Add another location" up to what the service
 * allows. With JavaScript the rows are added and removed in place. Without it, each further row waits inside
 * a <details> whose summary is "Add another location": opening it shows the row, and nothing is posted for it
 * until a placement is chosen; every row the form can post is there, since the service may change before the
 * form is sent.
 */

const placementChoices: Choice[] = Object.entries(placements).map(([value, label]) => ({ value, label }));
const noPrint: Choice = { value: '', label: 'No print here' };

/** "Print location 2", or "Embroidery location 2". */
function rowName(file: PriceFile, n: number): string {
  return `${file.service === 'embroidery' ? 'Embroidery' : 'Print'} location ${n}`;
}

/** How many rows a form's values fill: the last with a placement, and at least one. */
export function filledRows(values: FormValues, max: number): number {
  let rows = 1;
  for (let n = 2; n <= max; n += 1) if ((values[locationFields(n).placement] ?? '') !== '') rows = n;
  return rows;
}

/** The values without location row n: the rows after it move up one, the last one is emptied. */
export function withoutRow(values: FormValues, n: number): FormValues {
  const next = { ...values };
  for (let k = n; k <= MAX_LOCATIONS; k += 1) {
    const here = locationFields(k);
    const later = locationFields(k + 1);
    for (const part of Object.keys(here) as (keyof typeof here)[]) {
      const value = k < MAX_LOCATIONS ? values[later[part]] : undefined;
      if (value === undefined) delete next[here[part]];
      else next[here[part]] = value;
    }
  }
  // An emptied row has no placement: it is no location at all.
  next[locationFields(MAX_LOCATIONS).placement] = '';
  return next;
}

/** What a row added with JavaScript starts with: the next usual placement, and the simplest decoration. */
export function newRowValues(values: FormValues, n: number): FormValues {
  const names = locationFields(n);
  return { ...values, [names.placement]: defaultPlacements[n - 1] ?? 'other', [names.colors]: '1' };
}

function WidthField({
  n,
  file,
  defaultValue,
}: {
  n: number;
  file: Extract<PriceFile, { service: 'embroidery' }>;
  defaultValue?: string;
}) {
  const filter = useInputFilter('decimals');
  const [typed, setTyped] = useState(defaultValue ?? '');
  const width = parseInches(typed);
  const rule = file.stitchEstimate;
  return (
    <TextField
      inputRef={filter}
      name={locationFields(n).width}
      label="Logo width in inches"
      inputMode="decimal"
      autoComplete="off"
      maxLength={6}
      hint={
        [
          Number.isFinite(width) && width > 0 ? `That is ${stitchWords(rule, width)}.` : '',
          // The example once, under the first logo.
          n === 1 ? `A left-chest logo is about ${rule.typicalWidthInches} in wide; a good guess will do.` : '',
        ]
          .filter(Boolean)
          .join(' ') || undefined
      }
      defaultValue={defaultValue}
      onChange={(event) => setTyped(event.target.value)}
    />
  );
}

/**
 * How wide the artwork prints here, in inches: the mockup shows it at that size. Without JavaScript it is the
 * whole placement (centred at the top of the area); with it, the placement tool keeps it in step as the
 * artwork is resized on the garment.
 */
function ArtWidthField({ n, hint, defaultValue }: { n: number; hint: string; defaultValue: string | undefined }) {
  const filter = useInputFilter('decimals');
  return (
    <TextField
      inputRef={filter}
      name={locationFields(n).artWidth}
      label="Artwork width in inches"
      optional
      inputMode="decimal"
      autoComplete="off"
      maxLength={5}
      hint={hint}
      defaultValue={defaultValue}
      className="sm:col-span-2"
    />
  );
}

/** A stitch count a request made before the form asked for widths carried (a reorder of one). */
function StitchField({ n, defaultValue }: { n: number; defaultValue: string }) {
  const filter = useInputFilter('numbers');
  return (
    <TextField
      inputRef={filter}
      name={locationFields(n).stitches}
      label="Stitch count"
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      hint="From your earlier request."
      defaultValue={defaultValue}
    />
  );
}

/** "10.5 × 8 in print: Large": why the print size is what it is, once the artwork is placed. */
function printSizeNote(prices: PriceFiles, size: PrintSizes[number] | undefined): string | undefined {
  if (!size) return undefined;
  const needed = printAreaFor(prices['direct-to-garment'].printAreas, size);
  return `${printSizeWords(size)} print: ${needed ? areaWord(needed) : 'larger than any size we price'}`;
}

/** What a location needs besides its placement: ink colors, print size or the logo's width, by service. */
function ServiceLocationFields({
  n,
  file,
  prices,
  defaults,
  printSize,
}: {
  n: number;
  file: PriceFile;
  prices: PriceFiles;
  defaults: FormValues;
  /** The artwork as placed at this row, when it is (direct to garment is priced by it). */
  printSize?: PrintSizes[number] | undefined;
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
          />
          <SelectField
            name={names.area}
            label="Approximate size"
            optional
            options={[{ value: '', label: 'Not sure yet' }, ...areas]}
            defaultValue={defaults[names.area] ?? ''}
          />
        </>
      );
    case 'direct-to-garment':
      return (
        <SelectField
          name={names.area}
          label="Print size"
          hint={printSizeNote(prices, printSize)}
          options={[{ value: '', label: 'Choose a size' }, ...areas]}
          defaultValue={defaults[names.area] ?? ''}
        />
      );
    case 'embroidery': {
      const stitches = defaults[names.stitches] ?? '';
      if ((defaults[names.width] ?? '') === '' && stitches !== '') return <StitchField n={n} defaultValue={stitches} />;
      return <WidthField n={n} file={file} defaultValue={defaults[names.width]} />;
    }
  }
}

const smallButton =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100';

function LocationRow({
  n,
  file,
  prices,
  defaults,
  withNone,
  action,
  artWidthHint,
  printSize,
}: {
  n: number;
  file: PriceFile;
  prices: PriceFiles;
  defaults: FormValues;
  printSize?: PrintSizes[number] | undefined;
  /** Offers "No print here" (rows after the first, without JavaScript). */
  withNone: boolean;
  /** The row's own button (Remove), if any. */
  action?: ReactNode;
  /** The artwork width field's hint, for a catalogue garment (its mockup); none: no field. */
  artWidthHint?: string | undefined;
}) {
  const names = locationFields(n);
  return (
    <fieldset className="min-w-0 rounded-xl border border-stone-200 p-4 sm:col-span-2">
      <legend className="px-1 font-semibold text-stone-900">{rowName(file, n)}</legend>
      <div className={`grid gap-4 ${file.service === 'screen-printing' ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        <SelectField
          name={names.placement}
          label="Placement"
          options={withNone ? [noPrint, ...placementChoices] : placementChoices}
          defaultValue={defaults[names.placement] ?? ''}
          optional={withNone}
        />
        {/* Remounted with the service: its choices and defaults are the new service's. */}
        <ServiceLocationFields
          key={file.service}
          n={n}
          file={file}
          prices={prices}
          defaults={defaults}
          printSize={printSize}
        />
        {/* Embroidery's logo width is the artwork's width already. */}
        {artWidthHint && file.service !== 'embroidery' ? (
          <ArtWidthField n={n} hint={artWidthHint} defaultValue={defaults[names.artWidth]} />
        ) : null}
      </div>
      {action ? <div className="mt-3">{action}</div> : null}
    </fieldset>
  );
}

/** The rows without JavaScript: the first, then each further one inside the "Add another location" before it. */
function NestedRows({
  n,
  file,
  prices,
  defaults,
  artWidthHint,
}: {
  n: number;
  file: PriceFile;
  prices: PriceFiles;
  defaults: FormValues;
  artWidthHint: string | undefined;
}): ReactNode {
  if (n > MAX_LOCATIONS) return null;
  const row = (
    <LocationRow n={n} file={file} prices={prices} defaults={defaults} withNone={n > 1} artWidthHint={artWidthHint} />
  );
  const rest = <NestedRows n={n + 1} file={file} prices={prices} defaults={defaults} artWidthHint={artWidthHint} />;
  if (n === 1) {
    return (
      <>
        {row}
        {rest}
      </>
    );
  }
  return (
    <details
      open={(defaults[locationFields(n).placement] ?? '') !== ''}
      className="min-w-0 sm:col-span-2 [&[open]>summary]:mb-3"
    >
      <summary className={`${smallButton} w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <span aria-hidden="true">+</span> Add another location
      </summary>
      <p className="mb-3 text-sm text-stone-600">
        Choose its placement. To leave it out again, choose “No print here”.
      </p>
      {row}
      <div className="mt-4">{rest}</div>
    </details>
  );
}

export function QuoteLocationFields({
  rows,
  file,
  prices,
  defaults,
  hydrated,
  generation,
  onAdd,
  onRemove,
  artWidthHint,
  printSizes = {},
}: {
  /** For a catalogue garment: the hint of each row's artwork width field (the mockup's). */
  artWidthHint?: string | undefined;
  /** Each row's artwork as placed (with JavaScript): a DTG row's print size says what it needs. */
  printSizes?: PrintSizes;
  /** Rows shown with JavaScript. */
  rows: number;
  /** Bumped when a row is removed: the rows remount with the moved values as their defaults. */
  generation: number;
  file: PriceFile;
  prices: PriceFiles;
  /** What each field starts with; they change with the service, and when a row is removed. */
  defaults: FormValues;
  hydrated: boolean;
  onAdd: () => void;
  onRemove: (n: number) => void;
}) {
  if (!hydrated)
    return <NestedRows n={1} file={file} prices={prices} defaults={defaults} artWidthHint={artWidthHint} />;
  const max = Math.min(file.maxLocations, MAX_LOCATIONS);
  return (
    <>
      {Array.from({ length: rows }, (_, index) => {
        const n = index + 1;
        return (
          <LocationRow
            key={`${generation}-${n}`}
            n={n}
            file={file}
            prices={prices}
            defaults={defaults}
            withNone={false}
            artWidthHint={artWidthHint}
            printSize={printSizes[n]}
            action={
              n > 1 ? (
                <button type="button" className={smallButton} onClick={() => onRemove(n)}>
                  Remove {rowName(file, n).toLowerCase()}
                </button>
              ) : undefined
            }
          />
        );
      })}
      <p className="sm:col-span-2">
        {rows < max ? (
          <button type="button" className={smallButton} onClick={onAdd} data-add-location="">
            <span aria-hidden="true">+</span> Add another location
          </button>
        ) : (
          <span className="text-sm text-stone-600">
            That is the most we decorate for this service: {pluralize(max, 'location')} per piece.
          </span>
        )}
      </p>
    </>
  );
}
