import { isLinkSecret, type LinkKeys, sameSecret } from '#server/http/link-secrets.ts';
import type { StoredGroup, StoredGroupEntry } from './group-store.ts';

/**
 * A group's two kinds of link, made like the private page's: a salt kept in the database plus the
 * environment's key, so neither alone makes a link, and each kind under its own key, so a share link opens
 * nothing of the organiser's page.
 */

/** The share link's path, or undefined while it is revoked. */
export function sharePath(keys: LinkKeys, group: Pick<StoredGroup, 'id' | 'shareSalt'>): string | undefined {
  return group.shareSalt === null ? undefined : `/groups/${group.id}/${keys.groupShare(group.id, group.shareSalt)}`;
}

/** A member's private path to change or remove their entry. */
export function entryPath(keys: LinkKeys, entry: Pick<StoredGroupEntry, 'id' | 'editSalt'>): string {
  return `/group-entries/${entry.id}/${keys.groupEntry(entry.id, entry.editSalt)}`;
}

/** True when `secret` is the group's live share link; a revoked link and a wrong one take one path. */
export function shareOpens(keys: LinkKeys, group: StoredGroup | undefined, id: number, secret: string): boolean {
  const expected = group?.shareSalt ? keys.groupShare(id, group.shareSalt) : undefined;
  return sameSecret(secret, expected) && isLinkSecret(secret);
}

/** True when `secret` is the entry's edit link. */
export function entryOpens(keys: LinkKeys, entry: StoredGroupEntry | undefined, id: number, secret: string): boolean {
  const expected = entry ? keys.groupEntry(id, entry.editSalt) : undefined;
  return sameSecret(secret, expected) && isLinkSecret(secret);
}
