import { QuoteLinesTable } from '#client/components/quote-lines-table.tsx';
import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskQuote, DeskRequestView } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import { ApprovalRecord } from './request-approval.tsx';
import { Section } from './request-section.tsx';

const quoteStates: Record<DeskQuote['state'], string> = {
  approved: 'Approved',
  open: 'Open',
  superseded: 'Replaced',
  expired: 'Expired',
};

function QuoteVersion({ quote }: { quote: DeskQuote }) {
  const { dateTime } = useShopTime();
  return (
    <div className="mb-4 rounded border border-stone-200 p-3">
      <p className="font-semibold wrap-anywhere">
        Quote v{quote.version}{' '}
        <span className="font-normal text-stone-600">
          ·{' '}
          <span className={quote.state === 'approved' ? 'font-semibold text-emerald-800' : ''}>
            {quoteStates[quote.state]}
          </span>{' '}
          · sent {dateTime(quote.sentAt)} by {quote.sentBy}
        </span>
      </p>
      <div className="mt-2">
        <QuoteLinesTable quote={quote} caption={`Lines of quote v${quote.version}`} depositLabel="Deposit" />
      </div>
      {quote.state !== 'approved' && (
        <p className="mt-2 text-sm text-stone-700">Good until {formatDay(quote.validUntil)}</p>
      )}
      {quote.approval && <ApprovalRecord approval={quote.approval} />}
      {quote.notes && <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere">{quote.notes}</p>}
    </div>
  );
}

/** Every quote sent, newest first, and the way to write the next. */
export function QuotesSection({ view }: { view: DeskRequestView }) {
  return (
    <Section id="quote" title="Quote">
      {view.quotes.length === 0 && <p className="text-stone-700">No quote sent yet.</p>}
      {view.quotes.map((quote) => (
        <QuoteVersion key={quote.version} quote={quote} />
      ))}
      {view.canQuote && (
        <p className="mt-4">
          <a
            href={`/staff/requests/${view.reference}/quote`}
            className="inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {view.quotes.length === 0 ? 'Write a quote' : `Revise the quote (v${view.quotes.length + 1})`}
          </a>
        </p>
      )}
    </Section>
  );
}
