import { type MoneyLine, MoneyList } from '#client/components/money-list.tsx';
import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskMoney, DeskPayment, DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

const field = 'mt-1 w-full rounded border border-stone-400 bg-white px-3 py-2';
const secondaryButton =
  'w-full rounded border-2 border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50';

/** One payment or refund, with the refund form for a card payment that has some left to give back. */
function PaymentRow({
  payment,
  money,
  reference,
  options,
}: {
  payment: DeskPayment;
  money: DeskMoney;
  reference: string;
  options: DeskRenderOptions;
}) {
  const { dateTime } = useShopTime();
  const state =
    payment.state === 'pending'
      ? ' · waiting for Stripe'
      : payment.state === 'failed'
        ? ' · failed'
        : payment.state === 'held'
          ? ' · held'
          : '';
  return (
    <li className={`rounded border p-2 ${payment.flag ? 'border-red-700 bg-red-50' : 'border-stone-200'}`}>
      <p className="flex justify-between gap-2">
        <span className="font-medium">
          {payment.what} · {payment.method}
          {state}
        </span>
        <span className="tabular-nums">{payment.kind === 'refund' ? `−${payment.amount}` : payment.amount}</span>
      </p>
      <p className="text-sm text-stone-700 wrap-anywhere">
        {dateTime(payment.at)}, {payment.who}
        {payment.stripe ? ` · ${payment.stripe}` : ''}
      </p>
      {payment.note && <p className="text-sm wrap-anywhere">{payment.note}</p>}
      {payment.kind === 'refund' && payment.state === 'succeeded' && (
        <p className="text-sm">
          <a
            href={`/staff/requests/${reference}/refunds/${payment.id}/credit-note`}
            className="text-brand-800 underline"
          >
            Credit note
          </a>
        </p>
      )}
      {payment.flag && (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-900">
          {payment.flag}
        </p>
      )}
      {payment.refundable && money.stripe && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800 underline">
            Refund through Stripe
          </summary>
          <form
            method="post"
            action={`/staff/requests/${reference}/payments/${payment.id}/refund`}
            className="mt-2 space-y-2"
          >
            <TokenField token={options.csrfToken} />
            <input type="hidden" name="seen" value={payment.refundSeen ?? 0} />
            <label htmlFor={`refund-${payment.id}`} className="block text-sm font-medium">
              Amount to refund (up to {payment.refundable})
            </label>
            <input
              id={`refund-${payment.id}`}
              name="amount"
              inputMode="decimal"
              required
              defaultValue={payment.refundable}
              className={field}
            />
            <label htmlFor={`refund-note-${payment.id}`} className="block text-sm font-medium">
              Why (for the shop)
            </label>
            <input id={`refund-note-${payment.id}`} name="note" maxLength={500} className={field} />
            <button
              type="submit"
              className="w-full rounded border-2 border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
            >
              Refund
            </button>
          </form>
        </details>
      )}
    </li>
  );
}

/**
 * The order's money on the desk: the figures, every payment and refund (flagged ones in red, with their
 * refund), a payment taken at the shop, the deposit waived with a reason, what the terms refund on a cancel,
 * and the invoice.
 */
export function MoneySection({
  view,
  money,
  options,
}: {
  view: DeskRequestView;
  money: DeskMoney;
  options: DeskRenderOptions;
}) {
  const { dateTime } = useShopTime();
  // A check is taken against one of the request's invoices: the newest unless the desk picks another.
  const invoices = view.invoiceTerms?.invoices ?? [];
  const lines: MoneyLine[] = [
    { label: `Total (quote v${money.quoteVersion})`, value: money.total },
    { label: `Deposit asked (${money.depositPercent}%)`, value: money.deposit },
    ...(money.discount ? [{ label: 'Discount given', value: `−${money.discount}` }] : []),
    { label: 'Paid', value: money.paid },
    { label: 'Balance', value: money.balance },
  ];
  return (
    <div id="money">
      <Section id="money" title="Money">
        <MoneyList lines={lines} />
        <p className="mt-2 text-sm">
          {money.depositState === 'due'
            ? `Deposit due: ${money.depositDue}. Production waits for it.`
            : money.depositState === 'waived'
              ? 'Deposit waived.'
              : money.depositState === 'paid'
                ? 'Deposit paid.'
                : 'No deposit asked.'}
          {money.balanceCents < 0 ? ' Paid over the total: refund the difference.' : ''}
        </p>
        {money.waiver && (
          <p className="mt-1 text-sm text-stone-700 wrap-anywhere">
            Waived by {money.waiver.by}, {dateTime(money.waiver.at)}: {money.waiver.reason}
          </p>
        )}
        {money.cancel && (
          <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-950">
            {money.cancel.cancelled ? 'Cancelled after paying: ' : 'If cancelled now: '}
            the terms refund {money.cancel.refund} of the {money.cancel.paid} paid. {money.cancel.text}
          </p>
        )}
        {money.payments.length > 0 && (
          <ul className="mt-3 space-y-2">
            {money.payments.map((payment) => (
              <PaymentRow
                key={payment.id}
                payment={payment}
                money={money}
                reference={view.reference}
                options={options}
              />
            ))}
          </ul>
        )}
        <p className="mt-3">
          <a href={money.invoicePath} className="font-semibold text-brand-800 underline">
            Invoice
          </a>
        </p>

        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-800 underline">
            Record a payment at the shop
          </summary>
          <form method="post" action={`/staff/requests/${view.reference}/payments`} className="mt-2 space-y-2">
            <TokenField token={options.csrfToken} />
            <label htmlFor="payment-amount" className="block font-medium">
              Amount received
            </label>
            <input
              id="payment-amount"
              name="amount"
              inputMode="decimal"
              required
              placeholder="120.00"
              className={field}
            />
            <label htmlFor="payment-method" className="block font-medium">
              Paid by
            </label>
            <select id="payment-method" name="method" className={field} defaultValue="cash">
              <option value="cash">Cash</option>
              <option value="check">Check</option>
              <option value="card-in-shop">Card at the shop</option>
              <option value="bank-transfer">Bank transfer</option>
              <option value="purchase-order">Purchase order</option>
            </select>
            <label htmlFor="payment-purpose" className="block font-medium">
              For
            </label>
            <select
              id="payment-purpose"
              name="purpose"
              className={field}
              defaultValue={money.depositState === 'due' ? 'deposit' : 'balance'}
            >
              <option value="deposit">Deposit</option>
              <option value="balance">Balance</option>
              <option value="other">Other</option>
            </select>
            <label htmlFor="payment-check" className="block font-medium">
              Check number <span className="font-normal text-stone-600">(a check only, optional)</span>
            </label>
            <input id="payment-check" name="check" maxLength={20} inputMode="numeric" className={field} />
            {invoices.length > 1 && (
              <>
                <label htmlFor="payment-invoice" className="block font-medium">
                  Invoice the check pays
                </label>
                <select id="payment-invoice" name="invoice" className={field} defaultValue={invoices.at(-1)}>
                  {invoices.map((number) => (
                    <option key={number} value={number}>
                      {number}
                    </option>
                  ))}
                </select>
              </>
            )}
            <label htmlFor="payment-note" className="block font-medium">
              Note
            </label>
            <input id="payment-note" name="note" maxLength={500} className={field} />
            <p className="text-sm text-stone-700">The customer is e-mailed a receipt.</p>
            <button type="submit" className={secondaryButton}>
              Record payment
            </button>
          </form>
        </details>

        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-800 underline">
            Record a cash or check refund
          </summary>
          <form method="post" action={`/staff/requests/${view.reference}/refunds`} className="mt-2 space-y-2">
            <TokenField token={options.csrfToken} />
            <label htmlFor="offline-refund-amount" className="block font-medium">
              Amount given back <span className="font-normal text-stone-600">(up to {money.paid})</span>
            </label>
            <input
              id="offline-refund-amount"
              name="amount"
              inputMode="decimal"
              required
              placeholder="20.00"
              className={field}
            />
            <label htmlFor="offline-refund-method" className="block font-medium">
              Given back by
            </label>
            <select id="offline-refund-method" name="method" className={field} defaultValue="cash">
              <option value="cash">Cash</option>
              <option value="check">Check</option>
            </select>
            <label htmlFor="offline-refund-note" className="block font-medium">
              Note <span className="font-normal text-stone-600">(check number, why…)</span>
            </label>
            <input id="offline-refund-note" name="note" maxLength={500} className={field} />
            <p className="text-sm text-stone-700">
              Money already paid goes back, with a numbered credit note and the customer’s receipt. To lower what is
              owed instead, change the quote.
            </p>
            <button type="submit" className={secondaryButton}>
              Record refund
            </button>
          </form>
        </details>

        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-800 underline">Give a discount</summary>
          <form method="post" action={`/staff/requests/${view.reference}/discounts`} className="mt-2 space-y-2">
            <TokenField token={options.csrfToken} />
            <label htmlFor="discount-amount" className="block font-medium">
              Amount off what is owed <span className="font-normal text-stone-600">(up to {money.balance})</span>
            </label>
            <input
              id="discount-amount"
              name="amount"
              inputMode="decimal"
              required
              placeholder="20.00"
              className={field}
            />
            <label htmlFor="discount-reason" className="block font-medium">
              Why <span className="font-normal text-stone-600">(on the credit note)</span>
            </label>
            <input id="discount-reason" name="reason" required maxLength={500} className={field} />
            <p className="text-sm text-stone-700">
              No money moves: the balance is lowered, with a numbered credit note. To give back money already paid,
              record a refund instead.
            </p>
            <button type="submit" className={secondaryButton}>
              Give discount
            </button>
          </form>
        </details>

        {money.canWaive && (
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold text-brand-800 underline">Waive the deposit</summary>
            <form method="post" action={`/staff/requests/${view.reference}/deposit-waiver`} className="mt-2 space-y-2">
              <TokenField token={options.csrfToken} />
              <label htmlFor="waiver-reason" className="block font-medium">
                Why
              </label>
              <textarea id="waiver-reason" name="reason" rows={2} required maxLength={500} className={field} />
              <button type="submit" className={secondaryButton}>
                Waive the deposit
              </button>
            </form>
          </details>
        )}
      </Section>
    </div>
  );
}
