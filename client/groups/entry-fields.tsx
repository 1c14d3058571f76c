import type { GroupFormState } from '#shared/groups/group-contract.ts';
import { GROUP_LIMITS } from '#shared/groups/group-forms.ts';

const input = 'mt-1 w-full rounded border border-stone-400 px-3 py-2 text-base';

/** One labelled field with its error below it, tied by aria-describedby. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label} {hint && <span className="font-normal text-stone-600">{hint}</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * One person's entry: their name and e-mail, size, quantity, and the name and number for the back when
 * the group asks. The member's page and the organiser's "add by hand" share it.
 */
export function EntryFields({
  prefix,
  sizes,
  asksNames,
  asksNumbers,
  form,
  nameLabel = 'Your name',
  emailLabel = 'Your e-mail',
  quantityPaid = false,
  withEmail = true,
}: {
  prefix: string;
  sizes: { size: string; upcharge: string; price?: string }[];
  asksNames: boolean;
  asksNumbers: boolean;
  form: GroupFormState | undefined;
  nameLabel?: string;
  emailLabel?: string;
  /** The member paid by card for these pieces: the server refuses another count, so the field says so. */
  quantityPaid?: boolean;
  /** The organiser adding someone by hand asks no address: that person gets no mail and pays nothing here. */
  withEmail?: boolean;
}) {
  const value = (name: string) => form?.values[name] ?? '';
  const error = (name: string) => form?.errors[name];
  const described = (name: string) =>
    error(name) ? { 'aria-describedby': `${prefix}-${name}-error`, 'aria-invalid': true } : {};
  return (
    <div className="space-y-4">
      <Field id={`${prefix}-name`} label={nameLabel} error={error('name')}>
        <input
          id={`${prefix}-name`}
          name="name"
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={value('name')}
          className={input}
          {...described('name')}
        />
      </Field>
      {withEmail && (
        <Field
          id={`${prefix}-email`}
          label={emailLabel}
          hint="(for the organiser and the shop; a card payment’s receipt goes here)"
          error={error('email')}
        >
          <input
            id={`${prefix}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            defaultValue={value('email')}
            className={input}
            {...described('email')}
          />
        </Field>
      )}
      <fieldset {...(error('size') ? { 'aria-describedby': `${prefix}-size-error` } : {})}>
        <legend className="font-medium">Size</legend>
        <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
          {sizes.map(({ size, upcharge, price }) => (
            <label
              key={size}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded border border-stone-400 bg-white px-2 py-2 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:font-semibold"
            >
              <input type="radio" name="size" value={size} required defaultChecked={value('size') === size} />
              <span>
                {size}
                {/* What the size costs each when members pay (its upcharge in), else the upcharge alone. */}
                {price ? (
                  <span className="block text-xs text-stone-700">{price}</span>
                ) : (
                  upcharge && <span className="block text-xs text-stone-700">{upcharge}</span>
                )}
              </span>
            </label>
          ))}
        </div>
        {error('size') && (
          <p id={`${prefix}-size-error`} className="mt-1 text-sm font-semibold text-red-800">
            {error('size')}
          </p>
        )}
      </fieldset>
      <Field
        id={`${prefix}-quantity`}
        label="How many"
        {...(quantityPaid ? { hint: '(paid for: ask the organiser to change it)' } : {})}
        error={error('quantity')}
      >
        <input
          readOnly={quantityPaid}
          id={`${prefix}-quantity`}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={GROUP_LIMITS.quantity}
          defaultValue={value('quantity') || '1'}
          className={`${input} max-w-28`}
          {...described('quantity')}
        />
      </Field>
      {asksNames && (
        <Field
          id={`${prefix}-backName`}
          label="Name on the back"
          hint={`(up to ${GROUP_LIMITS.backName} letters)`}
          error={error('backName')}
        >
          <input
            id={`${prefix}-backName`}
            name="backName"
            maxLength={GROUP_LIMITS.backName}
            autoCapitalize="characters"
            defaultValue={value('backName')}
            className={`${input} uppercase`}
            {...described('backName')}
          />
        </Field>
      )}
      {asksNumbers && (
        <Field id={`${prefix}-backNumber`} label="Number" hint="(up to 3 digits)" error={error('backNumber')}>
          <input
            id={`${prefix}-backNumber`}
            name="backNumber"
            inputMode="numeric"
            pattern="[0-9]{0,3}"
            maxLength={GROUP_LIMITS.backNumber}
            defaultValue={value('backNumber')}
            className={`${input} max-w-28`}
            {...described('backNumber')}
          />
        </Field>
      )}
    </div>
  );
}
