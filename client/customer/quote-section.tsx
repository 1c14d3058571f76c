import { QuoteLinesTable } from '#client/components/quote-lines-table.tsx';
import { useShopTime } from '#client/components/shop-time.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { CustomerPageOptions, CustomerPageQuote, CustomerPageView } from '#shared/customer-page-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import { PageSection } from './customer-document.tsx';
import { ApprovedNote, DecisionForms } from './decision-form.tsx';

/** The newest quote, line by line, with what approving it means and the forms to do so. */
export function QuoteSection({
  view,
  quote,
  options,
}: {
  view: CustomerPageView;
  quote: CustomerPageQuote;
  options: CustomerPageOptions;
}) {
  const { dateTime } = useShopTime();
  return (
    <PageSection id="quote" title={`Your quote${quote.version > 1 ? ` (revised, v${quote.version})` : ''}`}>
      <QuoteLinesTable
        quote={quote}
        caption={`The lines of quote v${quote.version}`}
        depositLabel="Deposit to start"
        large
      />
      {quote.notes && <p className="mt-3 whitespace-pre-line wrap-anywhere">{quote.notes}</p>}
      <p className="mt-3 text-sm text-stone-700 wrap-anywhere">
        {quote.state === 'expired'
          ? `This quote was good until ${formatDay(quote.validUntil)}, so it can no longer be approved.`
          : `Good until ${formatDay(quote.validUntil)}.`}{' '}
        {quote.taxNote}
      </p>
      {quote.state === 'expired' &&
        (view.freshQuoteAskedAt ? (
          <p className="mt-3 rounded bg-emerald-50 p-3 text-emerald-950">
            You asked for a fresh quote on {dateTime(view.freshQuoteAskedAt)}. We will e-mail it to you, usually within
            one business day.
          </p>
        ) : (
          <form method="post" action={`${view.path}/fresh-quote`} className="mt-3">
            <input type="hidden" name={CSRF_FIELD} value={options.csrfToken} />
            <button
              type="submit"
              className="w-full rounded bg-brand-700 px-4 py-3 text-lg font-semibold text-white hover:bg-brand-800"
            >
              Ask for a fresh quote
            </button>
            <p className="mt-2 text-sm text-stone-700">
              We send you a new quote for the same order, usually within one business day.
            </p>
          </form>
        ))}
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
