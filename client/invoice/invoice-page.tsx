import { MoneyList } from '#client/components/money-list.tsx';
import { PrivateHead } from '#client/components/private-head.tsx';
import { useShopTime } from '#client/components/shop-time.tsx';
import { formatDay } from '#shared/desk-format.ts';
import type { InvoiceRenderOptions, InvoiceView } from '#shared/payments/invoice-contract.ts';

/**
 * An approved request's invoice: the shop and the customer, the lines, the tax line, the payments and the
 * balance due. One plain page that prints as it shows (the print stylesheet hides the way back); no script.
 */
export function InvoicePage({ view, options }: { view: InvoiceView; options: InvoiceRenderOptions }) {
  const { dateTime } = useShopTime();
  const cell = 'py-1.5 pr-2';
  return (
    <html lang="en-US">
      <PrivateHead title={`Invoice ${view.number} - ${view.shop.name}`} stylesheets={options.stylesheets} />
      <body className="bg-stone-100 text-stone-900 print:bg-white">
        <main className="mx-auto max-w-3xl bg-white p-4 shadow-sm md:my-6 md:p-10 print:m-0 print:max-w-none print:p-0 print:shadow-none">
          <p className="mb-4 text-sm print:hidden">
            <a href={view.backPath} className="underline">
              ← {view.backLabel}
            </a>
          </p>
          <div className="flex flex-wrap justify-between gap-6">
            <div>
              <p className="text-xl font-bold">{view.shop.name}</p>
              {view.shop.address.map((line) => (
                <p key={line}>{line}</p>
              ))}
              <p>{view.shop.phone}</p>
              <p>{view.shop.email}</p>
            </div>
            <div className="text-left sm:text-right">
              <h1 className="text-2xl font-bold">Invoice</h1>
              <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-3 text-sm">
                <dt className="text-stone-700">Number</dt>
                <dd className="font-mono">{view.number}</dd>
                <dt className="text-stone-700">Order</dt>
                <dd className="font-mono">{view.reference}</dd>
                <dt className="text-stone-700">Date</dt>
                <dd>{formatDay(view.issued)}</dd>
              </dl>
            </div>
          </div>
          <div className="mt-6">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-700">Bill to</h2>
            <p className="wrap-anywhere">{view.customer.name}</p>
            {view.customer.company && <p className="wrap-anywhere">{view.customer.company}</p>}
            <p className="wrap-anywhere">{view.customer.email}</p>
          </div>
          <table className="mt-6 w-full text-sm">
            <caption className="sr-only">The lines of the order</caption>
            <thead>
              <tr className="border-b-2 border-stone-800 text-left">
                <th scope="col" className={`${cell} font-semibold`}>
                  Item
                </th>
                <th scope="col" className={`${cell} text-right font-semibold`}>
                  Qty
                </th>
                <th scope="col" className={`${cell} text-right font-semibold`}>
                  Each
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {view.lines.map((line, index) => (
                // The approved quote's lines never change: a line's place is its identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <tr key={index} className="border-b border-stone-200 align-top">
                  <td className={`${cell} wrap-anywhere`}>{line.label}</td>
                  <td className={`${cell} text-right tabular-nums`}>{line.quantity}</td>
                  <td className={`${cell} text-right tabular-nums`}>{line.unit}</td>
                  <td className="py-1.5 text-right tabular-nums">{line.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <MoneyList
            layout="totals"
            className="text-sm"
            lines={[
              { label: 'Subtotal', value: view.subtotal },
              { label: 'Sales tax', value: view.tax.amount },
              { label: 'Total', value: view.total, className: 'border-t border-stone-800 pt-1 font-bold' },
            ]}
          />
          <p className="mt-1 text-right text-xs text-stone-700">{view.tax.statement}</p>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-stone-700">Payments</h2>
          {view.payments.length === 0 ? (
            <p className="text-sm">None yet.</p>
          ) : (
            <ul className="mt-1 text-sm">
              {view.payments.map((item) => (
                <li
                  key={`${item.at}-${item.what}`}
                  className="flex justify-between gap-3 border-b border-stone-100 py-1"
                >
                  <span>
                    {item.what}, {dateTime(item.at)}
                  </span>
                  <span className="tabular-nums">{item.refund ? `−${item.amount}` : item.amount}</span>
                </li>
              ))}
            </ul>
          )}
          <MoneyList
            layout="totals"
            lines={[
              ...(view.discount ? [{ label: 'Discount (credit note)', value: `−${view.discount}` }] : []),
              { label: 'Paid', value: view.paid },
              { label: 'Balance due', value: view.balanceDue, className: 'text-lg font-bold' },
            ]}
          />
        </main>
      </body>
    </html>
  );
}
