import { MoneyList } from '#client/components/money-list.tsx';
import { PrivateHead } from '#client/components/private-head.tsx';
import { useShopTime } from '#client/components/shop-time.tsx';
import type { BooksMonthView, BooksRenderOptions } from '#shared/books/books-contract.ts';
import { formatDay } from '#shared/desk-format.ts';

const cell = 'py-1.5 pr-3 align-top';
const field = 'mt-1 w-full rounded border border-stone-400 bg-white px-3 py-2';

/** The payouts Stripe reports reaching the bank in the month, or why there is no list. */
function PayoutsSection({ payouts }: { payouts: BooksMonthView['payouts'] }) {
  if (payouts.state === 'off') return null;
  return (
    <section aria-labelledby="payouts" className="mt-6">
      <h2 id="payouts" className="text-lg font-semibold">
        Stripe payouts to the bank
      </h2>
      {payouts.state === 'failed' ? (
        <p className="mt-1 text-sm text-amber-900">Stripe did not answer just now: reload the page to ask again.</p>
      ) : payouts.rows.length === 0 ? (
        <p className="mt-1 text-sm">Stripe reports no payout arriving this month.</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-stone-200 text-sm">
            {payouts.rows.map((payout) => (
              <li key={payout.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 wrap-anywhere">
                  <span className="font-medium">{formatDay(payout.arrival)}</span> · {payout.status} ·{' '}
                  <span className="font-mono text-stone-700">{payout.id}</span>
                </span>
                <span className="ml-auto tabular-nums">{payout.amount}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between border-t-2 border-stone-800 pt-2 text-sm font-semibold">
            <span>Paid to the bank</span>
            <span className="tabular-nums">{payouts.paidTotal}</span>
          </p>
        </>
      )}
    </section>
  );
}

/**
 * The desk's month: what was invoiced, the money in, the money back and the net, per way of paying,
 * every row behind them, and the export of any range (a plain GET form: it changes nothing).
 */
export function BooksMonthPage({ view, options }: { view: BooksMonthView; options: BooksRenderOptions }) {
  const { dateTime } = useShopTime();
  return (
    <html lang="en-US">
      <PrivateHead title={`Books, ${view.label}`} stylesheets={options.stylesheets} />
      <body className="bg-stone-100 text-stone-900 print:bg-white">
        <main className="mx-auto max-w-4xl bg-white p-4 shadow-sm md:my-6 md:p-10 print:m-0 print:max-w-none print:p-0 print:shadow-none">
          <p className="mb-4 text-sm print:hidden">
            <a href="/staff" className="underline">
              ← Back to the desk
            </a>
          </p>
          <h1 className="text-2xl font-bold">Books: {view.label}</h1>
          <nav aria-label="Months" className="mt-2 flex flex-wrap gap-4 text-sm print:hidden">
            <a href={`/staff/books?month=${view.previous}`} className="font-semibold text-brand-800 underline">
              ← {view.previous}
            </a>
            <a href={`/staff/books?month=${view.next}`} className="font-semibold text-brand-800 underline">
              {view.next} →
            </a>
          </nav>

          <section aria-labelledby="figures" className="mt-6">
            <h2 id="figures" className="text-lg font-semibold">
              The month’s figures
            </h2>
            <MoneyList lines={view.figures} className="mt-2 max-w-md" />
            {view.feesUnknown > 0 && (
              <p className="mt-2 max-w-md text-sm text-amber-900">
                Stripe has not given the fee of{' '}
                {view.feesUnknown === 1 ? 'one card entry' : `${view.feesUnknown} card entries`} yet: the fees and the
                net after them leave {view.feesUnknown === 1 ? 'it' : 'them'} out. This page asks Stripe again each time
                it is opened.
              </p>
            )}
          </section>

          <PayoutsSection payouts={view.payouts} />

          {view.byMethod.length > 0 && (
            <section aria-labelledby="methods" className="mt-6 overflow-x-auto">
              <h2 id="methods" className="text-lg font-semibold">
                By way of paying
              </h2>
              <table className="mt-2 w-full text-sm">
                <thead>
                  <tr className="border-b-2 border-stone-800 text-left">
                    <th scope="col" className={cell}>
                      Method
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      In
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      Back
                    </th>
                    <th scope="col" className="py-1.5 text-right">
                      Net
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.byMethod.map((row) => (
                    <tr key={row.method} className="border-b border-stone-200">
                      <td className={cell}>{row.method}</td>
                      <td className={`${cell} text-right tabular-nums`}>{row.gross}</td>
                      <td className={`${cell} text-right tabular-nums`}>{row.refunds}</td>
                      <td className="py-1.5 text-right tabular-nums">{row.net}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}

          <section aria-labelledby="money" className="mt-6">
            <h2 id="money" className="text-lg font-semibold">
              Payments and refunds
            </h2>
            {view.entries.length === 0 ? (
              <p className="mt-1 text-sm">No money moved this month.</p>
            ) : (
              <ul className="mt-2 divide-y divide-stone-200 text-sm">
                {view.entries.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                    <span className="min-w-0 wrap-anywhere">
                      <span className="font-medium">
                        {entry.kind === 'refund' ? 'Refund' : 'Payment'} · {entry.method}
                      </span>{' '}
                      · order <span className="font-mono">{entry.reference}</span> ·{' '}
                      {entry.documentPath ? (
                        <a href={entry.documentPath} className="text-brand-800 underline">
                          {entry.document}
                        </a>
                      ) : (
                        entry.document
                      )}
                      <span className="block text-stone-700">{dateTime(entry.at)}</span>
                    </span>
                    <span className="ml-auto text-right">
                      <span className="block tabular-nums font-semibold">
                        {entry.kind === 'refund' ? `−${entry.amount}` : entry.amount}
                      </span>
                      {entry.fee && <span className="block text-stone-700 tabular-nums">{entry.fee}</span>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="receivables" className="mt-6">
            <h2 id="receivables" className="text-lg font-semibold">
              Open invoices on terms
            </h2>
            {view.receivables.length === 0 ? (
              <p className="mt-1 text-sm">None: every invoice issued with days to pay is paid.</p>
            ) : (
              <ul className="mt-2 divide-y divide-stone-200 text-sm">
                {view.receivables.map((item) => (
                  <li key={item.number} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                    <span className="min-w-0 wrap-anywhere">
                      <span className="font-mono">{item.number}</span> · {item.customer} · order{' '}
                      <a
                        href={`/staff/requests/${item.reference}#money`}
                        className="font-mono text-brand-800 underline"
                      >
                        {item.reference}
                      </a>
                      <span className="block text-stone-700">
                        {item.terms} · due {formatDay(item.due)}
                        {item.overdue && <strong className="ml-1 text-red-800">· Overdue</strong>}
                      </span>
                    </span>
                    <span className="tabular-nums font-semibold">{item.balance}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="invoices" className="mt-6">
            <h2 id="invoices" className="text-lg font-semibold">
              Invoices issued
            </h2>
            {view.invoices.length === 0 ? (
              <p className="mt-1 text-sm">None this month.</p>
            ) : (
              <ul className="mt-2 divide-y divide-stone-200 text-sm">
                {view.invoices.map((invoice) => (
                  <li key={invoice.number} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                    <span className="min-w-0 wrap-anywhere">
                      <span className="font-mono">{invoice.number}</span> · order{' '}
                      <span className="font-mono">{invoice.reference}</span> · {formatDay(invoice.issued)}
                      {invoice.purged ? ' · customer details removed (privacy)' : ''}
                    </span>
                    <span className="tabular-nums">{invoice.total}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {view.discounts.length > 0 && (
            <section aria-labelledby="discounts" className="mt-6">
              <h2 id="discounts" className="text-lg font-semibold">
                Discounts given
              </h2>
              <ul className="mt-2 divide-y divide-stone-200 text-sm">
                {view.discounts.map((discount) => (
                  <li key={discount.number} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                    <span className="min-w-0 wrap-anywhere">
                      <a href={discount.path} className="text-brand-800 underline">
                        credit note {discount.number}
                      </a>{' '}
                      · order <span className="font-mono">{discount.reference}</span>
                      <span className="block text-stone-700">{dateTime(discount.at)}</span>
                    </span>
                    <span className="tabular-nums">−{discount.amount}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="export" className="mt-8 rounded border border-stone-300 p-4 print:hidden">
            <h2 id="export" className="text-lg font-semibold">
              Export for the accountant
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              Up to {view.export.maxDays} days at a time. Numbers and ids never change, so exporting a range again adds
              nothing twice.
            </p>
            <form method="get" action="/staff/books/export" className="mt-3 grid gap-3 sm:grid-cols-3">
              <div>
                <label htmlFor="export-from" className="block font-medium">
                  First day
                </label>
                <input
                  id="export-from"
                  name="from"
                  type="date"
                  required
                  defaultValue={view.export.from}
                  className={field}
                />
              </div>
              <div>
                <label htmlFor="export-to" className="block font-medium">
                  Last day
                </label>
                <input id="export-to" name="to" type="date" required defaultValue={view.export.to} className={field} />
              </div>
              <div>
                <label htmlFor="export-layout" className="block font-medium">
                  File
                </label>
                <select id="export-layout" name="layout" className={field} defaultValue="summary">
                  {view.export.layouts.map((layout) => (
                    <option key={layout.value} value={layout.value}>
                      {layout.label}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="submit"
                className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 sm:col-span-3 sm:justify-self-start"
              >
                Download CSV
              </button>
            </form>
          </section>
        </main>
      </body>
    </html>
  );
}
