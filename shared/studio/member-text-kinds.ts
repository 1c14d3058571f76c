/**
 * What a design's text may stand for on a group order: each member's back name or back number. Apart from
 * member-text.ts so the schema reads the list without the functions that fill the text in.
 */
export const memberTextKinds = ['member-name', 'member-number'] as const;
export type MemberTextKind = (typeof memberTextKinds)[number];

/** How the studio and the layer list say it: "each member's name". */
export const memberTextLabels: Record<MemberTextKind, string> = {
  'member-name': 'each member’s name',
  'member-number': 'each member’s number',
};
