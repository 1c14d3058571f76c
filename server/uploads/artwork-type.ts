import { fileTypeFromBuffer } from 'file-type';
import isSvg from 'is-svg';

/**
 * The type of an artwork file, read from its bytes: the name and the browser's claim are never trusted
 * (a renamed program stays a program). Illustrator files are PDF inside (or PostScript in old versions),
 * so they are recognised as such. Undefined means the file is not artwork we accept.
 */
const acceptedByContent: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  eps: 'application/postscript',
  ps: 'application/postscript',
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * An SVG is recognised by its root element, which comes within the first lines. Only that head is
 * parsed, and without validating the whole document: is-svg's full validation takes time that grows
 * with the square of the attribute count, so a crafted 10 MB upload would hold the event loop, and with
 * it every visitor, for minutes. The file is stored and mailed, never rendered by us, so no more is
 * needed.
 */
const SVG_HEAD_CHARS = 64 * 1024;

/** The media type of an uploaded artwork file, judged by its bytes alone; undefined when it is not a type we accept. */
export async function artworkTypeOf(data: Buffer): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(data);
  // An SVG that opens with an XML declaration, as Illustrator and Inkscape write them, is "xml" to
  // file-type: it goes on to the SVG check like any other text.
  if (detected && detected.ext !== 'xml') return acceptedByContent[detected.ext];
  // SVG is text, which magic numbers cannot tell apart: it must decode as UTF-8 and parse as SVG.
  try {
    const text = utf8.decode(data);
    return isSvg(text.slice(0, SVG_HEAD_CHARS), { validate: false }) ? 'image/svg+xml' : undefined;
  } catch {
    return undefined;
  }
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
