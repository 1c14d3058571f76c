import type { GroupRefusal } from './group-store.ts';

/** Why a group took nothing, in words for the member (who is told whom to ask) or the organiser. */
export function refusalText(reason: GroupRefusal, to: 'member' | 'organiser', organiser = 'the organiser'): string {
  switch (reason) {
    case 'closed':
      return to === 'member'
        ? `This group is closed: its sizes have gone to the shop. Ask ${organiser} if you still need a shirt.`
        : 'The group is closed: its roster went into your request.';
    case 'cancelled':
      return `This group order was cancelled. Ask ${to === 'member' ? organiser : 'the shop'} about it.`;
    case 'past-deadline':
      return `The deadline to join has passed. Ask ${organiser} whether there is still room.`;
    case 'duplicate':
      if (to === 'organiser')
        return 'There is an entry with this name already: add a last name or an initial to tell them apart.';
      return 'There is an entry with this name and e-mail already. Change that one with the link in your e-mail, or use another name.';
    case 'group-full':
      return `This group has as many entries as it can take. Ask ${to === 'member' ? organiser : 'the shop'} about more.`;
    case 'visitor-full':
      return 'Too many entries have come from this connection. Ask the others to join from their own phones.';
    case 'paid-quantity':
      return to === 'member'
        ? `You have paid for these pieces, so how many stays as it is. To order more, ask ${organiser}; to order fewer, ask the shop about a refund.`
        : 'This member has paid for their pieces: the shop changes how many.';
    case 'paid-price':
      return to === 'member'
        ? `You have paid for this size's price, and that size costs a different amount. Ask ${organiser} to change it.`
        : 'This member paid for their size’s price: ask the shop to change it to a size that costs more or less.';
    case 'paid-entry':
      return to === 'member'
        ? 'You have paid for this entry by card, so it stays on the roster. To be taken off, ask the shop: it removes the entry and refunds your card.'
        : 'This member paid by card for their entry, so only the shop can remove it: ask the shop, and it refunds their card as it does.';
    case 'payment-open':
      return to === 'member'
        ? 'Your card payment for this entry is going through, so how many stays as it is for now. Refresh this page in a minute: once it is confirmed, ask the organiser to change the count.'
        : 'This member’s card payment is going through: wait for it before changing how many.';
    case 'gone':
      return 'That entry or group is no longer there.';
  }
}
