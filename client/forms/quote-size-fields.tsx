import { useInputFilter } from '#client/hooks/use-input-filter.ts';
import { COLLECT_SIZES_FIELD } from '#shared/groups/collect-sizes.ts';
import { pluralize } from '#shared/plural.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { type QuoteSize, quoteSizes, SIZES_FIELD, sizeField } from '#shared/submissions/quote-fields.ts';
import { describedBy, FieldError, hintClass } from './form-fields.tsx';
import { useFieldIds } from './form-fields-context.tsx';

/** Pieces counted so far; a box that is not a whole number yet counts as nothing. */
export function piecesIn(values: FormValues): number {
  return quoteSizes.reduce((sum, size) => {
    const text = values[sizeField(size)]?.trim() ?? '';
    return /^\d{1,7}$/.test(text) ? sum + Number(text) : sum;
  }, 0);
}

/** The sizes the visitor counts pieces in, smallest first: where the studio's size-by-size panel starts. */
export function sizesIn(values: FormValues): QuoteSize[] {
  return quoteSizes.filter(
    (size) => /^\d{1,7}$/.test(values[sizeField(size)]?.trim() ?? '') && Number(values[sizeField(size)]) > 0,
  );
}

function SizeBox({ size, defaultValue }: { size: QuoteSize; defaultValue: string | undefined }) {
  const name = sizeField(size);
  const ids = useFieldIds(name);
  const group = useFieldIds(SIZES_FIELD);
  const filter = useInputFilter('numbers');
  return (
    <div>
      <label htmlFor={ids.id} className="block text-center text-sm font-semibold text-stone-800">
        {size}
      </label>
      <input
        ref={filter}
        id={ids.id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={7}
        defaultValue={defaultValue}
        aria-invalid={ids.error || group.error ? true : undefined}
        aria-describedby={describedBy(ids.error && ids.errorId, group.error && group.errorId)}
        className="mt-1 block w-full scroll-mt-8 rounded-lg border border-stone-300 bg-white px-2 py-2 text-center text-base tabular-nums shadow-sm aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700"
      />
    </div>
  );
}

/** One box per size, XS to 5XL, and the running total. */
export function QuoteSizeFields({ defaults, values }: { defaults: FormValues; values: FormValues }) {
  const group = useFieldIds(SIZES_FIELD);
  const total = piecesIn(values);
  return (
    <fieldset
      aria-describedby={describedBy(group.hintId, group.error && group.errorId)}
      className="min-w-0 border-t border-stone-200 pt-6 first:border-t-0 first:pt-0"
    >
      <legend className="float-left w-full text-lg font-bold text-stone-900">Quantities by size</legend>
      <p id={group.hintId} className={`clear-left ${hintClass}`}>
        How many of each size; leave the others empty. On our garments, 2XL and up cost a little more.
      </p>
      <div className="clear-left grid grid-cols-3 gap-3 pt-4 sm:grid-cols-9">
        {quoteSizes.map((size) => (
          <SizeBox key={size} size={size} defaultValue={defaults[sizeField(size)]} />
        ))}
      </div>
      <p className="mt-3 text-stone-800" data-testid="pieces-total">
        Total: <strong className="tabular-nums">{pluralize(total, 'piece')}</strong>
      </p>
      {quoteSizes.map((size) => (
        <SizeError key={size} size={size} />
      ))}
      <FieldError id={group.errorId} error={group.error} />
      <label className="mt-4 flex items-start gap-2 text-stone-800">
        <input
          type="checkbox"
          name={COLLECT_SIZES_FIELD}
          defaultChecked={defaults[COLLECT_SIZES_FIELD] === 'on'}
          className="mt-1 size-4"
        />
        <span>
          I will collect sizes from my group.{' '}
          <span className={hintClass}>
            Give your best guess above; after sending you get one link to pass round, and each person adds their own
            size.
          </span>
        </span>
      </label>
    </fieldset>
  );
}

function SizeError({ size }: { size: QuoteSize }) {
  const ids = useFieldIds(sizeField(size));
  return <FieldError id={ids.errorId} error={ids.error} />;
}
