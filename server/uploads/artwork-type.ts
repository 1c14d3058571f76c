import isSvg from 'is-svg';
import { artworkKindOf } from '#shared/submissions/artwork-content.ts';

/**
 * An SVG is parsed as far as its root element, which comes within the first lines. Only that head is
 * parsed, and without validating the whole document: is-svg's full validation takes time that grows
 * with the square of the attribute count, so a crafted 10 MB upload would hold the event loop, and with
 * it every visitor, for minutes. The file is stored and mailed, never rendered by us, so no more is
 * needed.
 */
const SVG_HEAD_CHARS = 64 * 1024;

/**
 * The media type of an uploaded artwork file, judged by its bytes alone; undefined when it is not a type
 * we accept. The kind is the shared rule's (shared/submissions/artwork-content.ts), the one the quote
 * form's browser check applies before sending, so the two never disagree on it; an SVG is then also
 * parsed as XML here, the server's own further check, as the structure checks are.
 */
export async function artworkTypeOf(data: Buffer): Promise<string | undefined> {
  const kind = artworkKindOf(data);
  if (kind !== 'image/svg+xml') return kind;
  return isSvg(data.toString('utf8', 0, SVG_HEAD_CHARS * 4).slice(0, SVG_HEAD_CHARS), { validate: false })
    ? kind
    : undefined;
}

/** The extensions each accepted type may carry; the first is the one given when the name's is not. */
const extensionsOf: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  // Not artwork, but a proof the shop sends may be WebP.
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  // Illustrator files are PDF inside (PostScript in old versions), so .ai stays .ai.
  'application/pdf': ['pdf', 'ai'],
  'application/postscript': ['eps', 'ps', 'ai'],
};

/**
 * The file's name as mailed to the shop, with an extension that matches its checked content. Mail
 * programs and operating systems open attachments by extension: a PNG named quote.html would open in a
 * browser. "quote.html" becomes "quote.png"; a name without an extension gets one.
 */
export function artworkFileName(name: string, mediaType: string): string {
  const allowed = extensionsOf[mediaType];
  if (!allowed) return name;
  const match = /^(.*[^.])\.([A-Za-z0-9]{1,5})$/.exec(name);
  const extension = match?.[2]?.toLowerCase();
  if (extension && allowed.includes(extension)) return name;
  return `${match?.[1] ?? name}.${allowed[0]}`;
}
