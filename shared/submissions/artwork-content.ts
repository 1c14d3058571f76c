import { ARTWORK_KINDS, cleanFileName } from './artwork.ts';

/**
 * Which accepted kind of artwork a file is, told by its bytes, never by its name or the browser's claim:
 * the one rule the quote form's browser check and the server (server/uploads/artwork-type.ts) both
 * apply, so a file refused after sending was already refused when it was chosen, in the same words.
 * Only the kind is told here; whether a PNG or PDF is built whole is the server's further check.
 */
export type ArtworkKind = 'image/png' | 'image/jpeg' | 'application/pdf' | 'application/postscript' | 'image/svg+xml';

/** An SVG's root element comes within its first lines: only this much of its text is looked at. */
const SVG_HEAD_CHARS = 64 * 1024;

const startsWith = (data: Uint8Array, bytes: readonly number[]) => bytes.every((byte, at) => data[at] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** What comes before an SVG's root element: the XML declaration, comments, a doctype, blank space. */
const PROLOGUE = /^(?:\s+|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE\s[^[>]*(?:\[[\s\S]*?\])?\s*>)/i;

function isSvgText(data: Uint8Array): boolean {
  let text: string;
  try {
    // Fatal: an SVG is UTF-8 text, and bytes that are not are not an SVG.
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  let head = text.slice(0, SVG_HEAD_CHARS).replace(/^\uFEFF/, '');
  for (let match = PROLOGUE.exec(head); match; match = PROLOGUE.exec(head)) head = head.slice(match[0].length);
  return /^<svg[\s>/]/.test(head);
}

/** The accepted kind of artwork these bytes are, or undefined when they are none. */
export function artworkKindOf(data: Uint8Array): ArtworkKind | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // Illustrator files are PDF inside, or PostScript in old versions.
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  // EPS as text, or with the binary header some Windows programs put before it.
  if (startsWith(data, ascii('%!PS')) || startsWith(data, [0xc5, 0xd0, 0xd3, 0xc6])) return 'application/postscript';
  return isSvgText(data) ? 'image/svg+xml' : undefined;
}

/** What the visitor reads when a file is not artwork we accept, before sending and after. */
export function artworkKindError(name: string): string {
  return `${cleanFileName(name)} is not a ${ARTWORK_KINDS} file (judged by its content, not its name).`;
}
