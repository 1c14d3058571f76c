import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskFilter, DeskRenderOptions, DeskView } from '#shared/desk-contract.ts';
import { daysLeftText, formatDay } from '#shared/desk-format.ts';
import { formatFullCalendarDate } from '#shared/pricing/calendar-date.ts';
import { quoteStatuses, type RequestStatus, statusLabels } from '#shared/requests/request-status.ts';
import { DeskDocument, TokenField } from './desk-document.tsx';
import { FreshQuoteBadge, RiskBadge, StatusBadge } from './status-badge.tsx';

type InboxView = Extract<DeskView, { page: 'inbox' }>;

/** The inbox's address for a filter: only what differs from the default is in it. */
function inboxHref(filter: Partial<DeskFilter>): string {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.kind) query.set('kind', filter.kind);
  if (filter.search) query.set('q', filter.search);
  if (filter.page && filter.page > 1) query.set('page', String(filter.page));
  const text = query.toString();
  return text ? `/staff?${text}` : '/staff';
}

const kinds = [
  { value: undefined, label: 'All' },
  { value: 'quote', label: 'Quote requests' },
  { value: 'contact', label: 'Messages' },
] as const;

function StatusTabs({ view }: { view: InboxView }) {
  const { filter, counts } = view;
  const statuses: RequestStatus[] =
    filter.kind === 'contact' ? ['new', 'handled'] : [...quoteStatuses, ...(filter.kind ? [] : (['handled'] as const))];
  const all = Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);
  const tab = (status: RequestStatus | undefined, label: string, count: number) => {
    const current = filter.status === status;
    return (
      <li key={status ?? 'all'}>
        <a
          href={inboxHref({ ...filter, status, page: 1 })}
          aria-current={current ? 'page' : undefined}
          className={`inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm whitespace-nowrap ${
            current ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white hover:border-stone-500'
          }`}
        >
          {label}
          {view.uncounted === undefined && (
            <>
              {' '}
              <span className={current ? 'text-white' : 'text-stone-600'}>{count}</span>
            </>
          )}
        </a>
      </li>
    );
  };
  return (
    <ul aria-label="Status" className="flex flex-wrap gap-2">
      {tab(undefined, 'All', all)}
      {statuses.map((status) => tab(status, statusLabels[status], counts[status] ?? 0))}
    </ul>
  );
}

/** /staff: quote requests and messages, newest first, filtered, searched and paged by the address bar. */
export function InboxPage({ view, options }: { view: InboxView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  const { filter, items, total, pageSize } = view;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (filter.page - 1) * pageSize + 1;
  const last = Math.min(total, filter.page * pageSize);
  return (
    <DeskDocument title="Inbox" options={options} staff={view.staff}>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-2xl font-bold">Inbox</h1>
        {view.uncounted === undefined && (
          <p className="text-sm text-stone-700">{view.unread === 0 ? 'Nothing unread' : `${view.unread} unread`}</p>
        )}
      </div>
      {view.proofsWaiting && (
        <section aria-labelledby="proofs-waiting" className="mt-4 rounded border border-stone-300 bg-white p-3">
          <h2 id="proofs-waiting" className="font-bold">
            Proofs waiting for the customer
          </h2>
          <ul className="mt-1 space-y-1 text-sm">
            {view.proofsWaiting.map((proof) => (
              <li key={proof.reference} className="wrap-anywhere">
                <a className="font-semibold underline" href={`/staff/requests/${proof.reference}#proofs`}>
                  {proof.reference}
                </a>{' '}
                {proof.name}, proof v{proof.version} sent {dateTime(proof.sentAt)}
                {proof.moved && (
                  <span className="font-semibold text-red-800">
                    {' '}
                    · approval deadline missed: new date {formatFullCalendarDate(proof.moved.to)} (was{' '}
                    {formatFullCalendarDate(proof.moved.from)})
                  </span>
                )}
                {proof.deadline &&
                  ('late' in proof.deadline ? (
                    <span className="font-semibold text-red-800">
                      {' '}
                      · date missed: the earliest now is {formatFullCalendarDate(proof.deadline.earliest)}
                    </span>
                  ) : (
                    <span className="font-semibold">
                      {' '}
                      · approve by {formatFullCalendarDate(proof.deadline.day)} to keep{' '}
                      {formatFullCalendarDate(proof.deadline.keeps)}
                    </span>
                  ))}
                {proof.openPins > 0 && (
                  <span className="font-semibold text-pink-800">
                    {' '}
                    · {proof.openPins} open {proof.openPins === 1 ? 'note' : 'notes'}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <form method="get" action="/staff" aria-label="Search the inbox" className="mt-4 flex flex-wrap items-end gap-3">
        {filter.status && <input type="hidden" name="status" value={filter.status} />}
        <div>
          <label htmlFor="inbox-kind" className="block text-sm font-medium">
            Show
          </label>
          <select
            id="inbox-kind"
            name="kind"
            defaultValue={filter.kind ?? ''}
            className="mt-1 rounded border border-stone-400 bg-white px-2 py-2"
          >
            {kinds.map((kind) => (
              <option key={kind.label} value={kind.value ?? ''}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <div className="order-first w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
          <label htmlFor="inbox-search" className="block text-sm font-medium">
            Search reference, name, e-mail or company
          </label>
          <input
            id="inbox-search"
            name="q"
            type="search"
            defaultValue={filter.search ?? ''}
            className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded bg-stone-800 px-4 py-2 font-semibold text-white hover:bg-stone-900">
          Search
        </button>
      </form>
      <nav aria-label="Filter by status" className="mt-4">
        <StatusTabs view={view} />
      </nav>
      {view.uncounted !== undefined && (
        <p className="mt-3 text-sm text-stone-700">
          More than {view.uncounted} requests match, newest first: add to the search to count them by status.
        </p>
      )}

      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-center text-stone-700">Nothing matches these filters.</p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 overflow-hidden rounded-lg bg-white shadow-sm">
          {items.map((item) => (
            <li
              key={item.reference}
              className={item.unread ? 'border-l-4 border-brand-600' : 'border-l-4 border-transparent'}
            >
              <a
                href={`/staff/requests/${item.reference}`}
                className="grid gap-x-4 gap-y-1 px-4 py-3 hover:bg-stone-50 md:grid-cols-[9rem_1fr_12rem_10rem]"
              >
                <span className="flex items-center gap-2">
                  <span className={`font-mono text-sm ${item.unread ? 'font-bold' : ''}`}>{item.reference}</span>
                  {item.unread && <span className="sr-only">(unread)</span>}
                </span>
                <span className="min-w-0">
                  <span className={`block truncate ${item.unread ? 'font-bold' : 'font-medium'}`}>
                    {item.name}
                    {item.company ? <span className="font-normal text-stone-600"> · {item.company}</span> : null}
                  </span>
                  <span className="block truncate text-sm text-stone-600">
                    {item.kind === 'contact'
                      ? 'Message'
                      : [item.service, item.quantity ? `${item.quantity} pieces` : undefined]
                          .filter(Boolean)
                          .join(' · ')}
                  </span>
                </span>
                <span className="text-sm">
                  {item.inHandsDate ? (
                    <>
                      In hands {formatDay(item.inHandsDate)}
                      {item.daysLeft !== undefined && (
                        <span
                          className={`block ${item.daysLeft < 7 ? 'font-semibold text-brand-800' : 'text-stone-600'}`}
                        >
                          {daysLeftText(item.daysLeft)}
                        </span>
                      )}
                    </>
                  ) : item.kind === 'quote' ? (
                    <span className="text-stone-600">No date given</span>
                  ) : null}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm md:flex-col md:items-end">
                  <StatusBadge status={item.status} />
                  {item.risk && <RiskBadge risk={item.risk} />}
                  {item.freshQuoteAskedAt && <FreshQuoteBadge />}
                  <span className="text-stone-600">{dateTime(item.receivedAt)}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}

      <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
        <p>
          {total === 0
            ? 'No requests'
            : view.uncounted === undefined
              ? `${first}–${last} of ${total}`
              : `${first}–${last}${filter.page < pages ? ' and older' : ''}`}
        </p>
        <p className="flex gap-3">
          {filter.page > 1 && (
            <a className="font-semibold underline" href={inboxHref({ ...filter, page: filter.page - 1 })}>
              Newer
            </a>
          )}
          {filter.page < pages && (
            <a className="font-semibold underline" href={inboxHref({ ...filter, page: filter.page + 1 })}>
              Older
            </a>
          )}
        </p>
      </nav>
      <form method="post" action="/staff/sign-out-everywhere" className="mt-10 border-t border-stone-300 pt-4 text-sm">
        <TokenField token={options.csrfToken} />
        <button type="submit" className="underline">
          Sign out on every device
        </button>{' '}
        <span className="text-stone-600">(a lost phone, a shared computer)</span>
      </form>
    </DeskDocument>
  );
}
