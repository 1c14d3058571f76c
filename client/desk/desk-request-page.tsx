import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import { DeskDocument } from './desk-document.tsx';
import { ActivitySection } from './request-activity.tsx';
import { ArtworkSection } from './request-artwork.tsx';
import { ConversationSection } from './request-conversation.tsx';
import { CustomerLinkSection } from './request-customer-link.tsx';
import { DesignSection } from './request-design.tsx';
import { ExemptionSection } from './request-exemption.tsx';
import { GroupSection } from './request-group.tsx';
import { MailsSection } from './request-mails.tsx';
import { MockupsSection } from './request-mockups.tsx';
import { MoneySection } from './request-money.tsx';
import { NoteSection } from './request-note-form.tsx';
import { PromisedSection } from './request-promised.tsx';
import { ProofsSection } from './request-proofs.tsx';
import { QuotesSection } from './request-quotes.tsx';
import { SentDetailsSection } from './request-sent-details.tsx';
import { CancelSection, StatusSection } from './request-status-form.tsx';
import { StockSection } from './request-stock.tsx';
import { TeamStoresSection } from './request-stores.tsx';
import { TermsSection } from './request-terms.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * /staff/requests/<reference>: who it is from and where it stands, then the conversation, what they
 * sent and the quotes and proofs, with what to do next beside them. Each section is its own component
 * (client/desk/request-*.tsx), as the customer's page is (client/customer/).
 */
export function CustomerPage({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  return (
    <DeskDocument title={view.reference} options={options} staff={view.staff}>
      <p className="text-sm">
        <a href="/staff" className="underline">
          ← Inbox
        </a>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-bold">{view.reference}</h1>
        <StatusBadge status={view.status} />
      </div>
      <p className="mt-1 text-stone-700 wrap-anywhere">
        {view.kind === 'quote' ? 'Quote request' : 'Message'} from{' '}
        <span className="font-medium text-stone-900">{view.name}</span> (
        <a className="underline" href={`mailto:${view.email}`}>
          {view.email}
        </a>
        ), received {dateTime(view.receivedAt)}
      </p>
      {view.workOrder && (
        <p className="mt-1 text-sm">
          <a className="font-semibold text-brand-800 underline" href={view.workOrder}>
            Work order
          </a>{' '}
          <span className="text-stone-600">(the production board’s printable sheet for this job)</span>
        </p>
      )}
      {openNotesLine(view)}
      {view.fileWarning && (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          Before production: {view.fileWarning}
        </p>
      )}
      {view.freshQuoteAskedAt && (
        <p className="mt-4 rounded border border-amber-400 bg-amber-50 p-3">
          <span className="font-semibold">Needs a new quote:</span> the customer asked for a fresh quote on{' '}
          {dateTime(view.freshQuoteAskedAt)}, as theirs had expired.{' '}
          {view.canQuote && (
            <a className="font-semibold text-brand-800 underline" href={`/staff/requests/${view.reference}/quote`}>
              Write a new quote
            </a>
          )}
        </p>
      )}
      {view.notice && (
        <p
          role={view.notice.type === 'error' ? 'alert' : 'status'}
          className={`mt-4 rounded p-3 text-sm ${view.notice.type === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
        >
          {view.notice.text}
        </p>
      )}

      {view.blanksHold && (
        <p
          className="mt-4 rounded border-l-4 border-red-700 bg-red-50 p-3 text-sm text-red-900 wrap-anywhere"
          data-testid="request-blocked"
        >
          <strong>Blocked: blanks short.</strong> {view.blanksHold}. The log below says what moved.
        </p>
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div data-testid="desk-main-column" className="min-w-0 space-y-6">
          <ConversationSection view={view} options={options} />
          <SentDetailsSection view={view} />
          {view.stock && <StockSection stock={view.stock} />}
          {view.group && <GroupSection group={view.group} token={options.csrfToken} />}
          {view.kind === 'quote' && (
            <>
              {view.design && view.design.length > 0 && <DesignSection design={view.design} />}
              <ArtworkSection view={view} />
              <MockupsSection view={view} options={options} />
              <QuotesSection view={view} />
              {(view.proofs.length > 0 || view.canSendProof) && <ProofsSection view={view} options={options} />}
              {view.teamStores && <TeamStoresSection stores={view.teamStores} />}
            </>
          )}
          <ActivitySection view={view} />
        </div>

        <div data-testid="desk-side-column" className="min-w-0 space-y-6">
          <StatusSection view={view} options={options} />
          {view.money && <MoneySection view={view} money={view.money} options={options} />}
          {view.exemption && <ExemptionSection exemption={view.exemption} options={options} />}
          {view.invoiceTerms && <TermsSection terms={view.invoiceTerms} options={options} />}
          {view.kind === 'quote' && (view.promised || view.canPromise) && (
            <PromisedSection view={view} options={options} />
          )}
          {view.customerPage && <CustomerLinkSection view={view} customerPage={view.customerPage} options={options} />}
          <NoteSection view={view} options={options} />
          <MailsSection view={view} />
          {/* Last: a cancel is rare, and asks why and for a confirmation. */}
          {view.canCancel && <CancelSection view={view} options={options} />}
        </div>
      </div>
    </DeskDocument>
  );
}

/** The notes still open on the proof out now, at the top of the request: the shop's next job on it. */
function openNotesLine(view: DeskRequestView) {
  const current = view.proofs.find((proof) => proof.current);
  const open = current?.pins.filter((pin) => !pin.done) ?? [];
  if (!current || open.length === 0) return null;
  return (
    <p className="mt-2 rounded border border-pink-300 bg-pink-50 p-2 text-sm text-pink-950">
      <a className="font-semibold underline" href={`#note-${open[0]?.number}`}>
        {open.length} open {open.length === 1 ? 'note' : 'notes'} on proof v{current.version}
      </a>
      : {open.map((pin) => pin.number).join(', ')}
    </p>
  );
}
