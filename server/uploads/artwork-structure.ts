import { crc32 } from 'node:zlib';

/**
 * Whether an upload is built like the type its first bytes claim: a magic number is a few bytes anyone can
 * put in front of junk, so `%PDF-1.4` and 25 MB of random bytes passed as a PDF. These checks read the file's
 * skeleton, never render it: a PDF's header, trailer and cross-reference, an image's headers as far as its
 * width and height. They refuse damaged, truncated and fake files, which the shop could not open anyway; a
 * file crafted to pass them is still held by the daily byte budget.
 */

/** PDF readers look for `%%EOF` in the last 1024 bytes; a little more covers `startxref` just before it. */
const PDF_TAIL_BYTES = 1024 + 64;
/** Where a PostScript file's closing comments are looked for: writers add a line or two after %%EOF at most. */
const PS_TAIL_BYTES = 4096;
/** EPS's header comments, %%BoundingBox among them, come first; (atend) puts it in the trailer instead. */
const PS_HEAD_BYTES = 64 * 1024;

const latin1 = (data: Buffer, start: number, end = data.length) => data.toString('latin1', start, end);

/**
 * A PDF: the `%PDF-x.y` header, `startxref` and `%%EOF` at the end, the offset pointing inside the file,
 * and a cross-reference there: a table (`xref`) or a stream (`/Type /XRef`). Writers that get the
 * offset a few bytes wrong still make files every reader repairs, so a cross-reference found anywhere
 * in the file is enough when none starts exactly at the offset.
 */
export function isWellFormedPdf(data: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(latin1(data, 0, 8))) return false;
  const tail = latin1(data, Math.max(0, data.length - PDF_TAIL_BYTES));
  const found = [...tail.matchAll(/startxref\s+(\d{1,15})\s+%%EOF/g)].at(-1);
  if (!found?.[1]) return false;
  const offset = Number(found[1]);
  if (offset < 8 || offset >= data.length) return false;
  const atOffset = latin1(data, offset, Math.min(data.length, offset + 1024)).replace(/^\s+/, '');
  if (/^xref\s/.test(atOffset) || /^\d+\s+\d+\s+obj\b[\s\S]*?\/Type\s*\/XRef\b/.test(atOffset)) return true;
  return data.includes('\nxref') || data.includes('\rxref') || data.includes('/XRef');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG: the signature, an intact IHDR first (its CRC checked) with a width and height above 0, then
 * chunk after chunk, each within the file, through at least one IDAT to IEND. A cut-off upload ends
 * before IEND; random bytes break the chunk chain at once. Bytes after IEND are ignored, as decoders do.
 */
export function isWellFormedPng(data: Buffer): boolean {
  if (data.length < 8 + 25 + 12 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  if (data.readUInt32BE(8) !== 13 || latin1(data, 12, 16) !== 'IHDR') return false;
  if (crc32(data.subarray(12, 29)) !== data.readUInt32BE(29)) return false;
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return false;
  let seenPixels = false;
  for (let at = 33; at + 12 <= data.length; ) {
    const length = data.readUInt32BE(at);
    const type = latin1(data, at + 4, at + 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return false;
    const next = at + 12 + length;
    if (next > data.length) return false;
    if (type === 'IDAT') seenPixels = true;
    if (type === 'IEND') return seenPixels;
    at = next;
  }
  return false;
}

/** Start-of-frame markers, which carry the size: C0 to CF except C4 (DHT), C8 (JPG) and CC (DAC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * A JPEG: the SOI marker, then segment after segment (each within the file) to a start-of-frame whose
 * height and width are above 0. Scan data before a frame, or the end of the file, means there is no
 * image to read.
 */
export function isWellFormedJpeg(data: Buffer): boolean {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return false;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return false;
    // Any number of 0xFF may pad before a marker.
    while (data[at + 1] === 0xff && at + 2 < data.length) at += 1;
    const marker = data[at + 1] ?? 0;
    // Markers without a length: TEM and the restart markers; SOI again is damage.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || at + 4 > data.length) return false;
    const length = data.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > data.length) return false;
    if (isStartOfFrame(marker)) {
      if (length < 7) return false;
      const height = data.readUInt16BE(at + 5);
      const width = data.readUInt16BE(at + 7);
      return height > 0 && width > 0;
    }
    at += 2 + length;
  }
  return false;
}

/** A DOS EPS binary header: the PostScript sits at an offset, beside a TIFF or WMF preview. */
const DOS_EPS_MAGIC = Buffer.from([0xc5, 0xd0, 0xd3, 0xc6]);

/**
 * PostScript, EPS and old (PostScript) Illustrator files: the `%!PS` header and the `%%EOF` that every
 * drawing program closes them with; an EPS (`EPSF-` in its header) also needs its `%%BoundingBox`,
 * which the EPS format requires. For a DOS EPS binary, the PostScript section must lie inside the file
 * and pass the same checks.
 */
export function isWellFormedPostScript(data: Buffer): boolean {
  let ps = data;
  if (data.subarray(0, 4).equals(DOS_EPS_MAGIC)) {
    if (data.length < 30) return false;
    const offset = data.readUInt32LE(4);
    const length = data.readUInt32LE(8);
    if (length === 0 || offset < 30 || offset + length > data.length) return false;
    ps = data.subarray(offset, offset + length);
  }
  const firstLine = /^[^\r\n]*/.exec(latin1(ps, 0, Math.min(ps.length, 256)))?.[0] ?? '';
  if (!firstLine.startsWith('%!PS')) return false;
  if (!latin1(ps, Math.max(0, ps.length - PS_TAIL_BYTES)).includes('%%EOF')) return false;
  if (!firstLine.includes('EPSF-')) return true;
  const boundingBox = /^%%BoundingBox:\s*(?:-?\d+(?:\.\d+)?\s+){3}-?\d+(?:\.\d+)?|^%%BoundingBox:\s*\(atend\)/m;
  return boundingBox.test(latin1(ps, 0, Math.min(ps.length, PS_HEAD_BYTES)));
}

const checks: Record<string, { check: (data: Buffer) => boolean; kind: string }> = {
  'application/pdf': { check: isWellFormedPdf, kind: 'PDF' },
  'image/png': { check: isWellFormedPng, kind: 'PNG image' },
  'image/jpeg': { check: isWellFormedJpeg, kind: 'JPEG image' },
  'application/postscript': { check: isWellFormedPostScript, kind: 'EPS or PostScript file' },
};

/**
 * What is wrong with an upload whose type its bytes already gave, as the visitor is told it, or
 * undefined when it is built like that type (SVG was parsed when its type was read).
 */
export function damagedArtworkError(name: string, mediaType: string, data: Buffer): string | undefined {
  const entry = checks[mediaType];
  if (!entry || entry.check(data)) return undefined;
  return `${name} is damaged or not a real ${entry.kind}. Save or export it again from your design program and attach the new file.`;
}
