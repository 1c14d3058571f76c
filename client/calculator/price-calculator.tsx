import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { PriceLadder, SalesTaxNote, ScheduleNote } from '#client/components/estimate-parts.tsx';
import { TotalBar } from '#client/components/total-bar.tsx';
import { FormFieldsProvider } from '#client/forms/form-fields-context.tsx';
import { BlanksDateNote, blanksUncovered, QuoteStockLine, useBlankStock } from '#client/forms/quote-stock-line.tsx';
import { useLoadDates } from '#client/hooks/use-load-dates.ts';
import { useNow } from '#client/hooks/use-now.ts';
import { colorNamed } from '#shared/garments/catalogue.ts';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import { shopTime } from '#shared/pricing/business-days.ts';
import { estimate, orderContext, priceFileFor } from '#shared/pricing/estimate.ts';
import { perPieceWords } from '#shared/pricing/estimate-words.ts';
import { repeatDesignLabel } from '#shared/pricing/option-words.ts';
import { optionsFromQuery, queryFromOptions, sizeParams } from '#shared/pricing/query.ts';
import type { Estimate, FieldError, PriceFile } from '#shared/pricing/types.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import { sizeField } from '#shared/submissions/quote-fields.ts';
import {
  CheckboxField,
  calculatorFieldIds,
  chosenGarment,
  type FieldProps,
  type Fields,
  GarmentColorField,
  GarmentField,
  OrderFields,
  QuantityField,
  SizeFields,
} from './calculator-fields.tsx';
import { CalculatorLocations, REMOVE_PARAM } from './calculator-locations.tsx';
import { studioStart } from './studio-start.ts';

/** An engine field ("colors.1", "sizes.2XL") -> the form control that holds it ("c2", "xxl"). */
function formName(field: string): string {
  const [head, index] = field.split('.');
  const prefixes: Record<string, string> = { colors: 'c', areas: 'a', stitches: 's', widths: 'w' };
  if (head === 'quantity') return 'q';
  if (head === 'inHands') return 'by';
  if (head === 'sizes' && index) return sizeParams[index as keyof typeof sizeParams] ?? field;
  if (head && prefixes[head] && index !== undefined) return `${prefixes[head]}${Number(index) + 1}`;
  return head ?? field;
}

function fieldsFrom(prices: PriceFile, params: URLSearchParams): Fields {
  // Start from what the URL asked for, in the calculator's own terms, so a shared link shows its estimate.
  // A location removed without JavaScript is left out here; the engine numbers the rest from 1 again.
  const query = new URLSearchParams(params);
  const removed = query.get(REMOVE_PARAM) ?? '';
  if (/^[acsw]\d$/.test(removed)) query.delete(removed);
  query.delete(REMOVE_PARAM);
  return Object.fromEntries(queryFromOptions(optionsFromQuery(prices, query)));
}

/** The size a larger-size box counts pieces of, as the supplier lists it (4XL+ is read as 4XL). */
const stockSizeOf = { '2XL': '2XL', '3XL': '3XL', '4XL+': '4XL' } as const;

/**
 * What the calculator can ask of the supplier's stock: the larger sizes with the pieces counted in them,
 * and the standard sizes (S to XL, whose split the calculator does not ask) one piece each, so those are
 * answered in stock or not in stock only.
 */
function stockQuestion(fields: Record<string, string>): Record<string, string> {
  const asked: Record<string, string> = Object.fromEntries(
    (['S', 'M', 'L', 'XL'] as const).map((size) => [sizeField(size), '1']),
  );
  for (const [size, param] of Object.entries(sizeParams) as [keyof typeof stockSizeOf, string][]) {
    const text = fields[param]?.trim() ?? '';
    if (/^\d{1,6}$/.test(text) && Number(text) > 0) asked[sizeField(stockSizeOf[size])] = text;
  }
  return asked;
}

/** The service's own options besides its locations: a dark garment, artwork preparation, a design on file. */
function ServiceOptions(props: FieldProps) {
  const { prices } = props;
  // A catalogue garment's colour says whether it is dark.
  const colored = chosenGarment(props)?.colors !== undefined;
  switch (prices.service) {
    case 'screen-printing':
      return colored ? null : (
        <CheckboxField
          name="dark"
          label={`Dark garment (a white underbase goes under the ink: it counts as ${prices.darkGarmentExtraColors} more color)`}
          {...props}
        />
      );
    case 'direct-to-garment':
      return (
        <>
          {colored ? null : (
            <CheckboxField name="dark" label="Dark garment (pretreated, with white ink under the colors)" {...props} />
          )}
          <CheckboxField
            name="art"
            label={`My artwork needs preparing (adds a one-time ${formatMoney(prices.artSetupFee)} art set-up fee)`}
            {...props}
          />
        </>
      );
    case 'embroidery':
      return <CheckboxField name="repeat" label={repeatDesignLabel(prices.digitizingFee)} {...props} />;
  }
}

function EstimateTable({ result }: { result: Estimate }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">Your estimate, line by line</caption>
      <thead>
        <tr className="border-b border-stone-300">
          <th scope="col" className="py-2 pr-2">
            Item
          </th>
          <th scope="col" className="py-2 pr-2 text-right">
            Qty
          </th>
          <th scope="col" className="py-2 pr-2 text-right">
            Each
          </th>
          <th scope="col" className="py-2 text-right">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {result.lines.map((line) => (
          <tr key={`${line.kind}-${line.label}`} className="border-b border-stone-100 align-top">
            <th scope="row" className="py-2 pr-2 font-normal">
              {line.label}
            </th>
            <td className="py-2 pr-2 text-right tabular-nums">{line.quantity}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{formatMoney(line.unitCents)}</td>
            <td className="py-2 text-right tabular-nums">{formatMoney(line.totalCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3} className="pt-3 pr-3 text-right font-bold">
            Total
          </th>
          <td className="pt-3 text-right text-lg font-extrabold tabular-nums">{formatMoney(result.totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * The price calculator of the three service pages (its own chunk, loaded with them only). The same
 * markup is a GET form the server answers without JavaScript; with JavaScript the price follows every
 * keystroke and the URL keeps up, so a reload or a shared link shows the same estimate.
 */
export function PriceCalculator({ service }: { service: ServiceId }) {
  const site = useSiteData();
  const prices = priceFileFor(site, service);
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [fields, setFields] = useState(() => fieldsFrom(prices, searchParams));

  const terms = site['order-terms'];
  const now = useNow();
  const today = shopTime(now, terms.timeZone).date;
  const options = useMemo(() => optionsFromQuery(prices, new URLSearchParams(fields)), [prices, fields]);
  // Not memoized on the clock: a visitor who keeps the page open past the cut-off sees the next day's dates.
  const load = useLoadDates(service, options.quantity);
  const result = estimate(prices, options, orderContext(site, now, load));
  const errors = useMemo(
    () =>
      Object.fromEntries(
        (result.ok ? [] : result.errors).map((error: FieldError) => [formName(error.field), error.message]),
      ),
    [result],
  );

  function replaceFields(next: Fields) {
    setFields(next);
    // Replace, not push: Back leaves the page instead of undoing keystrokes one by one.
    setSearchParams(new URLSearchParams(Object.entries(next).filter(([, item]) => item !== '')), {
      replace: true,
      preventScrollReset: true,
    });
  }

  function onChange(name: string, value: string) {
    const next = { ...fields, [name]: value };
    // Another garment keeps the colour when it comes in it too, else starts in its first.
    if (name === 'garment') {
      const garment = chosenGarment({ prices, fields: next });
      next.color = colorNamed(garment ?? {}, fields.color)?.name ?? garment?.colors?.[0]?.name ?? '';
    }
    replaceFields(next);
  }

  // A location added or removed: focus goes to its field (or the one before it) once it is rendered.
  const [focusName, setFocusName] = useState<string | null>(null);
  useEffect(() => {
    if (focusName === null) return;
    document.getElementById(calculatorFieldIds(focusName).id)?.focus();
    setFocusName(null);
  }, [focusName]);

  const props: FieldProps = { prices, fields, onChange };
  const quoteHref = `/pricing?service=${service}&${queryFromOptions(options).toString()}`;
  const studioHref = studioStart(chosenGarment(props), fields.color, service, options.quantity);
  const stockAsked = useMemo(() => stockQuestion(fields), [fields]);
  const stock = useBlankStock(chosenGarment(props)?.id, fields.color || undefined, stockAsked);
  return (
    <section
      aria-labelledby="calculator-heading"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="calculator-heading" className="text-2xl font-extrabold">
        Price calculator
      </h2>
      <p className="mt-1 text-stone-700">
        Prices update as you type. Every fee, the rush your date needs and the delivery are in the total; only sales tax
        is added where it applies.
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <FormFieldsProvider ids={calculatorFieldIds} errors={errors}>
          <form
            method="get"
            action={pathname}
            onSubmit={(event) => event.preventDefault()}
            // A flex column holding the grid of fields: the total bar's sticky range is the whole form.
            className="flex min-w-0 flex-col gap-4"
          >
            {/* The form's default button, first in the form: Enter in a field updates the price, and never
                presses "Remove" or "Add another location" further down. */}
            <button type="submit" hidden tabIndex={-1}>
              Update the price
            </button>
            <div className="grid gap-4 sm:grid-cols-2">
              <QuantityField {...props} />
              <GarmentField {...props} />
              <CalculatorLocations onReplace={replaceFields} onFocusField={setFocusName} {...props} />
              {/* Where the dark-garment box was: the colour now says whether the garment is dark. */}
              <GarmentColorField {...props} />
              <ServiceOptions {...props} />
              <SizeFields {...props} />
              <QuoteStockLine answer={stock} withArrival={false} className="sm:col-span-2" />
              <OrderFields
                fields={fields}
                onChange={onChange}
                deliverySummary={site.config.serviceArea.summary}
                today={today}
              />
            </div>
            {/* With JavaScript the price follows every keystroke: only the page without it needs the button. */}
            <div className="no-js-only">
              <button
                type="submit"
                className="rounded-full border border-stone-300 bg-white px-5 py-2.5 font-semibold hover:bg-stone-100"
              >
                Update the price
              </button>
            </div>
            <TotalBar
              result={result}
              detailsHref="#estimate-heading"
              emptyText="Fill in the fields to see your price."
            />
          </form>
        </FormFieldsProvider>
        <section aria-labelledby="estimate-heading" className="rounded-xl bg-stone-50 p-4 sm:p-6">
          <h3 id="estimate-heading" className="text-lg font-bold">
            Your estimate
          </h3>
          {result.ok ? (
            <>
              <p className="mt-2" aria-live="polite" data-testid="estimate-summary">
                <span className="text-3xl font-extrabold tabular-nums" data-testid="estimate-total">
                  {formatMoney(result.estimate.totalCents)}
                </span>{' '}
                in total for {pluralize(options.quantity, 'piece')}:{' '}
                <span className="font-bold tabular-nums" data-testid="estimate-per-piece">
                  {perPieceWords(result.estimate, options.quantity)}
                </span>
              </p>
              <p className="mt-1 text-sm text-stone-600">
                Price break: {result.estimate.tier.fromQuantity}
                {result.estimate.tier.toQuantity === null ? '+' : `–${result.estimate.tier.toQuantity}`} pieces.
              </p>
              {result.estimate.nextTier ? (
                <p
                  data-testid="next-tier"
                  className={`mt-3 rounded-lg px-3 py-2 text-sm ${result.estimate.nextTier.cheaperInTotal ? 'bg-green-50 font-semibold text-green-900' : 'bg-white text-stone-700'}`}
                >
                  {result.estimate.nextTier.note}
                </p>
              ) : null}
              {/* Blanks the supplier cannot cover have no day to count from: no date is offered for them. */}
              {blanksUncovered(stock) ? (
                <BlanksDateNote />
              ) : result.estimate.schedule ? (
                <ScheduleNote schedule={result.estimate.schedule} calendar={terms} now={now} />
              ) : null}
              <div className="mt-4 overflow-x-auto">
                <EstimateTable result={result.estimate} />
              </div>
              <SalesTaxNote estimate={result.estimate} />
              <PriceLadder ladder={result.estimate.ladder} />
              <p className="mt-6">
                <Link
                  to={quoteHref}
                  className="inline-block rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
                >
                  Request this quote
                </Link>
                {studioHref ? (
                  // The studio needs the script: without it the link would lead to a page saying so.
                  <Link
                    to={studioHref}
                    className="js-swap ml-3 inline-block rounded-full border border-stone-300 bg-white px-6 py-3 font-bold hover:bg-stone-100"
                  >
                    Design it here
                  </Link>
                ) : null}
              </p>
            </>
          ) : (
            <div className="mt-2" aria-live="polite" data-testid="estimate-errors">
              <p className="font-semibold">Fix these to see your price:</p>
              <ul className="mt-2 list-disc pl-5 text-red-800">
                {result.errors.map((error) => (
                  <li key={`${error.field}-${error.message}`}>{error.message}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </section>
  );
}
