import type { LimitStore } from '#server/http/limit-store.ts';
import type { QueuedMail } from '#server/mail/mail-row.ts';
import type { HeldMail } from '#server/mail/outbox-worker.ts';
import { readMailFacts } from '#server/storage/mail-facts.ts';
import type { GroupStore } from './group-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many mails a group's share link may cause in a day (from the first one counted), per address
 * and per group. Anyone holding a share link types the member's address, so these bound what a
 * stranger can make the shop send: a parent paying for a few children fits under the first, a whole
 * team paying on its last day under the second. Counted in the database's rate_limits table, so every
 * instance shares the count.
 */
export const SHARE_MAIL_CAPS = {
  perRecipient: { limit: 5, windowMs: DAY_MS, label: 'per recipient per day' },
  perGroup: { limit: 60, windowMs: DAY_MS, label: 'per group per day' },
} as const;

/**
 * Counts a mail a group's share link caused (a member's receipt) against both caps as it is about to
 * go; the cap reached when it must not go, undefined otherwise (and for every other mail). A held mail
 * is taken back off the counts, so what is held never uses up what may still go.
 */
export async function heldByShareCap(
  { groups, limits }: { groups: Pick<GroupStore, 'entryById'>; limits: Pick<LimitStore, 'countHit' | 'uncountHit'> },
  row: Pick<QueuedMail, 'recipient' | 'facts'>,
): Promise<HeldMail | undefined> {
  const facts = readMailFacts(row.recipient, row.facts);
  if (facts?.kind !== 'group' || facts.about !== 'entry' || facts.entry === undefined) return undefined;
  const found = await groups.entryById(facts.entry);
  // Gone: the mail cannot be written, and its builder says so.
  if (!found) return undefined;
  const keys = [
    { key: `share-mail:to:${found.entry.email.trim().toLowerCase()}`, cap: SHARE_MAIL_CAPS.perRecipient },
    { key: `share-mail:group:${found.group.id}`, cap: SHARE_MAIL_CAPS.perGroup },
  ];
  const counted: string[] = [];
  for (const { key, cap } of keys) {
    const { hits } = await limits.countHit(key, cap.windowMs);
    counted.push(key);
    if (hits > cap.limit) {
      for (const done of counted) await limits.uncountHit(done);
      const limit = `${cap.limit} ${cap.label}`;
      return {
        error: `held: at most ${limit} from a group's share link`,
        reason: 'group_mail_capped',
        message: `group mail not sent: a share link's mails are capped at ${limit}`,
        details: { group: found.group.id, entry: found.entry.id, cap: limit },
      };
    }
  }
  return undefined;
}
