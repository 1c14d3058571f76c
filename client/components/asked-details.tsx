import type { AskedView } from '#shared/requests/asked-view.ts';
import { QuoteLinesTable } from './quote-lines-table.tsx';

/**
 * What the customer asked for, drawn the same on their page and on the desk: the website's estimate
 * then, as lines where they can be had, and their fields, labelled as the form labels them. Values are
 * theirs, typed: a long word or link wraps anywhere rather than widening the page.
 */
export function AskedDetails({
  asked,
  estimateHeading,
  estimateNote,
  labelColumn,
}: {
  asked: AskedView;
  /** "The website’s estimate when you sent it", or the desk's "…when they sent it". */
  estimateHeading: string;
  /** A word under the estimate, for the customer: the quote gives the final price. */
  estimateNote?: string;
  /** The labels' column from the small breakpoint on (each side has its own measure). */
  labelColumn: 'sm:grid-cols-[11rem_minmax(0,1fr)]' | 'sm:grid-cols-[12rem_minmax(0,1fr)]';
}) {
  const { estimate, details } = asked;
  const heading = estimate?.forGroup ? 'The website’s estimate for the group’s sizes' : estimateHeading;
  return (
    <>
      {estimate && (
        <div data-testid="asked-estimate" className="mb-4 rounded border border-stone-200 bg-stone-50 p-3">
          <h3 className="text-sm font-semibold text-stone-800">{heading}</h3>
          {estimate.figures && (
            <div className="mt-2">
              <QuoteLinesTable quote={estimate.figures} caption={heading} />
            </div>
          )}
          <ul className={`mt-2 space-y-1 text-sm text-stone-800 ${estimate.figures ? '' : 'font-medium'}`}>
            {estimate.notes.map((note) => (
              <li key={note} className="wrap-anywhere">
                {note}
              </li>
            ))}
          </ul>
          {estimateNote && <p className="mt-2 text-sm text-stone-700">{estimateNote}</p>}
        </div>
      )}
      <dl className={`grid gap-x-6 gap-y-2 ${labelColumn}`}>
        {details.map((detail) => (
          <div key={detail.label} className="contents">
            <dt className="font-medium text-stone-700">{detail.label}</dt>
            <dd className="min-w-0 whitespace-pre-line wrap-anywhere">{detail.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
