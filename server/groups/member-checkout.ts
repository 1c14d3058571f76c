import type { PaymentStore, StoredCheckoutSession } from '#server/payments/payment-store.ts';
import type { GroupMemberView } from '#shared/groups/group-contract.ts';
import { shareCents } from '#shared/groups/group-share.ts';
import { formatMoney } from '#shared/money.ts';
import type { StoredGroup, StoredGroupEntry } from './group-store.ts';

/**
 * Paying per person: when the shop takes cards and the organiser set a price per person, each member pays
 * their share through Stripe Checkout on joining. The share is the group's price per person plus their size's
 * upcharge, times the pieces the member asked for (`shareCents`), worked out here from what is stored, never
 * from the form.
 */

/** The size upcharges of the group's garment, in cents by size, as the member's page shows them. */
type Upcharges = Readonly<Record<string, number>>;

/**
 * The shop's card payments as a member's share uses them. The payments feature makes them over Stripe
 * Checkout (server/payments/checkout.ts), so a share gets the same rules as the request's own payments;
 * the app hands them in when Stripe is set up.
 */
export interface ShareCheckout {
  /** The Checkout page's address for the share: the open session that asks the same, else a new one. */
  start(ask: {
    reference: string;
    purpose: 'group-share';
    quoteVersion: number;
    amountCents: number;
    description: string;
    customerEmail: string;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
    groupEntryId: number;
  }): Promise<string>;
  expireSession(id: string): Promise<void>;
  retrieveSession(id: string): Promise<{ status: StoredCheckoutSession['status'] }>;
}

/** Whether members of `group` pay by card here: Stripe is set up and the organiser chose a price per person. */
export function memberPaysByCard(
  checkout: ShareCheckout | null,
  group: Pick<StoredGroup, 'payer' | 'priceCents' | 'state'>,
): boolean {
  return (
    checkout !== null &&
    group.payer === 'members' &&
    group.priceCents !== null &&
    group.priceCents > 0 &&
    group.state !== 'cancelled'
  );
}

const shareOf = (group: Pick<StoredGroup, 'priceCents'>, upcharges: Upcharges, entry: StoredGroupEntry) =>
  shareCents(group.priceCents, upcharges, entry);

/** How many times a member's page back from paying loads itself again, 5 s apart. */
const LOOKS_WHILE_CONFIRMING = 120;

/** The payment part of the member's own page: paid, or waiting with the button to pay. */
export function paymentView(
  group: StoredGroup,
  entry: StoredGroupEntry,
  page: { path: string; backFromPaying: boolean; looked?: number; upcharges: Upcharges },
): { payment?: GroupMemberView['payment'] } {
  if (entry.payment === 'none' || group.priceCents === null) return {};
  const share = formatMoney(shareOf(group, page.upcharges, entry));
  if (entry.payment === 'paid') return { payment: { paid: true, text: `Your share of ${share} is paid. Thank you.` } };
  if (page.backFromPaying) {
    // Every 5 s for ten minutes: Stripe's event comes within seconds; past that a person should look.
    const looked = page.looked ?? 0;
    const lookAgain = looked < LOOKS_WHILE_CONFIRMING;
    return {
      payment: {
        paid: false,
        text: lookAgain
          ? `Your payment of ${share} is being confirmed: this page looks again by itself, and your receipt comes by e-mail.`
          : `Your payment of ${share} is still being confirmed. If it does not show as paid soon, contact the shop: do not pay again.`,
        ...(lookAgain ? { refresh: `${page.path}?done=paying&looked=${looked + 1}` } : {}),
      },
    };
  }
  return {
    payment: {
      paid: false,
      text: `Your share of ${share} is not paid yet: your place counts once it is.`,
      ...(group.state === 'cancelled' ? {} : { pay: { action: `${page.path}/pay`, label: `Pay ${share} by card` } }),
    },
  };
}

/**
 * The Checkout page's address for the member's share. Its sessions are keyed by the entry, so they never
 * touch the request's own deposit and balance sessions (nor another member's); Stripe's page returns to
 * the member's private page either way.
 */
export function startShareCheckout(
  checkout: ShareCheckout,
  ask: { group: StoredGroup; entry: StoredGroupEntry; upcharges: Upcharges; publicUrl: string; path: string },
): Promise<string> {
  const amountCents = shareOf(ask.group, ask.upcharges, ask.entry);
  if (amountCents <= 0) return Promise.reject(new Error(`group ${ask.group.id} has no price per person to pay`));
  const page = `${ask.publicUrl}${ask.path}`;
  return checkout.start({
    reference: ask.group.reference,
    purpose: 'group-share',
    quoteVersion: 0,
    amountCents,
    description: `${ask.group.title}: ${ask.entry.quantity} × ${ask.entry.size} for ${ask.entry.name}`.slice(0, 250),
    customerEmail: ask.entry.email,
    successUrl: `${page}?done=paying`,
    cancelUrl: `${page}?done=payment-cancelled`,
    metadata: { group: String(ask.group.id) },
    groupEntryId: ask.entry.id,
  });
}

/**
 * Before a member changes how many pieces they pay for: every Checkout page still open for their entry
 * is expired with Stripe, so the old amount can no longer be paid for the new count. Stripe refuses to
 * expire a session that is already paid, which is the answer wanted: 'paying' then (its webhook is on
 * the way and the count stays), 'unreachable' when Stripe could not be asked, 'closed' when nothing
 * for the entry is open any more.
 */
export async function closeShareSessions(
  deps: { checkout: ShareCheckout | null; payments: Pick<PaymentStore, 'checkoutSessionsOf' | 'markCheckoutSession'> },
  group: StoredGroup,
  entry: StoredGroupEntry,
): Promise<'closed' | 'paying' | 'unreachable'> {
  const open = (await deps.payments.checkoutSessionsOf(group.reference)).filter(
    (session) => session.groupEntryId === entry.id && session.status === 'open',
  );
  if (open.length === 0) return 'closed';
  if (!deps.checkout) return 'unreachable';
  for (const session of open) {
    const expired = await deps.checkout.expireSession(session.id).then(
      () => true,
      () => false,
    );
    if (expired) {
      await deps.payments.markCheckoutSession(session.id, 'expired');
      continue;
    }
    const current = await deps.checkout.retrieveSession(session.id).catch(() => undefined);
    if (!current || current.status === 'open') return 'unreachable';
    if (current.status === 'complete') return 'paying';
    await deps.payments.markCheckoutSession(session.id, 'expired');
  }
  return 'closed';
}
