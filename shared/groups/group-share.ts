/**
 * What a member pays when each person pays their own share: the group's price per person plus the
 * upcharge of the size they chose (the catalogue's, as the member's page shows it beside the size),
 * for each piece. The member's page, their Checkout Session, the webhook's check of the money and the
 * organiser's roster all call this, so the figure shown is the figure asked and the figure accepted.
 */
export function piecePriceCents(priceCents: number, upcharges: Readonly<Record<string, number>>, size: string): number {
  return priceCents + (upcharges[size] ?? 0);
}

/** A member's whole share in cents: the price of their size times their pieces; 0 when nobody pays here. */
export function shareCents(
  priceCents: number | null,
  upcharges: Readonly<Record<string, number>>,
  entry: { size: string; quantity: number },
): number {
  if (priceCents === null) return 0;
  return piecePriceCents(priceCents, upcharges, entry.size) * entry.quantity;
}
