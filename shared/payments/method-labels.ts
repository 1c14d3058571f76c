/** How each way of paying reads in a receipt, on the desk, on an invoice and on a credit note. */
export const paymentMethodLabels = {
  card: 'Card (online)',
  cash: 'Cash',
  check: 'Check',
  'card-in-shop': 'Card at the shop',
  'bank-transfer': 'Bank transfer',
  'purchase-order': 'Purchase order',
} as const;

/** A way of paying in words; one the books copied that is no longer known, as it was written. */
export function paymentMethodLabel(method: string): string {
  return Object.hasOwn(paymentMethodLabels, method)
    ? paymentMethodLabels[method as keyof typeof paymentMethodLabels]
    : method;
}
