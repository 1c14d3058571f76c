import type { Actor } from '#server/storage/activity.ts';
import type { PinView } from '#shared/requests/proof-pins.ts';
import type { StoredPin } from './proof-pin-store.ts';

/**
 * A proof's notes as a page shows them, each note and answer signed as `who` names its author: the
 * customer's page says "You" and the shop, the desk the customer's name and the staff member's.
 */
export function pinViews(pins: readonly StoredPin[], who: (author: Actor) => string): PinView[] {
  return pins.map((pin) => ({
    number: pin.number,
    version: pin.version,
    x: pin.x,
    y: pin.y,
    place: pin.place,
    text: pin.text,
    who: who(pin.author),
    fromCustomer: pin.author === 'customer',
    at: pin.createdAt.toISOString(),
    done: pin.done !== undefined,
    replies: pin.replies.map((reply) => ({
      who: who(reply.author),
      fromCustomer: reply.author === 'customer',
      text: reply.text,
      at: reply.createdAt.toISOString(),
    })),
  }));
}
