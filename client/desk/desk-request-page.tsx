import { QuoteLinesTable } from '#client/components/quote-lines-table.tsx';
import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskApproval, DeskQuote, DeskRenderOptions, DeskView } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import { quoteStatuses, type RequestStatus, statusLabels } from '#shared/requests/request-status.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { DeskDocument, TokenField } from './desk-document.tsx';
import { StatusBadge } from './status-badge.tsx';

type RequestView = Extract<DeskView, { page: 'request' }>;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`section-${title}`} className="rounded-lg bg-white p-4 shadow-sm md:p-6">
      <h2 id={`section-${title}`} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The step after the current one, offered first: the usual click moves an order on, never back. */
function forwardMove(status: RequestStatus, moves: RequestStatus[]): RequestStatus | undefined {
  const order: readonly RequestStatus[] = quoteStatuses;
  return moves.find((move) => move !== 'cancelled' && order.indexOf(move) > order.indexOf(status)) ?? moves[0];
}

const quoteStates = { open: 'Open', superseded: 'Replaced', expired: 'Expired' } as const;

function QuoteVersion({ quote }: { quote: DeskQuote }) {
  const { dateTime } = useShopTime();
  return (
    <div className="mb-4 rounded border border-stone-200 p-3">
      <p className="font-semibold">
        Quote v{quote.version}{' '}
        <span className="font-normal text-stone-600">
          · {quoteStates[quote.state]} · sent {dateTime(quote.sentAt)} by {quote.sentBy}
        </span>
      </p>
      <div className="mt-2">
        <QuoteLinesTable quote={quote} caption={`Lines of quote v${quote.version}`} depositLabel="Deposit" />
      </div>
      <p className="mt-2 text-sm text-stone-700">Good until {formatDay(quote.validUntil)}</p>
      {quote.approval && <ApprovalRecord approval={quote.approval} />}
      {quote.notes && <p className="mt-1 text-sm whitespace-pre-line">{quote.notes}</p>}
    </div>
  );
}

/** The record of a customer's approval: what the shop would show if it were ever questioned. */
function ApprovalRecord({ approval }: { approval: DeskApproval }) {
  const { dateTime } = useShopTime();
  return (
    <p className="mt-2 rounded bg-emerald-50 p-2 text-sm text-emerald-900">
      Approved by the customer, signed “{approval.name}”, {dateTime(approval.at)}, from {approval.ip} (
      <span className="break-all">{approval.userAgent || 'no browser named'}</span>)
    </p>
  );
}

/** The proof upload: multipart, its token first so the server checks it before reading the file. */
function ProofForm({ base, status, token }: { base: string; status: string; token: string }) {
  return (
    <form method="post" action={`${base}/proofs`} encType="multipart/form-data" className="mt-4 space-y-3">
      <TokenField token={token} />
      <input type="hidden" name="from" value={status} />
      <div>
        <label htmlFor="proof-file" className="block font-medium">
          Proof file <span className="font-normal text-stone-600">(PNG, JPEG, WebP or PDF, up to 10 MB)</span>
        </label>
        <input
          id="proof-file"
          type="file"
          name="proof"
          required
          accept="image/png,image/jpeg,image/webp,application/pdf"
          className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border file:border-stone-400 file:bg-white file:px-3 file:py-1.5 file:font-semibold"
        />
      </div>
      <fieldset>
        <legend className="font-medium">
          Print size in inches <span className="font-normal text-stone-600">(optional)</span>
        </legend>
        <div className="mt-1 flex items-center gap-2">
          <label htmlFor="proof-width" className="sr-only">
            Width in inches
          </label>
          <input
            id="proof-width"
            name="width"
            inputMode="decimal"
            placeholder="Width"
            className="w-24 rounded border border-stone-400 px-2 py-1.5"
          />
          <span aria-hidden="true">×</span>
          <label htmlFor="proof-height" className="sr-only">
            Height in inches
          </label>
          <input
            id="proof-height"
            name="height"
            inputMode="decimal"
            placeholder="Height"
            className="w-24 rounded border border-stone-400 px-2 py-1.5"
          />
        </div>
      </fieldset>
      <div>
        <label htmlFor="proof-notes" className="block font-medium">
          Note for the customer <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <textarea
          id="proof-notes"
          name="notes"
          rows={2}
          maxLength={2000}
          className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
        />
      </div>
      <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Send proof
      </button>
    </form>
  );
}

const mailStates = { sent: 'Sent', waiting: 'Waiting to be sent', failed: 'Failed' } as const;

/** /staff/requests/<reference>: what the customer sent, where it stands, what happened, and what to do next. */
export function RequestPage({ view, options }: { view: RequestView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  const base = `/staff/requests/${view.reference}`;
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
      <p className="mt-1 text-stone-700">
        {view.kind === 'quote' ? 'Quote request' : 'Message'} from{' '}
        <span className="font-medium text-stone-900">{view.name}</span> (
        <a className="underline" href={`mailto:${view.email}`}>
          {view.email}
        </a>
        ), received {dateTime(view.receivedAt)}
      </p>
      {view.notice && (
        <p
          role={view.notice.type === 'error' ? 'alert' : 'status'}
          className={`mt-4 rounded p-3 text-sm ${view.notice.type === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
        >
          {view.notice.text}
        </p>
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <Section title="What they sent">
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
              {view.details.map((detail) => (
                <div key={detail.label} className="contents">
                  <dt className="font-medium text-stone-700">{detail.label}</dt>
                  <dd className="break-words whitespace-pre-line">{detail.value}</dd>
                </div>
              ))}
            </dl>
          </Section>

          {view.kind === 'quote' && (
            <Section title="Artwork">
              {view.files.length === 0 ? (
                <p className="text-stone-700">No files were attached.</p>
              ) : (
                <ul className="grid gap-4 sm:grid-cols-2">
                  {view.files.map((file) => (
                    <li key={file.position} className="rounded border border-stone-200 p-3">
                      {file.previewable ? (
                        <img
                          src={`${base}/files/${file.position}/preview`}
                          alt={`Preview of ${file.name}`}
                          className="mx-auto max-h-48 w-auto bg-[repeating-conic-gradient(#e7e5e4_0_25%,#fff_0_50%)] bg-[length:16px_16px]"
                          loading="lazy"
                        />
                      ) : (
                        <p className="rounded bg-stone-100 p-4 text-center text-sm text-stone-700">
                          No preview for {file.mediaType === 'image/svg+xml' ? 'SVG' : 'this type'}: download it.
                        </p>
                      )}
                      <p className="mt-2 text-sm break-all">
                        <a className="font-semibold underline" href={`${base}/files/${file.position}`}>
                          Download {file.name}
                        </a>{' '}
                        <span className="text-stone-600">({formatBytes(file.size)})</span>
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          )}

          {view.kind === 'quote' && (
            <Section title="Quote">
              {view.quotes.length === 0 && <p className="text-stone-700">No quote sent yet.</p>}
              {view.quotes.map((quote) => (
                <QuoteVersion key={quote.version} quote={quote} />
              ))}
              {view.canQuote && (
                <p className="mt-4">
                  <a
                    href={`${base}/quote`}
                    className="inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
                  >
                    {view.quotes.length === 0 ? 'Write a quote' : `Revise the quote (v${view.quotes.length + 1})`}
                  </a>
                </p>
              )}
            </Section>
          )}

          {view.kind === 'quote' && (view.proofs.length > 0 || view.canSendProof) && (
            <Section title="Proofs">
              {view.proofs.length === 0 && <p className="text-stone-700">No proof sent yet.</p>}
              <ul className="space-y-4">
                {view.proofs.map((proof) => (
                  <li key={proof.version} className="rounded border border-stone-200 p-3">
                    <p className="font-semibold">
                      Proof v{proof.version}{' '}
                      <span className="font-normal text-stone-600">
                        {proof.current ? '' : '(replaced) '}· sent {dateTime(proof.sentAt)} by {proof.sentBy}
                      </span>
                    </p>
                    {proof.previewable && (
                      <img
                        src={`${base}/proofs/${proof.version}/preview`}
                        alt={`Proof v${proof.version}`}
                        className="mt-2 max-h-64 w-auto bg-[repeating-conic-gradient(#e7e5e4_0_25%,#fff_0_50%)] bg-[length:16px_16px]"
                        loading="lazy"
                      />
                    )}
                    <p className="mt-2 text-sm break-all">
                      <a className="font-semibold underline" href={`${base}/proofs/${proof.version}`}>
                        Download {proof.name}
                      </a>{' '}
                      <span className="text-stone-600">
                        ({formatBytes(proof.size)}
                        {proof.printSize ? `, printed ${proof.printSize}` : ''})
                      </span>
                    </p>
                    {proof.notes && <p className="mt-1 text-sm whitespace-pre-line">{proof.notes}</p>}
                    {proof.approval && <ApprovalRecord approval={proof.approval} />}
                  </li>
                ))}
              </ul>
              {view.canSendProof && <ProofForm base={base} status={view.status} token={options.csrfToken} />}
            </Section>
          )}

          <Section title="Messages">
            {view.thread.length === 0 ? (
              <p className="text-stone-700">No messages yet.</p>
            ) : (
              <ol className="space-y-3">
                {view.thread.map((message) => (
                  <li
                    key={`${message.at}-${message.from}`}
                    className={`rounded p-3 ${message.from === 'shop' ? 'ml-6 bg-brand-50' : 'mr-6 bg-stone-100'}`}
                  >
                    <p className="text-sm text-stone-700">
                      {message.from === 'shop' ? 'Shop' : 'Customer'} · {message.who} · {dateTime(message.at)}
                    </p>
                    <p className="mt-1 break-words whitespace-pre-line">{message.text}</p>
                  </li>
                ))}
              </ol>
            )}
            <form method="post" action={`${base}/messages`} className="mt-4 space-y-3">
              <TokenField token={options.csrfToken} />
              <label htmlFor="message-text" className="block font-medium">
                {view.kind === 'contact' ? 'Reply' : 'Write to the customer'}{' '}
                <span className="font-normal text-stone-600">(e-mailed to {view.email})</span>
              </label>
              <textarea
                id="message-text"
                name="text"
                rows={4}
                required
                maxLength={2000}
                className="w-full rounded border border-stone-400 px-3 py-2"
              />
              <button
                type="submit"
                className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                Send message
              </button>
            </form>
          </Section>

          <Section title="Activity">
            <ol className="space-y-3">
              <li>
                <p className="text-sm text-stone-600">{dateTime(view.receivedAt)}</p>
                <p>Received from the website</p>
              </li>
              {view.events.map((event, index) => (
                // The log is append-only: an event's place in it never changes.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <li key={index}>
                  <p className="text-sm text-stone-600">
                    {dateTime(event.at)} · {event.who}
                  </p>
                  <p>{event.what}</p>
                  {event.text && (
                    <p className="mt-1 rounded bg-stone-50 p-2 text-sm break-words whitespace-pre-line">{event.text}</p>
                  )}
                </li>
              ))}
            </ol>
          </Section>
        </div>

        <div className="space-y-6">
          <Section title="Status">
            {view.moves.length === 0 ? (
              <p className="text-stone-700">{statusLabels[view.status]}: nothing follows.</p>
            ) : (
              <form method="post" action={`${base}/status`} className="space-y-3">
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
                        {statusLabels[status]}
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

          {view.customerPage && (
            <Section title="Customer’s page">
              <p className="text-sm text-stone-700">
                Their private page follows this request; its link is in every e-mail to them.{' '}
                <a className="font-semibold underline" href={view.customerPage} rel="noreferrer" target="_blank">
                  Open it as they see it
                </a>
              </p>
              <form method="post" action={`${base}/link`} className="mt-3 space-y-3">
                <TokenField token={options.csrfToken} />
                <label className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="mail" value="yes" defaultChecked className="mt-1" />
                  <span>E-mail the new link to {view.email}</span>
                </label>
                <button
                  type="submit"
                  className="w-full rounded border border-stone-400 bg-white px-4 py-2 font-semibold hover:bg-stone-100"
                >
                  Replace the customer’s link
                </button>
                <p className="text-xs text-stone-600">If it leaked (a forwarded e-mail): the old link stops working.</p>
              </form>
            </Section>
          )}

          <Section title="Internal note">
            <form method="post" action={`${base}/notes`} className="space-y-3">
              <TokenField token={options.csrfToken} />
              <label htmlFor="note-text" className="block font-medium">
                Only the shop sees it
              </label>
              <textarea
                id="note-text"
                name="text"
                rows={3}
                required
                maxLength={2000}
                className="w-full rounded border border-stone-400 px-3 py-2"
              />
              <button
                type="submit"
                className="w-full rounded bg-stone-800 px-4 py-2 font-semibold text-white hover:bg-stone-900"
              >
                Add note
              </button>
            </form>
          </Section>

          <Section title="E-mails">
            <ul className="space-y-2 text-sm">
              {view.mails.map((mail, index) => (
                // The outbox's order for this request never changes.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <li key={index}>
                  <span className="font-medium">{mail.recipient}:</span> {mailStates[mail.state]}
                  {mail.attempts > 1 ? ` (${mail.attempts} attempts)` : ''}
                  {mail.lastError && <span className="block text-red-800">{mail.lastError}</span>}
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </div>
    </DeskDocument>
  );
}
