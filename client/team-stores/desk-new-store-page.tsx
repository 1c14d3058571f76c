import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { DeskNewStoreView } from '#shared/stores/store-contract.ts';
import { STORE_LIMITS } from '#shared/stores/store-rules.ts';
import { button, card, Field, input, StoreShell } from './store-shell.tsx';

/** The desk's form opening a store from a request: plain fields, posted without script. */
export function DeskNewStorePage({
  view,
  shopName,
  stylesheets,
}: {
  view: DeskNewStoreView;
  shopName: string;
  stylesheets: readonly string[];
}) {
  const value = (name: string, fallback = '') => view.values[name] ?? fallback;
  const error = (name: string) => view.errors[name];
  const described = (name: string) => (view.errors[name] ? { 'aria-describedby': `${name}-error` } : {});
  const text = (name: string, label: string, hint?: string, type = 'text') => (
    <Field id={name} label={label} error={error(name)} {...(hint ? { hint } : {})}>
      <input id={name} name={name} type={type} defaultValue={value(name)} className={input} {...described(name)} />
    </Field>
  );
  return (
    <StoreShell
      title="Open a store"
      label={view.audience === 'shop' ? 'Staff desk' : 'Your request'}
      shopName={shopName}
      stylesheets={stylesheets}
      wide
    >
      <p>
        <a className="font-semibold text-brand-800 underline" href={view.back.href}>
          {view.back.label}
        </a>
      </p>
      <h1 className="text-2xl font-bold wrap-anywhere">
        Open a store for {view.reference} ({view.requestName})
      </h1>
      {Object.keys(view.errors).length > 0 && (
        <p role="alert" className="rounded bg-red-50 p-3 text-red-900">
          The store is not open yet: correct the fields marked below.
        </p>
      )}
      <form method="post" action={view.action} className="space-y-6">
        <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
        <section aria-labelledby="store-settings" className={`${card} space-y-4`}>
          <h2 id="store-settings" className="text-lg font-bold">
            The store
          </h2>
          {text('title', 'Title', `(up to ${STORE_LIMITS.title} characters)`)}
          <div className="grid gap-4 md:grid-cols-2">
            {text('opensAt', 'Opens', `(${view.timeZone})`, 'datetime-local')}
            {text('closesAt', 'Closes', `(${view.timeZone})`, 'datetime-local')}
            {text('minimum', 'Minimum of pieces', '(nobody is charged below it)')}
            {text('expected', 'Pieces expected', '(the price is the engine’s at this quantity)')}
            {text('markup', 'Markup per piece for the club, in dollars', '(such as 5.00)')}
            {text('shipping', 'Shipping per order, in dollars', '(when shipped)')}
          </div>
          <fieldset {...described('delivery')}>
            <legend className="font-medium">Delivery</legend>
            {(
              [
                ['pickup', 'Pickup at the shop'],
                ['school', 'Delivery to the school or club in one box'],
                ['shipping', 'Shipping to each buyer at the set price'],
              ] as const
            ).map(([id, label]) => (
              <label key={id} className="mt-1 flex items-center gap-2">
                <input type="radio" name="delivery" value={id} defaultChecked={value('delivery', 'pickup') === id} />
                {label}
              </label>
            ))}
            {error('delivery') && (
              <p id="delivery-error" className="mt-1 text-sm font-semibold text-red-800">
                {error('delivery')}
              </p>
            )}
          </fieldset>
          <fieldset {...described('charging')}>
            <legend className="font-medium">Charging</legend>
            {(
              [
                ['minimum', 'Charge nobody unless the minimum sells: cards are saved, and charged at the close'],
                ['as-sold', 'Print whatever sells: each buyer pays when ordering'],
              ] as const
            ).map(([id, label]) => (
              <label key={id} className="mt-1 flex items-start gap-2">
                <input
                  type="radio"
                  name="charging"
                  value={id}
                  className="mt-1"
                  defaultChecked={value('charging', 'minimum') === id}
                />
                {label}
              </label>
            ))}
            {error('charging') && (
              <p id="charging-error" className="mt-1 text-sm font-semibold text-red-800">
                {error('charging')}
              </p>
            )}
          </fieldset>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="asksNames" defaultChecked={value('asksNames') === 'on'} /> Ask for a name on
            the back
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="asksNumbers" defaultChecked={value('asksNumbers') === 'on'} /> Ask for a number
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="lateDays"
              label="Late add-ons after the close, in days"
              hint="(0 for none; once the minimum is met, buyers may still order, paying at once)"
              error={error('lateDays')}
            >
              <input
                id="lateDays"
                name="lateDays"
                inputMode="numeric"
                defaultValue={value('lateDays', '0')}
                className={input}
                {...described('lateDays')}
              />
            </Field>
            <Field id="sortBy" label="Sort the bags by" error={error('sortBy')}>
              <select
                id="sortBy"
                name="sortBy"
                defaultValue={value('sortBy')}
                className={input}
                {...described('sortBy')}
              >
                <option value="">The buyer's surname only</option>
                <option value="team">Team, then surname (buyers are asked their team)</option>
                <option value="class">Class, then surname (buyers are asked their class)</option>
              </select>
            </Field>
          </div>
        </section>
        {Array.from({ length: STORE_LIMITS.products }, (_, index) => index + 1).map((n) => (
          <section key={n} aria-labelledby={`product${n}-title`} className={`${card} space-y-4`}>
            <h2 id={`product${n}-title`} className="text-lg font-bold">
              Product {n}
              {n > 1 ? ' (optional)' : ''}
            </h2>
            <Field id={`product${n}`} label="Garment" error={error(`product${n}`)}>
              <select
                id={`product${n}`}
                name={`product${n}`}
                defaultValue={value(`product${n}`)}
                className={input}
                {...described(`product${n}`)}
              >
                <option value="">{n === 1 ? 'Choose a garment' : 'None'}</option>
                {view.garments.map((garment) => (
                  <option key={garment.id} value={garment.id}>
                    {garment.title}
                  </option>
                ))}
              </select>
            </Field>
            {text(`product${n}Colours`, 'Colours', '(names from the catalogue, separated by commas)')}
            {text(`product${n}Sizes`, 'Sizes', '(separated by commas; empty: every size the garment has)')}
          </section>
        ))}
        <details className={card}>
          <summary className="cursor-pointer font-semibold">Colours and sizes each garment offers</summary>
          <ul className="mt-2 space-y-2 text-sm">
            {view.garments.map((garment) => (
              <li key={garment.id} className="wrap-anywhere">
                <strong>{garment.title}</strong>: {garment.colours.join(', ')}. Sizes:{' '}
                {garment.sizes.length > 0 ? garment.sizes.join(', ') : 'one size'}.
              </li>
            ))}
          </ul>
        </details>
        <button type="submit" className={button}>
          Open the store
        </button>
      </form>
    </StoreShell>
  );
}
