import type { MailDraft, SummaryRow } from '#server/mail/mail-draft.ts';
import { paymentSubject } from '#server/mail/queued-subject.ts';
import { quoteTaxRows } from '#shared/books/quote-tax.ts';
import { formatMoney } from '#shared/money.ts';
import { paymentMethodLabels } from '#shared/payments/method-labels.ts';
import type { OrderMoney } from '#shared/payments/order-money.ts';
import type { QuoteLine } from '#shared/requests/quote.ts';
import type { StoredPayment } from './payment-store.ts';

/** How each way of paying reads in a receipt and on the desk: a word for every method the payments know. */
export const methodLabels: Record<StoredPayment['method'], string> = paymentMethodLabels;

/** What a payment was for, in words. */
export const purposeLabels: Record<StoredPayment['purpose'], string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  'group-share': 'Group member’s share',
  other: 'Payment',
};

/** The order's figures after this payment: what the receipt and its summary box end with. */
export function moneyRows(money: OrderMoney | undefined, quoteLines: readonly QuoteLine[] = []): SummaryRow[] {
  if (!money) return [];
  return [
    { label: 'Order total', value: formatMoney(money.totalCents) },
    // The tax the total includes, each jurisdiction's share as the quote was sent.
    ...quoteTaxRows(quoteLines).map((row) => ({ label: `Included ${row.label}`, value: formatMoney(row.cents) })),
    ...(money.discountCents > 0 ? [{ label: 'Discount', value: `−${formatMoney(money.discountCents)}` }] : []),
    { label: 'Paid so far', value: formatMoney(money.paidCents) },
    money.balanceCents >= 0
      ? {
          label: 'Balance due',
          value: `${formatMoney(money.balanceCents)}${money.balanceCents === 0 ? ' (paid in full)' : ''}`,
        }
      : { label: 'Paid over the total', value: `${formatMoney(-money.balanceCents)} (we will refund it)` },
  ];
}

/** The customer's receipt for money in (a card on the site, or at the shop) or money given back. */
export function paymentReceiptMail(
  to: string,
  {
    reference,
    payment,
    money,
    quoteLines,
    at,
    shopName,
    link,
  }: {
    reference: string;
    payment: StoredPayment;
    money: OrderMoney | undefined;
    /** The approved quote's lines: its tax is said per jurisdiction under the total. */
    quoteLines?: readonly QuoteLine[];
    /** When, as the shop's clock says it. */
    at: string;
    shopName: string;
    link?: string;
  },
): MailDraft {
  const refund = payment.kind === 'refund';
  return {
    to,
    subject: paymentSubject(refund ? 'refund-receipt' : 'payment-receipt', reference, shopName),
    text: [
      refund
        ? `We have refunded ${formatMoney(payment.amountCents)} to the card you paid with for your order ${reference}, on ${at}. Your bank may take 5 to 10 days to show it.`
        : `Thank you: we received ${formatMoney(payment.amountCents)} for your order ${reference} on ${at}.`,
      '',
      `${refund ? 'Refund' : purposeLabels[payment.purpose]}: ${formatMoney(payment.amountCents)}`,
      ...(refund ? [] : [`Paid by: ${methodLabels[payment.method]}`]),
      `Receipt number: ${reference}-${payment.id}`,
      ...(money ? ['', ...moneyRows(money, quoteLines).map((row) => `${row.label}: ${row.value}`)] : []),
      ...(link ? ['', 'Your invoice and your order, on your private page:', link] : []),
      '',
      `Reference: ${reference}`,
      shopName,
    ].join('\n'),
  };
}

/** The shop's note of money that needs a person: held over a mismatch, paid on a cancelled order, a refund refused. */
export function paymentFlaggedMail(
  shopEmail: string,
  { reference, payment, publicUrl }: { reference: string; payment: StoredPayment; publicUrl: string },
): MailDraft {
  const why =
    payment.flag === 'amount-mismatch'
      ? `Stripe took ${formatMoney(payment.amountCents)} (${payment.currency.toUpperCase()}), which is not what the site asked: it is held, not counted as paid.`
      : payment.flag === 'request-cancelled'
        ? `A card payment of ${formatMoney(payment.amountCents)} came in for a cancelled request.`
        : payment.flag === 'entry-removed'
          ? `A group member paid ${formatMoney(payment.amountCents)} by card after their entry was removed: refund it.`
          : payment.flag === 'group-closed'
            ? `A group member paid ${formatMoney(payment.amountCents)} by card after their group closed without their unpaid entry: it is not in the order.`
            : payment.flag === 'already-paid'
              ? `A group member paid their share of ${formatMoney(payment.amountCents)} a second time: it is held, not counted.`
              : `Stripe could not make the refund of ${formatMoney(payment.amountCents)}.`;
  return {
    to: shopEmail,
    subject: `A payment needs you (${reference})`,
    text: [
      why,
      'Refund it or settle it with the customer from the desk.',
      '',
      `Open it on the desk: ${publicUrl}/staff/requests/${reference}`,
    ].join('\n'),
  };
}
