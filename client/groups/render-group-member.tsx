import { renderToStaticMarkup } from 'react-dom/server';
import type { GroupMemberView } from '#shared/groups/group-contract.ts';
import { MemberPage } from './member-page.tsx';

/** A group member's page as HTML: rendered on the server only, no script. */
export function renderGroupMember(
  view: GroupMemberView,
  options: { stylesheets: readonly string[]; shopName: string },
): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<MemberPage view={view} {...options} />)}`;
}
