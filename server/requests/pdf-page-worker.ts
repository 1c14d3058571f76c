import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DrawnPdfPage, PdfPageTask } from './pdf-first-page.ts';

/** The canvas pdf.js makes in Node (@napi-rs/canvas), as far as this reads it. */
interface NodeCanvas {
  canvas: { toBuffer(type: 'image/png'): Buffer };
  context: unknown;
}

/** pdf.js's own files for what a PDF may leave out: the 14 standard fonts, CJK encodings, colour profiles. */
const PDFJS_FOLDER = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/`;

/** pdf.js names its errors: a password the proof asks for, and bytes that are no PDF it can read. */
function failureOf(error: unknown): DrawnPdfPage {
  const name = error instanceof Error ? error.name : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return { ok: false, reason: 'password', detail };
  return { ok: false, reason: 'damaged', detail };
}

/**
 * The worker's side of the PDF rasteriser: pdf.js (its legacy build, the one for Node) reads the PDF and
 * draws its first page on @napi-rs/canvas, at a scale that makes the longer side `longSide` pixels,
 * on white (paper), as PNG. It runs on a thread of its own: pdf.js in Node parses on the thread that
 * calls it, and a heavy page would otherwise hold the thread that answers visitors.
 */
export default async function drawFirstPage(task: PdfPageTask): Promise<DrawnPdfPage> {
  const loading = getDocument({
    data: task.data,
    standardFontDataUrl: `${PDFJS_FOLDER}standard_fonts/`,
    cMapUrl: `${PDFJS_FOLDER}cmaps/`,
    iccUrl: `${PDFJS_FOLDER}iccs/`,
    wasmUrl: `${PDFJS_FOLDER}wasm/`,
    maxImageSize: task.maxImagePixels,
    // Errors only: a PDF's small faults are pdf.js's to repair, not lines in the server's log.
    verbosity: 0,
  });
  try {
    const document = await loading.promise;
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = task.longSide / Math.max(natural.width, natural.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const drawn = (document.canvasFactory as { create(width: number, height: number): NodeCanvas }).create(
      width,
      height,
    );
    await page.render({
      canvas: drawn.canvas as unknown as HTMLCanvasElement,
      canvasContext: drawn.context as CanvasRenderingContext2D,
      viewport,
      background: '#ffffff',
    }).promise;
    return { ok: true, png: new Uint8Array(drawn.canvas.toBuffer('image/png')), width, height };
  } catch (error) {
    return failureOf(error);
  } finally {
    await loading.destroy();
  }
}
