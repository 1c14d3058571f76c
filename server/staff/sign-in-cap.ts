import type { Storage } from '#server/storage/types.ts';
import { SIGN_IN_LINK_CAPS, type SignInLinkCap } from '#shared/staff-sign-in.ts';

/**
 * Counts one more sign-in link for a staff address against each cap, in the database's rate_limits
 * table, so every instance shares the count and parallel asks cannot slip past it (each hit is one
 * atomic upsert). Each window starts at the address's first link in it. The cap reached, counting this
 * link; undefined when the link may go. A link refused by the 15-minute cap does not count for the day.
 */
export async function signInCapReached(
  storage: Pick<Storage, 'countHit'>,
  email: string,
): Promise<SignInLinkCap | undefined> {
  for (const cap of SIGN_IN_LINK_CAPS) {
    const { hits } = await storage.countHit(`staff-sign-in-link:${cap.windowMs}:${email}`, cap.windowMs);
    if (hits > cap.limit) return cap;
  }
  return undefined;
}
