import { formatDay } from '#shared/desk-format.ts';
import type { RequestPageOptions, RequestPageQuote, RequestPageView } from '#shared/request-page-contract.ts';
import { ApprovedNote, DecisionForms } from './decision-form.tsx';
import { PageSection } from './request-document.tsx';

/** The newest quote, line by line, with what approving it means and the forms to do so. */
export function QuoteSection({
  view,
  quote,
  options,
}: {
  view: RequestPageView;
  quote: RequestPageQuote;
  options: RequestPageOptions;
}) {
  return (
    <PageSection id="quote" title={`Your quote${quote.version > 1 ? ` (revised, v${quote.version})` : ''}`}>
      <div className="overflow-x-auto">
        <table className="w-full text-sm sm:text-base">
          <caption className="sr-only">The lines of quote v{quote.version}</caption>
          <thead>
            <tr className="border-b border-stone-300 text-left">
              <th scope="col" className="py-2 pr-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Each
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line, index) => (
              // A sent quote never changes: a line's place is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <tr key={index} className="border-b border-stone-100 align-top">
                <td className="py-2 pr-2">{line.label}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{line.unit}</td>
                <td className="py-2 text-right tabular-nums">{line.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="pt-3 pr-2 text-right">
                Total
              </th>
              <td className="pt-3 text-right text-lg font-bold tabular-nums">{quote.total}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="py-1 pr-2 text-right font-normal">
                Deposit to start ({quote.depositPercent}%)
              </th>
              <td className="py-1 text-right tabular-nums">{quote.deposit}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {quote.notes && <p className="mt-3 whitespace-pre-line">{quote.notes}</p>}
      <p className="mt-3 text-sm text-stone-700">
        {quote.state === 'expired'
          ? `This quote was good until ${formatDay(quote.validUntil)}: ask us below for a new one.`
          : `Good until ${formatDay(quote.validUntil)}.`}{' '}
        Sales tax is added where it applies.
      </p>
      {quote.approval && <ApprovedNote approval={quote.approval} />}
      {quote.state === 'open' && (
        <DecisionForms
          action={`${view.path}/quotes/${quote.version}/decision`}
          subject="quote"
          version={quote.version}
          options={options}
        />
      )}
    </PageSection>
  );
}
