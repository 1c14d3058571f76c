import { formatMoney } from '#shared/money.ts';
import { eachWords } from '#shared/pricing/estimate-words.ts';
import type { EstimateResult } from '#shared/pricing/types.ts';

/**
 * The price in one line that stays in view while the visitor works down a form (issue 25 item 11):
 * sticky at the bottom of the viewport for as long as the form it closes is on screen, and in its own
 * place under the last field once the form ends. It shows the estimate its page has already made
 * (`result`), never one of its own, so it cannot disagree with the panel it links to. Not a live
 * region: the panel's total is the one read out, and one announcement per change is enough.
 */
export function TotalBar({
  result,
  detailsHref,
  emptyText,
  className = '',
}: {
  /** The page's estimate; undefined while there is nothing to price yet. */
  result: EstimateResult | undefined;
  /** The panel with the lines, the schedule and the ladder. */
  detailsHref: string;
  /** What the bar says before anything can be priced. */
  emptyText: string;
  className?: string;
}) {
  const priced = result?.ok ? result.estimate : null;
  const problems = result && !result.ok ? new Set(result.errors.map((error) => error.message)).size : 0;
  return (
    <div
      data-testid="total-bar"
      className={`sticky bottom-2 z-20 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-stone-300 bg-white/95 px-4 py-2.5 shadow-lg backdrop-blur ${className}`}
    >
      {priced ? (
        <p className="tabular-nums">
          <span className="text-sm text-stone-600">Total </span>
          <strong className="text-xl font-extrabold" data-testid="total-bar-total">
            {formatMoney(priced.totalCents)}
          </strong>{' '}
          <span className="whitespace-nowrap text-stone-800">· {eachWords(priced)}</span>
        </p>
      ) : (
        <p className="text-stone-800">
          {problems > 0 ? `Not priced yet: ${problems === 1 ? 'one thing' : `${problems} things`} to fix.` : emptyText}
        </p>
      )}
      <a href={detailsHref} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
        {priced ? (
          <>
            Details<span className="sr-only"> of the estimate</span>
          </>
        ) : problems > 0 ? (
          'What to fix'
        ) : (
          'The estimate'
        )}
      </a>
    </div>
  );
}
