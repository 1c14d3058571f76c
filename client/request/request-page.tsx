import type { RequestPageOptions, RequestPageView } from '#shared/request-page-contract.ts';
import { AskedSection } from './asked-section.tsx';
import { CancelSection } from './cancel-section.tsx';
import { MessagesSection } from './messages-section.tsx';
import { RequestDocument } from './request-document.tsx';
import { StatusSection } from './status-section.tsx';

/**
 * /requests/<reference>/<secret>: a quote request as its customer follows it. The page is a stack of
 * sections, each its own component fed by the view: where it stands, then (as they come) the quote
 * and the proof to approve, what they asked for, the messages. A section only shows when the view
 * has something for it.
 */
export function RequestPage({ view, options }: { view: RequestPageView; options: RequestPageOptions }) {
  return (
    <RequestDocument title={`Quote request ${view.reference}`} options={options}>
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
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6 lg:order-last">
          <StatusSection view={view} />
          {view.canCancel && <CancelSection view={view} options={options} />}
        </div>
        <div className="space-y-6">
          <MessagesSection view={view} options={options} />
          <AskedSection view={view} />
        </div>
      </div>
    </RequestDocument>
  );
}
