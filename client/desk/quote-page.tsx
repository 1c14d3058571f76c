import { Fragment } from 'react';
import { taxClasses, taxClassLabels } from '#shared/books/sales-tax-rules.ts';
import type { DeskRenderOptions, DeskView } from '#shared/desk-contract.ts';
import { DeskDocument, TokenField } from './desk-document.tsx';

type QuoteView = Extract<DeskView, { page: 'quote' }>;

const sourceText: Record<QuoteView['source'], string> = {
  engine: 'Filled from our price list for what the customer asked. Change, add or remove any line.',
  previous: 'Starts from the last quote sent. Change, add or remove any line.',
  form: 'Our price list cannot price this request as it stands (a garment we do not stock, say): write the lines.',
  none: 'This request has no details to price from: write the lines.',
};

const inputClass = 'w-full rounded border border-stone-400 px-2 py-1.5';

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {text}
    </p>
  );
}

/**
 * /staff/requests/<reference>/quote: the quote editor. One row per line (description, quantity, price of
 * one), spare rows for new lines, a "remove" box per row; "Update totals" posts and shows the sums,
 * "Send quote" sends it. No script: the server does the arithmetic, in cents.
 */
export function QuotePage({ view, options }: { view: QuoteView; options: DeskRenderOptions }) {
  const base = `/staff/requests/${view.reference}`;
  const errorCount = Object.keys(view.errors).length;
  const described = (name: string) => (view.errors[name] ? { 'aria-describedby': `error-${name}` } : {});
  return (
    <DeskDocument title={`Quote v${view.version} for ${view.reference}`} options={options} staff={view.staff}>
      <p className="text-sm">
        <a href={base} className="underline">
          ← Back to {view.reference}
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {view.version > 1 ? 'Revise the quote' : 'Write a quote'}{' '}
        <span className="font-mono text-stone-600">v{view.version}</span>
      </h1>
      <p className="mt-1 text-stone-700 wrap-anywhere">
        For {view.name} ({view.email}). {sourceText[view.source]}
      </p>
      {errorCount > 0 && (
        <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-sm text-red-900">
          Nothing was sent: {errorCount === 1 ? 'one thing needs' : `${errorCount} things need`} fixing below.
        </p>
      )}

      <form method="post" action={`${base}/quote`} className="mt-6 space-y-6">
        <TokenField token={options.csrfToken} />
        <input type="hidden" name="from" value={view.from} />
        <input type="hidden" name="source" value={view.source} />
        <section aria-labelledby="lines-heading" className="rounded-lg bg-white p-4 shadow-sm md:p-6">
          <h2 id="lines-heading" className="text-lg font-bold">
            Lines
          </h2>
          <FieldError id="error-rows" text={view.errors.rows} />
          {/* The columns' names for sighted readers on a wide screen; each input has its own label. */}
          <div
            aria-hidden="true"
            className="mt-3 hidden gap-2 border-b border-stone-300 pb-2 text-sm font-medium text-stone-700 md:grid md:grid-cols-[1fr_6rem_8rem_8rem_7rem_6rem]"
          >
            <span>Description</span>
            <span className="text-right">Quantity</span>
            <span className="text-right">Price of one ($)</span>
            <span>Tax class</span>
            <span className="text-right">Line total</span>
            <span />
          </div>
          <ol className="mt-3 space-y-4">
            {view.rows.map((row, index) => {
              const number = index + 1;
              return (
                <li
                  // Rows are positions in a form: the position is the identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                  key={index}
                  className="grid grid-cols-2 gap-2 border-b border-stone-200 pb-4 md:grid-cols-[1fr_6rem_8rem_8rem_7rem_6rem] md:items-start"
                >
                  <div className="col-span-2 md:col-span-1">
                    <label htmlFor={`label-${index}`} className="text-sm font-medium md:sr-only">
                      Line {number}: description
                    </label>
                    <input
                      id={`label-${index}`}
                      name={`label.${index}`}
                      defaultValue={row.label}
                      maxLength={200}
                      className={inputClass}
                      {...described(`rows.${index}.label`)}
                    />
                    <FieldError id={`error-rows.${index}.label`} text={view.errors[`rows.${index}.label`]} />
                  </div>
                  <div>
                    <label htmlFor={`quantity-${index}`} className="text-sm font-medium md:sr-only">
                      Line {number}: quantity
                    </label>
                    <input
                      id={`quantity-${index}`}
                      name={`quantity.${index}`}
                      defaultValue={row.quantity}
                      inputMode="numeric"
                      className={`${inputClass} text-right`}
                      {...described(`rows.${index}.quantity`)}
                    />
                    <FieldError id={`error-rows.${index}.quantity`} text={view.errors[`rows.${index}.quantity`]} />
                  </div>
                  <div>
                    <label htmlFor={`unit-${index}`} className="text-sm font-medium md:sr-only">
                      Line {number}: price of one ($)
                    </label>
                    <input
                      id={`unit-${index}`}
                      name={`unit.${index}`}
                      defaultValue={row.unit}
                      inputMode="decimal"
                      className={`${inputClass} text-right`}
                      {...described(`rows.${index}.unit`)}
                    />
                    <FieldError id={`error-rows.${index}.unit`} text={view.errors[`rows.${index}.unit`]} />
                  </div>
                  <div>
                    <label htmlFor={`class-${index}`} className="text-sm font-medium md:sr-only">
                      Line {number}: tax class
                    </label>
                    <select
                      id={`class-${index}`}
                      name={`class.${index}`}
                      defaultValue={row.taxClass}
                      className={inputClass}
                      {...described(`rows.${index}.taxClass`)}
                    >
                      {taxClasses.map((taxClass) => (
                        <option key={taxClass} value={taxClass}>
                          {taxClassLabels[taxClass]}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`error-rows.${index}.taxClass`} text={view.errors[`rows.${index}.taxClass`]} />
                  </div>
                  <p className="py-1.5 tabular-nums md:text-right">
                    <span className="sr-only">Line {number} total: </span>
                    {row.total ?? '—'}
                    {row.tax !== undefined && (
                      <span className="block text-sm text-stone-600" data-testid={`line-tax-${index}`}>
                        tax {row.tax}
                      </span>
                    )}
                  </p>
                  {row.label || row.quantity || row.unit ? (
                    <label className="flex items-center justify-end gap-2 py-1.5 text-sm md:justify-start">
                      <input type="checkbox" name={`remove.${index}`} className="size-4" />
                      Remove<span className="sr-only"> line {number}</span>
                    </label>
                  ) : (
                    <span />
                  )}
                </li>
              );
            })}
          </ol>
          <p className="mt-2 text-sm text-stone-600">
            Use a minus price for a discount (−5.00). Rows left empty are not sent; “Update totals” adds more. Sales tax
            is counted from the shop’s tax rules by each line’s class; it is written into the quote when it is sent.
          </p>
          {view.taxWarnings.map((warning) => (
            <p
              key={warning}
              role="alert"
              className="mt-4 rounded border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950"
            >
              {warning}
            </p>
          ))}
          {view.exemption && (
            <div className="mt-4 rounded border-l-4 border-emerald-700 bg-emerald-50 p-3 text-sm text-emerald-950">
              <p className="wrap-anywhere">
                No sales tax: {view.exemption.words}, verified for {view.email}. Check that this request comes from that
                organisation.
              </p>
              <label className="mt-2 flex items-start gap-2">
                <input
                  type="checkbox"
                  name="chargeTax"
                  defaultChecked={view.exemption.chargeTax}
                  className="mt-0.5 size-4 shrink-0"
                />
                Charge sales tax on this quote anyway (the certificate is not this customer’s, or does not cover this
                order)
              </label>
            </div>
          )}
          <dl
            className="mt-4 ml-auto grid max-w-md grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-right"
            data-testid="quote-sums"
          >
            {view.subtotal && (
              <>
                <dt className="font-medium">Subtotal</dt>
                <dd className="tabular-nums">{view.subtotal}</dd>
              </>
            )}
            {view.salesTax && (
              <>
                <dt className="col-span-2 text-sm text-stone-600 wrap-anywhere">Sales tax, {view.salesTax.where}</dt>
                {view.salesTax.none ? (
                  <>
                    <dt className="font-medium wrap-anywhere">{view.salesTax.none}</dt>
                    <dd className="tabular-nums">$0.00</dd>
                  </>
                ) : (
                  view.salesTax.lines.map((line) => (
                    <Fragment key={line.label}>
                      <dt className="font-medium">{line.label}</dt>
                      <dd className="tabular-nums">{line.amount}</dd>
                    </Fragment>
                  ))
                )}
              </>
            )}
            <dt className="font-medium">Total</dt>
            <dd className="font-bold tabular-nums">{view.total ?? '—'}</dd>
            <dt className="font-medium">
              Deposit{/^\d{1,3}$/.test(view.depositPercent) ? ` (${view.depositPercent}%)` : ''}
            </dt>
            <dd className="tabular-nums">{view.deposit ?? '—'}</dd>
          </dl>
        </section>

        <section aria-labelledby="terms-heading" className="rounded-lg bg-white p-4 shadow-sm md:p-6">
          <h2 id="terms-heading" className="text-lg font-bold">
            Terms
          </h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="valid-until" className="block font-medium">
                Good until
              </label>
              <input
                id="valid-until"
                type="date"
                name="validUntil"
                min={view.today}
                defaultValue={view.validUntil}
                required
                className={`mt-1 ${inputClass}`}
                {...described('validUntil')}
              />
              <FieldError id="error-validUntil" text={view.errors.validUntil} />
            </div>
            <div>
              <label htmlFor="deposit" className="block font-medium">
                Deposit (% of the total)
              </label>
              <input
                id="deposit"
                name="depositPercent"
                inputMode="numeric"
                defaultValue={view.depositPercent}
                required
                className={`mt-1 ${inputClass}`}
                {...described('depositPercent')}
              />
              <FieldError id="error-depositPercent" text={view.errors.depositPercent} />
            </div>
          </div>
          <label htmlFor="quote-notes" className="mt-4 block font-medium">
            Notes for the customer <span className="font-normal text-stone-600">(optional)</span>
          </label>
          <textarea
            id="quote-notes"
            name="notes"
            rows={3}
            maxLength={2000}
            defaultValue={view.notes}
            className={`mt-1 ${inputClass}`}
            {...described('notes')}
          />
          <FieldError id="error-notes" text={view.errors.notes} />
        </section>

        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="update"
            className="rounded border border-stone-500 bg-white px-4 py-2 font-semibold hover:bg-stone-50"
          >
            Update totals
          </button>
          <button
            type="submit"
            name="intent"
            value="send"
            className="min-w-0 rounded bg-brand-700 px-4 py-2 font-semibold text-white wrap-anywhere hover:bg-brand-800"
          >
            Send quote v{view.version} to {view.email}
          </button>
        </div>
      </form>
    </DeskDocument>
  );
}
