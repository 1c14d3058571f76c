import { MoneyList } from '#client/components/money-list.tsx';
import { PrivateHead } from '#client/components/private-head.tsx';
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
    <html lang="en-US">
      <PrivateHead title={`Credit note ${view.number} - ${view.shop.name}`} stylesheets={options.stylesheets} />
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
              <h1 className="text-2xl font-bold">Credit note</h1>
              <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-3 text-sm">
                <dt className="text-stone-700">Number</dt>
                <dd className="font-mono">{view.number}</dd>
                <dt className="text-stone-700">Order</dt>
                <dd className="font-mono">{view.reference}</dd>
                <dt className="text-stone-700">Date</dt>
                <dd>{dateTime(view.at)}</dd>
              </dl>
            </div>
          </div>
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
        </main>
      </body>
    </html>
  );
}
