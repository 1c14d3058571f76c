import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskMailPreview, DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import {
  inPersonApprovalOf,
  quoteStatuses,
  type RequestStatus,
  statusLabels,
} from '#shared/requests/request-status.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

/**
 * The step after the current one, offered first: the usual click moves an order on, never back. The
 * menu never holds a cancel (it has its own form), so nothing is lost to one click.
 */
function forwardMove(status: RequestStatus, moves: RequestStatus[]): RequestStatus | undefined {
  const order: readonly RequestStatus[] = quoteStatuses;
  return moves.find((move) => order.indexOf(move) > order.indexOf(status)) ?? moves[0];
}

/** One mail as it would go: its subject, then its text as the customer reads it. */
function MailPreview({ preview, summary, open }: { preview: DeskMailPreview; summary: string; open?: boolean }) {
  return (
    <details open={open} className="rounded border border-stone-300 bg-stone-50 text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium">{summary}</summary>
      <div className="border-t border-stone-300 px-3 py-2">
        <p className="font-semibold wrap-anywhere">Subject: {preview.subject}</p>
        <pre className="mt-2 font-sans whitespace-pre-wrap wrap-anywhere">{preview.text}</pre>
      </div>
    </details>
  );
}

/** Undo a cancel, for a day after it: back to the status it was cancelled from. */
function UndoCancel({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  if (!view.undo) return null;
  return (
    <form
      method="post"
      action={`/staff/requests/${view.reference}/undo-cancel`}
      className="mb-4 rounded border border-amber-400 bg-amber-50 p-3"
    >
      <TokenField token={options.csrfToken} />
      <p>
        Cancelled by mistake? Undo it until {dateTime(view.undo.until)}: the request goes back to{' '}
        {statusLabels[view.undo.to]}. The customer is e-mailed only if the cancel e-mail reached them.
      </p>
      <button
        type="submit"
        className="mt-2 w-full rounded border-2 border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
      >
        Undo the cancel
      </button>
    </form>
  );
}

/** The moves the rules allow from here (never a cancel), with a message to the customer for a quote request. */
export function StatusSection({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  const chosen = forwardMove(view.status, view.moves);
  const previews = view.previews.filter((preview) => view.moves.includes(preview.to));
  return (
    <Section id="status" title="Status">
      <UndoCancel view={view} options={options} />
      {view.moves.length === 0 ? (
        <p className="text-stone-700">
          {view.canCancel
            ? view.status === 'new' && view.canQuote
              ? 'New: sending a quote moves it on (Quoted).'
              : `${statusLabels[view.status]}: nothing else follows by hand from here.`
            : `${statusLabels[view.status]}: nothing follows.`}
        </p>
      ) : (
        <form method="post" action={`/staff/requests/${view.reference}/status`} className="space-y-3">
          <TokenField token={options.csrfToken} />
          <input type="hidden" name="from" value={view.status} />
          <div>
            <label htmlFor="status-to" className="block font-medium">
              Move to
            </label>
            <select
              defaultValue={chosen}
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
                aria-describedby={view.kind === 'quote' ? 'status-mails' : undefined}
                className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
              />
            </div>
          )}
          {view.moves.includes('completed') && view.money && view.money.balanceCents > 0 && (
            <div>
              <label htmlFor="status-balance-reason" className="block font-medium">
                Completing with {view.money.balance} still owed? Say why{' '}
                <span className="font-normal text-stone-600">(kept in the log, not sent)</span>
              </label>
              <textarea
                id="status-balance-reason"
                name="balance-reason"
                rows={2}
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
      {view.kind === 'quote' && view.moves.length > 0 && (
        <div className="mt-4 space-y-2">
          <h3 className="font-semibold">What the customer is e-mailed</h3>
          <p id="status-mails" className="text-sm text-stone-700">
            {previews.length > 0
              ? `${previews.map((preview) => statusLabels[preview.to]).join(' and ')} ${previews.length === 1 ? 'sends' : 'send'} the e-mail below by itself; any other move sends nothing unless you write a message. A message you write comes first.`
              : 'Nothing, unless you write a message: it is sent with the new status.'}
          </p>
          {previews.map((preview) => (
            <MailPreview
              key={preview.to}
              preview={preview}
              summary={`Moving it to ${statusLabels[preview.to]} sends “${preview.subject}”`}
              open={preview.to === chosen}
            />
          ))}
        </div>
      )}
    </Section>
  );
}

/**
 * Cancelling, apart from the status menu: why (the customer reads it) and a ticked confirmation, both
 * required by the browser and by the server; it can be undone for 24 hours.
 */
export function CancelSection({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  const preview = view.previews.find((item) => item.to === 'cancelled');
  return (
    <Section id="cancel" title="Cancel this request">
      <form method="post" action={`/staff/requests/${view.reference}/cancel`} className="space-y-3">
        <TokenField token={options.csrfToken} />
        <input type="hidden" name="from" value={view.status} />
        <div>
          <label htmlFor="cancel-reason" className="block font-medium">
            Why is it cancelled? <span className="font-normal text-stone-600">(the customer reads this)</span>
          </label>
          <textarea
            id="cancel-reason"
            name="reason"
            rows={3}
            maxLength={2000}
            required
            className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
          />
        </div>
        <div className="flex items-start gap-2">
          <input
            id="cancel-confirm"
            type="checkbox"
            name="confirm"
            value="yes"
            required
            className="mt-1 size-5 shrink-0"
          />
          <label htmlFor="cancel-confirm">
            Yes, cancel this request. The customer is e-mailed why; it can be undone for 24 hours.
          </label>
        </div>
        <button
          type="submit"
          className="w-full rounded border-2 border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
        >
          Cancel the request
        </button>
      </form>
      {preview && (
        <div className="mt-4">
          <MailPreview preview={preview} summary={`The e-mail the customer is sent: “${preview.subject}”`} />
        </div>
      )}
    </Section>
  );
}
