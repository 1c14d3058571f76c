import { shareCents } from '#shared/groups/group-share.ts';
import type { CheckoutEventState, CheckoutVerdict } from './payment-store.ts';

/** What a Checkout Session event says of the money: paid, still on its way (a bank debit), or failed. */
export type CheckoutReport = {
  result: 'paid' | 'pending' | 'failed';
  amountTotal: number | null;
  currency: string | null;
};

/**
 * The rule for money Stripe reports for a session: recorded only as what was asked (the amount and
 * currency the session was made for); anything else is held for the desk, not counted. Money for a
 * cancelled request, or for a group entry removed while its Checkout was open, is counted (the shop
 * has it) and flagged, so the desk refunds it. A member's share must also match their entry as it is
 * when the money comes, or it is held.
 */
export function judgeCheckout(
  report: CheckoutReport,
  state: CheckoutEventState,
  upchargesOf: (garment: string) => Readonly<Record<string, number>> = () => ({}),
): CheckoutVerdict {
  if (report.result === 'failed') return { record: 'failed' };
  if (report.result === 'pending') return { record: 'nothing' };
  const amountCents = report.amountTotal ?? 0;
  const currency = (report.currency ?? '').toLowerCase();
  if (amountCents !== state.session.amountCents || currency !== state.session.currency) {
    // A row needs an amount: nothing taken (a zero total) is nothing to hold.
    if (amountCents <= 0) return { record: 'nothing' };
    return { record: 'payment', state: 'held', flag: 'amount-mismatch', amountCents, currency: currency || 'unknown' };
  }
  if (state.status === 'cancelled')
    return { record: 'payment', state: 'succeeded', flag: 'request-cancelled', amountCents, currency };
  if (state.entryRemoved)
    return { record: 'payment', state: 'succeeded', flag: 'entry-removed', amountCents, currency };
  // A member's share must still be what their entry asks now: a session made for another count or size
  // (its page paid as the entry changed) would otherwise mark more pieces paid than the money covers.
  // Priced as the member's page and their Checkout priced it: the price per person plus their size's upcharge.
  if (state.share && amountCents !== shareCents(state.share.priceCents, upchargesOf(state.share.garment), state.share))
    return { record: 'payment', state: 'held', flag: 'amount-mismatch', amountCents, currency };
  // The entry was paid already (a second tab's session paid too): the money is real but counts once.
  if (state.share?.alreadyPaid)
    return { record: 'payment', state: 'held', flag: 'already-paid', amountCents, currency };
  // Closed without this unpaid entry: the money is the shop's, but the order has no piece for it.
  if (state.share && !state.share.groupOpen)
    return { record: 'payment', state: 'succeeded', flag: 'group-closed', amountCents, currency };
  return {
    record: 'payment',
    state: 'succeeded',
    flag: null,
    amountCents,
    currency,
  };
}
