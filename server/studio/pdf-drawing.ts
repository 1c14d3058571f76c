/**
 * Drawing layers into a PDF with pdfkit: vector paths in points (72 to the inch), placed with the same
 * transform as the SVG, so the PDF and the SVG of a location match line for line. Shared by the press file
 * and the films; only the colour each ink is painted in differs between them.
 */
import PDFDocument from 'pdfkit';
import type { DrawnLayer } from '#shared/studio/layer-shapes.ts';

export const POINTS_PER_INCH = 72;

export interface PdfWriter {
  doc: PDFKit.PDFDocument;
  /** The file's bytes, once `doc.end()` has been called. */
  bytes: Promise<Buffer>;
}

/** A PDF whose first page is `width` × `height` inches. Fonts stay pdfkit's built-in Helvetica. */
export function newPdf(widthInches: number, heightInches: number, title: string): PdfWriter {
  const doc = new PDFDocument({
    size: [widthInches * POINTS_PER_INCH, heightInches * POINTS_PER_INCH],
    margin: 0,
    info: { Title: title, Creator: 'Design studio' },
    compress: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/**
 * One layer at its place in an art box whose top-left is (`leftInches`, `topInches`) on the page. `colourOf`
 * says how each ink is painted: its swatch in the press file, black or white on a film.
 */
export function drawLayerPdf(
  doc: PDFKit.PDFDocument,
  layer: DrawnLayer,
  colourOf: (inkId: string) => string,
  leftInches: number,
  topInches: number,
): void {
  const { x, y, rotation, scale, originX, originY } = layer.placement;
  doc.save();
  doc.translate((leftInches + x) * POINTS_PER_INCH, (topInches + y) * POINTS_PER_INCH);
  doc.rotate(rotation);
  doc.scale(scale * POINTS_PER_INCH);
  doc.translate(-originX, -originY);
  for (const paint of layer.paints) {
    const colour = colourOf(paint.inkId);
    for (const d of paint.pathData) {
      doc.path(d);
      if (paint.strokeWidth === null) doc.fill(colour);
      else {
        doc.lineWidth(paint.strokeWidth).lineCap('round').lineJoin('round');
        if (paint.fillToo) doc.fillAndStroke(colour, colour);
        else doc.stroke(colour);
      }
    }
  }
  doc.restore();
}
