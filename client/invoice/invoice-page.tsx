import { MoneyList } from '#client/components/money-list.tsx';
import { PrintedDocument } from '#client/components/printed-document.tsx';
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
  // Lines the tax rules counted show their class and their tax; a quote from before the rules has neither.
  const taxed = view.lines.some((line) => line.tax);
  return (
    <PrintedDocument
      title={`Invoice ${view.number} - ${view.shop.name}`}
      heading="Invoice"
      shop={view.shop}
      back={{ path: view.backPath, label: view.backLabel }}
      stylesheets={options.stylesheets}
      number={view.number}
      reference={view.reference}
      date={formatDay(view.issued)}
    >
      <div className="mt-6">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-700">Bill to</h2>
        <p className="wrap-anywhere">{view.customer.name}</p>
        {view.customer.company && <p className="wrap-anywhere">{view.customer.company}</p>}
        <p className="wrap-anywhere">{view.customer.email}</p>
      </div>
      {view.terms && (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Terms</dt>
          <dd>{view.terms.label}</dd>
          <dt className="font-semibold">Due date</dt>
          <dd>{formatDay(view.terms.due)}</dd>
          {view.terms.poNumber && (
            <>
              <dt className="font-semibold">PO number</dt>
              <dd className="wrap-anywhere">{view.terms.poNumber}</dd>
            </>
          )}
        </dl>
      )}
      {view.terms?.overdueSince && (
        <p className="mt-2 font-semibold text-red-800">Overdue since {formatDay(view.terms.overdueSince)}</p>
      )}
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
            {taxed && (
              <th scope="col" className={`${cell} text-right font-semibold`}>
                Tax
              </th>
            )}
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
              <td className={`${cell} wrap-anywhere`}>
                {line.label}
                {line.tax && <span className="block text-xs text-stone-600">{line.tax.className}</span>}
              </td>
              <td className={`${cell} text-right tabular-nums`}>{line.quantity}</td>
              <td className={`${cell} text-right tabular-nums`}>{line.unit}</td>
              {taxed && <td className={`${cell} text-right tabular-nums`}>{line.tax?.amount ?? ''}</td>}
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
          ...(view.tax.byJurisdiction?.map((row) => ({ label: row.label, value: row.amount })) ?? [
            { label: 'Sales tax', value: view.tax.amount },
          ]),
          { label: 'Total', value: view.total, className: 'border-t border-stone-800 pt-1 font-bold' },
        ]}
      />
      <p className="mt-1 text-right text-xs text-stone-700 wrap-anywhere">{view.tax.statement}</p>
      <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-stone-700">Payments</h2>
      {view.payments.length === 0 ? (
        <p className="text-sm">None yet.</p>
      ) : (
        <ul className="mt-1 text-sm">
          {view.payments.map((item) => (
            <li key={`${item.at}-${item.what}`} className="flex justify-between gap-3 border-b border-stone-100 py-1">
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
    </PrintedDocument>
  );
}
