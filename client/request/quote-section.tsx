import { QuoteLinesTable } from '#client/components/quote-lines-table.tsx';
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
      <QuoteLinesTable
        quote={quote}
        caption={`The lines of quote v${quote.version}`}
        depositLabel="Deposit to start"
        large
      />
      {quote.notes && <p className="mt-3 whitespace-pre-line wrap-anywhere">{quote.notes}</p>}
      <p className="mt-3 text-sm text-stone-700">
        {quote.state === 'expired'
          ? `This quote was good until ${formatDay(quote.validUntil)}: ask us below for a new one.`
          : `Good until ${formatDay(quote.validUntil)}.`}{' '}
        {quote.taxNote}
      </p>
      {quote.approval && <ApprovedNote approval={quote.approval} />}
      {quote.state === 'open' && (
        <DecisionForms
          action={`${view.path}/quotes/${quote.version}/decision`}
          subject="quote"
          version={quote.version}
          options={options}
          {...(view.proof?.state === 'draft' ? { withProof: view.proof.version } : {})}
        />
      )}
    </PageSection>
  );
}
