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

export async function artworkTypeOf(data: Buffer): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) return acceptedByContent[detected.ext];
  // SVG is text, which magic numbers cannot tell apart: it must decode as UTF-8 and parse as SVG.
  try {
    return isSvg(utf8.decode(data)) ? 'image/svg+xml' : undefined;
  } catch {
    return undefined;
  }
}
