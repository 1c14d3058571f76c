import type { DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import {
  inPersonApprovalOf,
  quoteStatuses,
  type RequestStatus,
  statusLabels,
} from '#shared/requests/request-status.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

/** The step after the current one, offered first: the usual click moves an order on, never back. */
function forwardMove(status: RequestStatus, moves: RequestStatus[]): RequestStatus | undefined {
  const order: readonly RequestStatus[] = quoteStatuses;
  return moves.find((move) => move !== 'cancelled' && order.indexOf(move) > order.indexOf(status)) ?? moves[0];
}

/** The moves the rules allow from here, with a message to the customer for a quote request. */
export function StatusSection({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  return (
    <Section id="status" title="Status">
      {view.moves.length === 0 ? (
        <p className="text-stone-700">{statusLabels[view.status]}: nothing follows.</p>
      ) : (
        <form method="post" action={`/staff/requests/${view.reference}/status`} className="space-y-3">
          <TokenField token={options.csrfToken} />
          <input type="hidden" name="from" value={view.status} />
          <div>
            <label htmlFor="status-to" className="block font-medium">
              Move to
            </label>
            <select
              defaultValue={forwardMove(view.status, view.moves)}
              id="status-to"
              name="to"
              className="mt-1 w-full rounded border border-stone-400 bg-white px-2 py-2"
            >
              {view.moves.map((status) => (
                <option key={status} value={status}>
                  {/* An approval the shop records is one the customer gave at the counter. */}
                  {inPersonApprovalOf(view.status, status)
                    ? `${statusLabels[status]} (in person)`
                    : statusLabels[status]}
                </option>
              ))}
            </select>
          </div>
          {view.kind === 'quote' && (
            <div>
              <label htmlFor="status-message" className="block font-medium">
                Message to the customer <span className="font-normal text-stone-600">(optional)</span>
              </label>
              <textarea
                id="status-message"
                name="message"
                rows={3}
                maxLength={2000}
                className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
              />
            </div>
          )}
          <button
            type="submit"
            className="w-full rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Change status
          </button>
        </form>
      )}
    </Section>
  );
}
