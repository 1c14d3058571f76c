import type { FormValues } from '#shared/submissions/form-values.ts';
import { type DeliveryMethod, deliveryMethods, ZIP_FIELD } from '#shared/submissions/quote-fields.ts';
import { FieldError, hintClass, TextAreaField, TextField } from './form-fields.tsx';
import { useFieldIds } from './form-fields-context.tsx';

const methods = Object.entries(deliveryMethods) as [DeliveryMethod, string][];

/**
 * Pickup or delivery, and the address and ZIP code for a delivery (the ZIP code decides between free
 * local delivery and shipping, and the estimate prices it). With JavaScript they show only for a
 * delivery; they stay in the form while hidden, so switching back keeps what was typed.
 */
export function QuoteDeliveryFields({
  defaults,
  delivery,
  hydrated,
  summary,
}: {
  defaults: FormValues;
  delivery: string;
  hydrated: boolean;
  /** Where delivery is free, from the order terms. */
  summary: string;
}) {
  const ids = useFieldIds('delivery');
  return (
    <>
      <fieldset aria-describedby={ids.error ? ids.errorId : undefined} className="min-w-0 sm:col-span-2">
        <legend className="text-sm font-semibold text-stone-800">Pickup or delivery</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {methods.map(([value, label]) => (
            <label
              key={value}
              className="flex items-center gap-3 rounded-lg border border-stone-300 px-3 py-2.5 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="delivery"
                value={value}
                id={value === methods[0]?.[0] ? ids.id : undefined}
                defaultChecked={defaults.delivery === value}
                aria-invalid={ids.error ? true : undefined}
                className="size-5 scroll-mt-8 accent-brand-700"
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
        <p className={hintClass}>{summary}</p>
        <FieldError id={ids.errorId} error={ids.error} />
      </fieldset>
      <div
        className={`grid gap-4 sm:col-span-2 sm:grid-cols-[minmax(0,1fr)_10rem] ${hydrated && delivery !== 'delivery' ? 'hidden' : ''}`}
      >
        <TextAreaField
          name="address"
          label="Delivery address"
          autoComplete="street-address"
          rows={3}
          required={hydrated && delivery === 'delivery'}
          hint="For a delivery: street and city."
          defaultValue={defaults.address}
        />
        <TextField
          name={ZIP_FIELD}
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          required={hydrated && delivery === 'delivery'}
          hint="Free delivery or shipping: the estimate shows which."
          defaultValue={defaults[ZIP_FIELD]}
        />
      </div>
    </>
  );
}
