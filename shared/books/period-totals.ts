/**
 * A period's figures as the desk's month view shows them and the summary export writes them, from
 * the same rows, so the two agree to the cent: what was invoiced, the money that came in (gross), what
 * went back (refunds), the difference (net), Stripe's fees on the card money and what is left after them.
 */
export interface PeriodEntry {
  kind: 'payment' | 'refund';
  method: string;
  amountCents: number;
  /** Stripe's fee on card money; null while not known yet; absent (or null) for money Stripe never saw. */
  feeCents?: number | null;
}

/** Only card money on the site goes through Stripe, so only it has a fee to know. */
const STRIPE_METHOD = 'card';

export interface PeriodTotals {
  invoiceCount: number;
  invoicedCents: number;
  taxCents: number;
  paymentCount: number;
  grossCents: number;
  refundCount: number;
  refundsCents: number;
  netCents: number;
  /** Stripe's fees, on the entries whose fee is known (a refund's fee is what Stripe kept or gave back). */
  feeCount: number;
  feesCents: number;
  /** Card entries whose fee Stripe has not given yet: the fees and the net after them leave these out. */
  feesUnknown: number;
  /** Net received less Stripe's fees. */
  netAfterFeesCents: number;
  /** Goodwill discounts given (credit notes without money). */
  discountCount: number;
  discountsCents: number;
  /** Net received per way of paying, in the order first met. */
  byMethod: { method: string; grossCents: number; refundsCents: number; netCents: number }[];
}

export function periodTotals(
  invoices: readonly { totalCents: number; taxCents: number }[],
  entries: readonly PeriodEntry[],
  discounts: readonly { amountCents: number }[] = [],
): PeriodTotals {
  const byMethod = new Map<string, { method: string; grossCents: number; refundsCents: number; netCents: number }>();
  let grossCents = 0;
  let refundsCents = 0;
  let paymentCount = 0;
  let refundCount = 0;
  let feeCount = 0;
  let feesCents = 0;
  let feesUnknown = 0;
  for (const entry of entries) {
    if (entry.feeCents != null) {
      feeCount += 1;
      feesCents += entry.feeCents;
    } else if (entry.method === STRIPE_METHOD) feesUnknown += 1;
    const row = byMethod.get(entry.method) ?? { method: entry.method, grossCents: 0, refundsCents: 0, netCents: 0 };
    if (entry.kind === 'payment') {
      grossCents += entry.amountCents;
      paymentCount += 1;
      row.grossCents += entry.amountCents;
      row.netCents += entry.amountCents;
    } else {
      refundsCents += entry.amountCents;
      refundCount += 1;
      row.refundsCents += entry.amountCents;
      row.netCents -= entry.amountCents;
    }
    byMethod.set(entry.method, row);
  }
  return {
    invoiceCount: invoices.length,
    invoicedCents: invoices.reduce((sum, invoice) => sum + invoice.totalCents, 0),
    taxCents: invoices.reduce((sum, invoice) => sum + invoice.taxCents, 0),
    paymentCount,
    grossCents,
    refundCount,
    refundsCents,
    netCents: grossCents - refundsCents,
    feeCount,
    feesCents,
    feesUnknown,
    netAfterFeesCents: grossCents - refundsCents - feesCents,
    discountCount: discounts.length,
    discountsCents: discounts.reduce((sum, discount) => sum + discount.amountCents, 0),
    byMethod: [...byMethod.values()],
  };
}
