import { useEffect, useState } from 'react';
import { useHydrated } from '#client/forms/use-hydrated.ts';
import { useNow } from '#client/hooks/use-now.ts';
import { type PublicStockAnswer, publicStockText, stockAge } from '#shared/blanks/stock-answer.ts';
import { isRecord } from '#shared/is-record.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { MAX_PIECES, quoteSizes, sizeField } from '#shared/submissions/quote-fields.ts';

/** Keystrokes in the size boxes are let settle before the shop is asked. */
const SETTLE_MS = 300;

/** The sizes asked, as the stock endpoint reads them: "M=30&XL=18". */
function sizesQuery(values: FormValues): string {
  return quoteSizes
    .flatMap((size) => {
      const text = values[sizeField(size)]?.trim() ?? '';
      const count = /^\d{1,6}$/.test(text) ? Number(text) : 0;
      // Past the form's own limit the answer would be a refusal: the form says so, not the stock line.
      return count > 0 && count <= MAX_PIECES ? [`${size}=${count}`] : [];
    })
    .join('&');
}

function readAnswer(body: unknown): PublicStockAnswer | undefined {
  return isRecord(body) && Array.isArray(body.lines) && typeof body.colour === 'string'
    ? (body as unknown as PublicStockAnswer)
    : undefined;
}

/**
 * Whether the supplier has the blanks, per size, once hydrated (the page without JavaScript says nothing
 * of stock; the shop checks it when quoting), asked of /api/blanks/stock, which answers only in stock,
 * not in stock or N short, and how many business days the blanks take to reach the shop.
 */
export function useBlankStock(
  garment: string | undefined,
  colour: string | undefined,
  values: FormValues,
): PublicStockAnswer | undefined {
  const hydrated = useHydrated();
  const sizes = sizesQuery(values);
  const [answer, setAnswer] = useState<PublicStockAnswer>();
  const askable = hydrated && garment !== undefined && colour !== undefined && sizes !== '';
  useEffect(() => {
    if (!askable) {
      setAnswer(undefined);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = `garment=${encodeURIComponent(garment)}&colour=${encodeURIComponent(colour)}&${sizes}`;
      fetch(`/api/blanks/stock?${query}`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? response.json() : undefined))
        .then((body: unknown) => setAnswer(readAnswer(body)))
        // Offline, or nothing known of this garment's stock: the form says nothing of it.
        .catch(() => {});
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [askable, garment, colour, sizes]);
  return answer;
}

/** Whether the supplier cannot cover the blanks asked, so that no day can be counted from their arrival. */
export function blanksUncovered(answer: PublicStockAnswer | undefined): boolean {
  return answer !== undefined && answer.arrivalDays === undefined;
}

/** In place of an estimate's date when the supplier cannot cover the blanks: the quote confirms it. */
export function BlanksDateNote() {
  return (
    <p className="mt-3 rounded-lg border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm" data-testid="blanks-date">
      <span className="font-semibold">Date with your quote.</span> Our supplier does not have every blank in stock, so
      we confirm the date once we know when they arrive.
    </p>
  );
}

/** The stock line under the sizes: "Navy XL: 8 short", and the nearest colour that has every size. */
export function QuoteStockLine({
  answer,
  withArrival = true,
  className = '',
}: {
  /** Where the line sits in its page's grid. */
  className?: string;
  answer: PublicStockAnswer | undefined;
  /** The studio asks of sizes without their counts: the days for one piece would mislead. */
  withArrival?: boolean;
}) {
  const now = useNow();
  const short = answer?.lines.filter((line) => line.stock.state !== 'in-stock') ?? [];
  return (
    <div aria-live="polite" data-testid="stock-line" className={`min-w-0 text-sm empty:hidden ${className}`}>
      {answer && (
        <div
          className={`rounded-lg p-3 ${short.length > 0 ? 'bg-amber-50 text-amber-950' : 'bg-emerald-50 text-emerald-950'}`}
        >
          <p className="font-semibold">
            {short.length === 0 ? `${answer.colour}: every size in stock at our supplier.` : 'Blanks at our supplier:'}
          </p>
          {short.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {answer.lines.map((line) => (
                <li key={line.size} className="break-words">
                  {publicStockText(answer.colour, line)}
                </li>
              ))}
            </ul>
          )}
          {short.length > 0 && answer.alternative && (
            <p className="mt-1 break-words">
              <strong>{answer.alternative}</strong> has every size you need.
            </p>
          )}
          <p className="mt-1">
            {!withArrival
              ? ''
              : answer.arrivalDays === undefined
                ? 'We confirm a date for these with your quote, once the supplier has them.'
                : `The date counts ${answer.arrivalDays === 1 ? '1 business day' : `${answer.arrivalDays} business days`} for the blanks to reach us.`}{' '}
            <span className="text-stone-700">Stock {stockAge(answer.takenAt, now)}.</span>
          </p>
        </div>
      )}
    </div>
  );
}
