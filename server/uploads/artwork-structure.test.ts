import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { randomPng } from '#tests/support/random-png.ts';
import {
  damagedArtworkError,
  isWellFormedJpeg,
  isWellFormedPdf,
  isWellFormedPng,
  isWellFormedPostScript,
} from './artwork-structure.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
/** The attack these checks stop: a magic number in front of junk (a megabyte here; 25 MB behaves the same). */
const junkAfter = (head: string | Buffer) => Buffer.concat([Buffer.from(head), randomBytes(1024 * 1024)]);

/** A 4 x 3 JPEG as sharp writes it (baseline), and a 5 x 2 progressive one. */
const jpeg = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeACoH/9k=',
  'base64',
);
const progressiveJpeg = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wgARCAACAAUDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAVAQEBAAAAAAAAAAAAAAAAAAADBf/aAAwDAQACEAMQAAABgFA//8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABBQJ//8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAgBAwEBPwF//8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAgBAgEBPwF//8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQAGPwJ//8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPyF//9oADAMBAAIAAwAAABAL/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAgBAwEBPxB//8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAgBAgEBPxB//8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxB//9k=',
  'base64',
);

/** A PDF 1.5 whose cross-reference is a stream (as Acrobat, Word and pdfTeX write them), offset exact. */
function pdfWithXrefStream(): Buffer {
  const head = '%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n';
  const xrefAt = Buffer.byteLength(head, 'latin1');
  return latin1(
    `${head}2 0 obj\n<< /Type /XRef /Size 3 /W [1 2 1] /Root 1 0 R /Length 12 >>\nstream\n${'\0'.repeat(12)}\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`,
  );
}

const eps = latin1(
  '%!PS-Adobe-3.0 EPSF-3.0\n%%Creator: Inkscape\n%%BoundingBox: 0 0 120 80\n%%EndComments\nnewpath 10 10 moveto 110 70 lineto stroke\nshowpage\n%%EOF\n',
);

describe('isWellFormedPdf', () => {
  it('takes a PDF with a cross-reference table, one with a stream, and one updated incrementally', () => {
    expect(isWellFormedPdf(minimalPdf())).toBe(true);
    expect(isWellFormedPdf(pdfWithXrefStream())).toBe(true);
    // An incremental update appends a section whose startxref points at its own table; trailing
    // whitespace and a line of junk after %%EOF, as some mailers add, are tolerated like readers do.
    const first = minimalPdf();
    const updateAt = first.length;
    const update = latin1(
      `xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 4 /Prev 0 >>\nstartxref\n${updateAt}\n%%EOF\r\n\r\n`,
    );
    expect(isWellFormedPdf(Buffer.concat([first, update]))).toBe(true);
  });

  it('refuses the header before random bytes, a cut-off file, an offset past the end, and no cross-reference', () => {
    expect(isWellFormedPdf(junkAfter('%PDF-1.4\n'))).toBe(false);
    const whole = minimalPdf();
    expect(isWellFormedPdf(whole.subarray(0, whole.length - 20))).toBe(false);
    expect(isWellFormedPdf(latin1(`${whole.toString('latin1').replace(/startxref\n\d+/, 'startxref\n999999')}`))).toBe(
      false,
    );
    expect(isWellFormedPdf(latin1('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\nstartxref\n9\n%%EOF\n'))).toBe(false);
    expect(isWellFormedPdf(latin1('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'))).toBe(false);
    expect(isWellFormedPdf(latin1(`junk${whole.toString('latin1')}`))).toBe(false);
  });
});

describe('isWellFormedPng', () => {
  it('takes real PNGs', () => {
    expect(isWellFormedPng(randomPng(1))).toBe(true);
    expect(isWellFormedPng(randomPng(64))).toBe(true);
  });

  it('refuses the signature before random bytes, a cut-off file, a damaged header, and a zero size', () => {
    const png = randomPng(16);
    expect(isWellFormedPng(junkAfter(png.subarray(0, 8)))).toBe(false);
    expect(isWellFormedPng(junkAfter(png.subarray(0, 33)))).toBe(false);
    expect(isWellFormedPng(png.subarray(0, png.length - 12))).toBe(false);
    const damaged = Buffer.from(png);
    damaged[17] = (damaged[17] ?? 0) ^ 0xff;
    expect(isWellFormedPng(damaged)).toBe(false);
    const zeroWide = Buffer.from(png);
    zeroWide.writeUInt32BE(0, 16);
    expect(isWellFormedPng(zeroWide)).toBe(false);
  });
});

describe('isWellFormedJpeg', () => {
  it('takes baseline and progressive JPEGs, with their size readable', () => {
    expect(isWellFormedJpeg(jpeg)).toBe(true);
    expect(isWellFormedJpeg(progressiveJpeg)).toBe(true);
  });

  it('refuses the SOI marker before random bytes, a file cut before its frame, and a zero height', () => {
    expect(isWellFormedJpeg(junkAfter(Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).toBe(false);
    expect(isWellFormedJpeg(jpeg.subarray(0, 100))).toBe(false);
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const zeroHigh = Buffer.from(jpeg);
    zeroHigh.writeUInt16BE(0, frame + 5);
    expect(isWellFormedJpeg(zeroHigh)).toBe(false);
  });
});

describe('isWellFormedPostScript', () => {
  it('takes an EPS with its bounding box, plain PostScript, and a DOS EPS binary around one', () => {
    expect(isWellFormedPostScript(eps)).toBe(true);
    expect(isWellFormedPostScript(latin1('%!PS-Adobe-3.0\n%%Pages: 1\n/Times findfont\nshowpage\n%%EOF\n'))).toBe(true);
    const header = Buffer.alloc(30);
    header.set([0xc5, 0xd0, 0xd3, 0xc6]);
    header.writeUInt32LE(30, 4);
    header.writeUInt32LE(eps.length, 8);
    expect(isWellFormedPostScript(Buffer.concat([header, eps, randomBytes(64)]))).toBe(true);
  });

  it('refuses the header before random bytes, a file without %%EOF, and an EPS without a bounding box', () => {
    expect(isWellFormedPostScript(junkAfter('%!PS-Adobe-3.0 EPSF-3.0\n'))).toBe(false);
    expect(isWellFormedPostScript(eps.subarray(0, eps.length - 8))).toBe(false);
    expect(isWellFormedPostScript(latin1('%!PS-Adobe-3.0 EPSF-3.0\nshowpage\n%%EOF\n'))).toBe(false);
    expect(isWellFormedPostScript(latin1('%!\nshowpage\n%%EOF\n'))).toBe(false);
  });
});

describe('damagedArtworkError', () => {
  it('names the file and the type it claims to be, and says what to do', () => {
    expect(damagedArtworkError('proof.pdf', 'application/pdf', junkAfter('%PDF-1.4\n'))).toBe(
      'proof.pdf is damaged or not a real PDF. Save or export it again from your design program and attach the new file.',
    );
    expect(damagedArtworkError('logo.png', 'image/png', randomPng(4))).toBeUndefined();
    expect(damagedArtworkError('mark.svg', 'image/svg+xml', latin1('<svg/>'))).toBeUndefined();
  });
});
