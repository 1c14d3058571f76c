import { pluralize } from '#shared/plural.ts';

/** What a quote request carried, counted the same way on the confirmation and in the shop's mail. */
export interface ReceivedCounts {
  pieces: number;
  /** The media type of each file: the browser's guess before sending, the checked type after. */
  fileTypes: readonly string[];
  comments: number;
}

/** "48 pieces, 2 files (1 image) and 1 comment": one line a person can check at a glance. */
export function receivedSummary({ pieces, fileTypes, comments }: ReceivedCounts): string {
  const images = fileTypes.filter((type) => type.startsWith('image/')).length;
  const files =
    fileTypes.length === 0 ? 'no files yet' : `${pluralize(fileTypes.length, 'file')} (${pluralize(images, 'image')})`;
  const parts = [pluralize(pieces, 'piece'), files];
  if (comments > 0) parts.push(pluralize(comments, 'comment'));
  return parts.length === 2 ? parts.join(', ') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
