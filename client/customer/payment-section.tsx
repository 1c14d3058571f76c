import { type MoneyLine, MoneyList } from '#client/components/money-list.tsx';
import { useShopTime } from '#client/components/shop-time.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { CustomerPageMoney, CustomerPageOptions } from '#shared/customer-page-contract.ts';
import { PageSection } from './customer-document.tsx';

/** The order's figures, one per row. */
function moneyLines(money: CustomerPageMoney): MoneyLine[] {
  return [
    { label: `Total (quote v${money.quoteVersion})`, value: money.total },
    {
      label: `Deposit (${money.depositPercent}%)`,
      value:
        money.depositState === 'waived'
          ? `${money.deposit}, not needed before production`
          : `${money.deposit}${money.depositState === 'paid' ? ', paid' : ''}`,
    },
    ...(money.discount ? [{ label: 'Discount from the shop', value: `−${money.discount}` }] : []),
    { label: 'Paid so far', value: money.paid },
    { label: 'Balance', value: money.balance },
  ];
}

/**
 * The order's money on the customer's page: what it costs, what was paid, what is left, and the one button
 * that pays what is due now on Stripe's page (a plain form: no script needed). Without card payments on the
 * site it says how to pay the shop instead.
 */
export function PaymentSection({ money, options }: { money: CustomerPageMoney; options: CustomerPageOptions }) {
  const { dateTime } = useShopTime();
  const due = money.due;
  return (
    <PageSection id="payment" title="Payment">
      {money.returned === 'confirming' && (
        <p role="status" className="mb-3 rounded bg-amber-50 p-3 text-amber-950">
          Thank you. Your payment is being confirmed by the card company: this page shows it as paid once it is, usually
          within a minute.{' '}
          {money.refresh
            ? 'This page looks again by itself.'
            : 'If it still does not show in a while, call us: do not pay again.'}
        </p>
      )}
      {money.returned === 'confirmed' && (
        <p role="status" className="mb-3 rounded bg-emerald-50 p-3 text-emerald-900">
          Thank you: your payment is recorded. Your receipt is on its way by e-mail.
        </p>
      )}
      {money.returned === 'checking' && (
        <p role="status" className="mb-3 rounded bg-amber-50 p-3 text-amber-950">
          Your payment reached us, but not as we expected: we are checking it and will be in touch.
        </p>
      )}
      {money.returned === 'cancelled' && (
        <p role="status" className="mb-3 rounded bg-stone-100 p-3">
          You left the payment page without paying: nothing was charged.
        </p>
      )}
      <MoneyList lines={moneyLines(money)} />
      {/* While a payment is being confirmed nothing is offered to pay: the note above says to wait. */}
      {due && money.returned !== 'confirming' && (
        <div className="mt-4 rounded border border-brand-700 p-3">
          <p className="font-semibold">
            {due.purpose === 'deposit'
              ? `The ${due.amount} deposit is due to start production.`
              : `Your order is ready: the ${due.amount} balance is due.`}
          </p>
          {due.action && (
            <form method="post" action={due.action} className="mt-3">
              <input type="hidden" name={CSRF_FIELD} value={options.csrfToken} />
              <button
                type="submit"
                className="w-full rounded bg-brand-700 px-4 py-3 text-lg font-semibold text-white hover:bg-brand-800"
              >
                {due.purpose === 'deposit' ? `Pay the ${due.amount} deposit` : `Pay the ${due.amount} balance`}
              </button>
              <p className="mt-2 text-sm text-stone-700">
                By card on Stripe’s secure page; you come back here after. {money.offline}
              </p>
            </form>
          )}
          {!due.action && <p className="mt-2">{money.offline}</p>}
        </div>
      )}
      {money.receipts.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Payments</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {money.receipts.map((item) => (
              <li key={`${item.at}-${item.what}-${item.amount}`} className="flex justify-between gap-3">
                <span>
                  {item.what}, {dateTime(item.at)}
                </span>
                <span className="tabular-nums">{item.refund ? `−${item.amount}` : item.amount}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-4">
        <a href={money.invoicePath} className="font-semibold text-brand-800 underline">
          Your invoice
        </a>{' '}
        <span className="text-sm text-stone-700">(ready to print)</span>
      </p>
      {money.creditNotes.length > 0 && (
        <>
          {/* A refund or a discount is credited on a note of its own; the invoice as issued stays as it was. */}
          <h3 className="mt-4 font-semibold">Credit notes</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {money.creditNotes.map((note) => (
              <li key={note.number} className="flex flex-wrap justify-between gap-x-3">
                <a href={note.path} className="font-semibold text-brand-800 underline">
                  {note.number}
                </a>
                <span>
                  {note.what} of <span className="tabular-nums">{note.amount}</span>, {dateTime(note.at)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </PageSection>
  );
}
