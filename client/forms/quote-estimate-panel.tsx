import { PriceLadder, SalesTaxNote, ScheduleNote } from '#client/components/estimate-parts.tsx';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { perPieceWords } from '#shared/pricing/estimate-words.ts';
import type { EstimateResult } from '#shared/pricing/types.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { OTHER_GARMENT, OWN_GARMENT } from '#shared/submissions/quote-fields.ts';
import { BlanksDateNote } from './quote-stock-line.tsx';

/**
 * The price of what the form says so far, beside it (sticky on wide screens, below it on phones). The
 * server renders it for the first values too, so a link from a calculator shows its price at once.
 */
export function QuoteEstimatePanel({
  result,
  values,
  prices,
  pieces,
  serviceName,
  testId,
  now,
  blanksUncovered = false,
}: {
  /** The form's estimate (quoteEstimate), made once by the form for the panel and the total bar. */
  result: EstimateResult | undefined;
  values: FormValues;
  prices: PricingData;
  pieces: number;
  serviceName: string;
  testId: string;
  now: Date;
  /** The supplier cannot cover the blanks asked: the date waits for them, and the quote confirms it. */
  blanksUncovered?: boolean;
}) {
  const garment = values.garment ?? '';
  const decorationOnly = garment === OWN_GARMENT || garment === OTHER_GARMENT;
  const problems = result && !result.ok ? [...new Set(result.errors.map((error) => error.message))] : [];
  return (
    <aside
      aria-labelledby="quote-estimate-heading"
      data-testid={testId}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24"
    >
      <h3 id="quote-estimate-heading" className="text-lg font-bold">
        Your estimate
      </h3>
      <p className="text-sm text-stone-600">{serviceName}</p>
      {result?.ok ? (
        <>
          <p className="mt-3" data-testid="quote-estimate-total">
            <span className="text-3xl font-extrabold tabular-nums">{formatMoney(result.estimate.totalCents)}</span> in
            total
          </p>
          <p className="text-stone-800" data-testid="quote-estimate-per-piece">
            for {pluralize(pieces, 'piece')}: {perPieceWords(result.estimate, pieces)}
          </p>
          {blanksUncovered ? (
            <BlanksDateNote />
          ) : result.estimate.schedule ? (
            <ScheduleNote schedule={result.estimate.schedule} calendar={prices['order-terms']} now={now} />
          ) : null}
          <ul className="mt-4 divide-y divide-stone-100 border-y border-stone-100 text-sm">
            {result.estimate.lines.map((line) => (
              <li key={`${line.kind}-${line.label}`} className="flex justify-between gap-3 py-2">
                <span>
                  {line.label}
                  <span className="block text-stone-600 tabular-nums">
                    {line.quantity} × {formatMoney(line.unitCents)}
                  </span>
                </span>
                <span className="shrink-0 tabular-nums">{formatMoney(line.totalCents)}</span>
              </li>
            ))}
          </ul>
          <SalesTaxNote estimate={result.estimate} />
          {result.estimate.nextTier?.cheaperInTotal ? (
            <p className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
              {result.estimate.nextTier.note}
            </p>
          ) : null}
          <PriceLadder ladder={result.estimate.ladder} />
        </>
      ) : (
        <div className="mt-3 text-stone-800">
          {pieces === 0 ? (
            <p>Enter your quantities by size to see a price.</p>
          ) : (
            <>
              <p className="font-semibold">Not priced yet:</p>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <p className="mt-4 text-sm text-stone-600">
        {decorationOnly ? 'This covers the decoration only; garments you bring or we source are not in it. ' : ''}
        An estimate from our price list: your exact quote follows within one business day, once we have seen your
        artwork.
      </p>
    </aside>
  );
}
