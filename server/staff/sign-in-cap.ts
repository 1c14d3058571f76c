import type { LimitStore } from '#server/http/limit-store.ts';
import { SIGN_IN_ADDRESS_CEILINGS, SIGN_IN_LINK_CAPS, type SignInLinkCap } from '#shared/staff-sign-in.ts';

/** A cap reached, and whether it was the asker's own share or the address's ceiling over every asker. */
interface ReachedCap {
  cap: SignInLinkCap;
  scope: 'sender' | 'address';
}

/**
 * Counts one more sign-in link for a staff address, asked for from `sender` (the visitor's rate-limit
 * key), in the database's rate_limits table, so every instance shares the count and parallel asks
 * cannot slip past it (each hit is one atomic upsert). Each window starts at the first link in it.
 * The asker's own caps come first: a link they are refused is not counted against the address's
 * ceiling, so one sender asking over and over cannot use up what the staff member asks for from
 * elsewhere. A link refused by a 15-minute cap does not count for the day either. The cap reached,
 * counting this link; undefined when the link may go.
 */
export async function signInCapReached(
  limits: Pick<LimitStore, 'countHit'>,
  email: string,
  sender: string,
): Promise<ReachedCap | undefined> {
  for (const cap of SIGN_IN_LINK_CAPS) {
    const { hits } = await limits.countHit(`staff-sign-in-link:${cap.windowMs}:${email}:${sender}`, cap.windowMs);
    if (hits > cap.limit) return { cap, scope: 'sender' };
  }
  for (const cap of SIGN_IN_ADDRESS_CEILINGS) {
    const { hits } = await limits.countHit(`staff-sign-in-address:${cap.windowMs}:${email}`, cap.windowMs);
    if (hits > cap.limit) return { cap, scope: 'address' };
  }
  return undefined;
}
