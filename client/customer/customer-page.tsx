import type { CustomerPageOptions, CustomerPageView } from '#shared/customer-page-contract.ts';
import { AskedSection } from './asked-section.tsx';
import { CancelSection } from './cancel-section.tsx';
import { RequestDocument } from './customer-document.tsx';
import { ExemptionSection } from './exemption-section.tsx';
import { GroupSection } from './group-section.tsx';
import { MessagesSection } from './messages-section.tsx';
import { MockupSection } from './mockup-section.tsx';
import { OrderAgainSection } from './order-again-section.tsx';
import { PaymentSection } from './payment-section.tsx';
import { ProofSection } from './proof-section.tsx';
import { QuoteSection } from './quote-section.tsx';
import { StatusSection } from './status-section.tsx';
import { StoresSection } from './stores-section.tsx';

/**
 * /requests/<reference>/<secret>: a quote request as its customer follows it. The page is a stack of
 * sections, each its own component fed by the view: where it stands, then (as they come) the quote
 * and the proof to approve, what they asked for, the messages. A section only shows when the view
 * has something for it.
 */
export function CustomerPage({ view, options }: { view: CustomerPageView; options: CustomerPageOptions }) {
  return (
    <RequestDocument
      title={`Quote request ${view.reference}`}
      options={options}
      {...(view.money?.refresh ? { refresh: { seconds: 5, to: view.money.refresh } } : {})}
    >
      <h1 className="text-2xl font-bold">
        Quote request <span className="font-mono whitespace-nowrap">{view.reference}</span>
      </h1>
      <p className="mt-1 text-stone-700">Bookmark this page to follow your order from quote to delivery.</p>
      {view.notice && (
        <p
          role={view.notice.type === 'error' ? 'alert' : 'status'}
          className={`mt-4 rounded p-3 ${view.notice.type === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
        >
          {view.notice.text}
        </p>
      )}
      {(view.quote?.state === 'open' || view.proof?.state === 'open') && (
        <p className="mt-4">
          <a
            href={view.proof?.state === 'open' ? '#proof' : '#quote'}
            className="font-semibold text-brand-800 underline"
          >
            {view.proof?.state === 'open'
              ? 'Your proof is waiting for your approval'
              : 'Your quote is waiting for your approval'}
          </a>
        </p>
      )}
      {/* Full width: a proof is drawn at its print size where the screen has room. */}
      {view.proof && (
        <div className="mt-6">
          <ProofSection view={view} proof={view.proof} options={options} />
        </div>
      )}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div data-testid="request-side-column" className="min-w-0 space-y-6 lg:order-last">
          <StatusSection view={view} />
          {view.status === 'completed' && <OrderAgainSection view={view} options={options} />}
          {view.exemption && <ExemptionSection exemption={view.exemption} options={options} />}
          {view.canCancel && <CancelSection view={view} options={options} />}
        </div>
        <div data-testid="request-main-column" className="min-w-0 space-y-6">
          {view.money && <PaymentSection money={view.money} options={options} />}
          {view.quote && <QuoteSection view={view} quote={view.quote} options={options} />}
          {view.mockups && view.mockups.length > 0 && <MockupSection mockups={view.mockups} />}
          {view.group && 'group' in view.group && <GroupSection group={view.group} options={options} />}
          {view.stores && <StoresSection stores={view.stores} />}
          <MessagesSection view={view} options={options} />
          <AskedSection view={view} />
          {/* Starting a group is an offer, after what they asked for; a group once started is read first. */}
          {view.group && 'start' in view.group && <GroupSection group={view.group} options={options} />}
        </div>
      </div>
    </RequestDocument>
  );
}
