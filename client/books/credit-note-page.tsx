import { MoneyList } from '#client/components/money-list.tsx';
import { PrintedDocument } from '#client/components/printed-document.tsx';
import { useShopTime } from '#client/components/shop-time.tsx';
import type { BooksRenderOptions, CreditNoteView } from '#shared/books/books-contract.ts';
import { formatDay } from '#shared/desk-format.ts';

/**
 * A refund's credit note: the shop, the customer (until the request is purged), the invoice it
 * credits and the amount given back. Printed as it shows, like the invoice; no script.
 */
export function CreditNotePage({ view, options }: { view: CreditNoteView; options: BooksRenderOptions }) {
  const { dateTime } = useShopTime();
  return (
    <PrintedDocument
      title={`Credit note ${view.number} - ${view.shop.name}`}
      heading="Credit note"
      shop={view.shop}
      back={{ path: view.backPath, label: view.backLabel }}
      stylesheets={options.stylesheets}
      number={view.number}
      reference={view.reference}
      date={dateTime(view.at)}
    >
      <div className="mt-6">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-700">Credit to</h2>
        {view.customer ? (
          <>
            <p className="wrap-anywhere">{view.customer.name}</p>
            {view.customer.company && <p className="wrap-anywhere">{view.customer.company}</p>}
            <p className="wrap-anywhere">{view.customer.email}</p>
          </>
        ) : (
          <p className="text-stone-700">
            The customer’s details were removed under the privacy policy; the amounts are kept for the books.
          </p>
        )}
      </div>
      <p className="mt-6">
        {view.invoice ? (
          <>
            This note credits invoice <span className="font-mono">{view.invoice.number}</span> of{' '}
            {formatDay(view.invoice.issued)} ({view.invoice.total}). The invoice itself stays as it was issued.
          </>
        ) : (
          'No invoice had been issued for this order when the money went back.'
        )}
      </p>
      {view.reason && (
        <p className="mt-3 wrap-anywhere">
          <span className="font-semibold">Why:</span> {view.reason}
        </p>
      )}
      <MoneyList
        layout="totals"
        lines={[
          view.kind === 'discount'
            ? { label: 'Discount: taken off what is owed', value: view.amount }
            : { label: `Refunded by ${view.method.toLowerCase()}`, value: view.amount },
          {
            label: 'Total credited',
            value: view.amount,
            className: 'border-t border-stone-800 pt-1 text-lg font-bold',
          },
        ]}
      />
    </PrintedDocument>
  );
}
