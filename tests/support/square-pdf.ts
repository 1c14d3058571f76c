import PDFDocument from 'pdfkit';

/** A square drawn on a test proof: where, in PDF points from the page's top left, and its colour. */
export interface PdfSquare {
  x: number;
  y: number;
  size: number;
  color: string;
}

/**
 * A real one-page PDF made by pdfkit (the project's PDF writer): a page of `width` × `height` points with
 * coloured squares at known places and a line of text, so a test can check the drawn page pixel by pixel.
 * `userPassword` locks it, as a PDF that asks for a password to open.
 */
export function squarePdf({
  width = 400,
  height = 200,
  squares = [{ x: 300, y: 50, size: 50, color: '#d00000' }],
  userPassword,
}: {
  width?: number;
  height?: number;
  squares?: PdfSquare[];
  userPassword?: string;
} = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: [width, height],
      margin: 0,
      ...(userPassword ? { userPassword, pdfVersion: '1.7' as const } : {}),
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    for (const square of squares) document.rect(square.x, square.y, square.size, square.size).fill(square.color);
    document.fontSize(14).fillColor('#111111').text('Front: logo 10 in wide', 16, 16);
    document.end();
  });
}
