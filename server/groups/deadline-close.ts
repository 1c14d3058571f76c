import type { GroupStore, Reprice, StoredGroup } from './group-store.ts';

/**
 * A group whose deadline has passed is closed by the first look at it (the organiser's page, a
 * member's, the desk's), as the system: its roster becomes the request's sizes before anyone reads
 * them. The close is once only (the group store's rule), so two looks at once close it once.
 */
export async function closedIfDue(
  groups: Pick<GroupStore, 'closeGroup' | 'groupById'>,
  group: StoredGroup,
  now: Date,
  reprice?: Reprice,
): Promise<StoredGroup> {
  if (group.state !== 'open' || group.deadline.getTime() > now.getTime()) return group;
  await groups.closeGroup(group.id, 'system', reprice);
  return (await groups.groupById(group.id)) ?? group;
}
