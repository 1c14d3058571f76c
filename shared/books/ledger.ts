/**
 * A request's ledger as the books see it: what was invoiced, what came in, what went back. The
 * balance is what is still owed (negative when the shop owes the customer). The sums are the same
 * whether they are read from the books' own rows or from the request's live payments: the invariant
 * test feeds both the same moves.
 */
export interface LedgerMove {
  kind: 'payment' | 'refund';
  amountCents: number;
}

export interface Ledger {
  invoicedCents: number;
  paidCents: number;
  refundedCents: number;
  /** Paid less refunded. */
  netPaidCents: number;
  /** Goodwill discounts: what is owed is lowered, no money moved. */
  discountCents: number;
  /** Invoiced less discounts less net paid. */
  balanceCents: number;
}

export function ledgerOf(invoicedCents: number, moves: readonly LedgerMove[], discountCents = 0): Ledger {
  const paidCents = moves.reduce((sum, move) => (move.kind === 'payment' ? sum + move.amountCents : sum), 0);
  const refundedCents = moves.reduce((sum, move) => (move.kind === 'refund' ? sum + move.amountCents : sum), 0);
  const netPaidCents = paidCents - refundedCents;
  return {
    invoicedCents,
    paidCents,
    refundedCents,
    netPaidCents,
    discountCents,
    balanceCents: invoicedCents - discountCents - netPaidCents,
  };
}
