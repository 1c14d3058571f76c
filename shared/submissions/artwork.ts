import { formatBytes } from './format-bytes.ts';
import { hasHiddenCharacters } from './hidden-characters.ts';

/**
 * Artwork a quote request may carry. The browser checks count and sizes before sending; the server checks
 * them again and then the type, by content (server/uploads/artwork-type.ts).
 */
export const ARTWORK_FIELD = 'artwork';
/** At most this many files per quote request. */
export const ARTWORK_MAX_FILES = 5;
/** Bytes per file (10 MiB). */
export const ARTWORK_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Bytes for all of a request's files together (25 MiB). */
export const ARTWORK_MAX_TOTAL_BYTES = 25 * 1024 * 1024;

/** What the file picker offers. The server never trusts it: the type is read from the bytes. */
export const ARTWORK_ACCEPT = '.png,.jpg,.jpeg,.svg,.pdf,.ai,.eps,image/png,image/jpeg,image/svg+xml,application/pdf';
/** The accepted kinds as visitors read them: in the field's hint and in the error for a refused file. */
export const ARTWORK_KINDS = 'PNG, JPEG, SVG, PDF, AI or EPS';

/** All the count and size checks need of a file: a browser File and a server upload both provide it. */
export interface ArtworkFileInfo {
  name: string;
  size: number;
}

/** What is wrong with a set of files as a visitor would fix it, or undefined when count and sizes are fine. */
export function artworkListError(files: readonly ArtworkFileInfo[]): string | undefined {
  // Checked on the name as sent: a CR, LF or U+202E ("logo\u202Egnp.exe" shows as "logoexe.png") is
  // refused, not quietly dropped, and the message does not repeat the name.
  if (files.some((file) => hasHiddenCharacters(file.name))) {
    return 'A file name holds hidden control or direction characters. Rename the file and choose it again.';
  }
  if (files.length > ARTWORK_MAX_FILES) {
    return `Attach at most ${ARTWORK_MAX_FILES} files; you chose ${files.length}.`;
  }
  const tooBig = files.find((file) => file.size > ARTWORK_MAX_FILE_BYTES);
  if (tooBig) {
    return `${cleanFileName(tooBig.name)} is ${formatBytes(tooBig.size)}; each file may be at most ${formatBytes(ARTWORK_MAX_FILE_BYTES)}.`;
  }
  const empty = files.find((file) => file.size === 0);
  if (empty) return `${cleanFileName(empty.name)} is empty. Choose the file again.`;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > ARTWORK_MAX_TOTAL_BYTES) {
    return `These files come to ${formatBytes(total)}; together they may be at most ${formatBytes(ARTWORK_MAX_TOTAL_BYTES)}.`;
  }
  return undefined;
}

/**
 * A visitor's file name, kept for display and for the shop's mail only: never a path. Folders, control
 * characters and anything but a plain name are dropped, and the length is capped.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Capped by code point, before the dots are stripped: a cut through an emoji would leave half a
  // character, and a cut inside a run of dots would bring a leading dot back.
  const capped = Array.from(base.replace(/[\p{Cc}<>:"|?*]/gu, ''))
    .slice(-120)
    .join('');
  return capped.trim().replace(/^\.+/, '') || 'artwork';
}
