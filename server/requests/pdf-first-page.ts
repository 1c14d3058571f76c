import { Piscina } from 'piscina';

/** Why a PDF's first page could not be drawn: its reason for the code, its detail for the operator's log. */
export type PdfDrawFailure = { ok: false; reason: 'password' | 'damaged' | 'too-slow' | 'busy'; detail: string };

/** What the worker (pdf-page-worker.ts) is asked: the PDF's bytes and the longest side the picture may have. */
export interface PdfPageTask {
  data: Uint8Array;
  longSide: number;
  /** Pixels any one image inside the PDF may have before pdf.js leaves it out: a bomb decodes no further. */
  maxImagePixels: number;
}

/** The first page of a PDF as a PNG, and its size in pixels; or why not. */
export type DrawnPdfPage = { ok: true; png: Uint8Array; width: number; height: number } | PdfDrawFailure;

/**
 * The longer side of the drawn page, in pixels: the page's largest preview (1440 px wide) comes from it,
 * and a poster-sized page costs no more to draw than a letter one.
 */
const LONG_SIDE_PX = 1600;
/**
 * How long one page may take to draw. A designer's proof (vector art, a photo or two) draws in well under
 * a second here; a page past this is a file no customer's phone would draw either, and its worker is
 * stopped so the next proof gets a fresh one.
 */
const DRAW_TIME_LIMIT_MS = 10_000;
/** 100 megapixels: any image a print proof carries (a jacket back at 300 dpi is 20), not a decompression bomb. */
const MAX_IMAGE_PIXELS = 100_000_000;
/** PDFs waiting beyond this are refused as busy: a flood of page views queues no unbounded work. */
const MAX_WAITING = 8;
/** The worker's heap: a PDF that needs more is stopped with its worker, never the server. */
const WORKER_HEAP_MB = 512;

let pool: Piscina | undefined;

/**
 * One worker thread, started at the first PDF and stopped when idle: the machine has two cores, and the
 * other one answers the pages. A page that runs out of time has its worker terminated and the pool starts
 * a fresh one for the next.
 */
function drawingPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./pdf-page-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 10_000,
    maxQueue: MAX_WAITING,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return pool;
}

/**
 * Draws a PDF's first page off the main thread, its longer side `longSide` pixels, within `timeLimitMs`.
 * Never throws for the file's sake: a damaged, locked, slow or oversized PDF is a failure with its reason.
 */
export async function drawPdfFirstPage(
  data: Buffer,
  { longSide = LONG_SIDE_PX, timeLimitMs = DRAW_TIME_LIMIT_MS }: { longSide?: number; timeLimitMs?: number } = {},
): Promise<DrawnPdfPage> {
  // A copy of its own: pdf.js takes the array it is given, and a Buffer is often a slice of a bigger one.
  const task: PdfPageTask = { data: new Uint8Array(data), longSide, maxImagePixels: MAX_IMAGE_PIXELS };
  try {
    return (await drawingPool().run(task, { signal: AbortSignal.timeout(timeLimitMs) })) as DrawnPdfPage;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
      return { ok: false, reason: 'too-slow', detail: `not drawn within ${timeLimitMs} ms` };
    if (/queue is at limit/i.test(detail)) return { ok: false, reason: 'busy', detail };
    // The worker itself failed (out of memory, say): this file's failure, not the server's.
    return { ok: false, reason: 'damaged', detail };
  }
}

/** Stops the worker (the server's shutdown, and tests). */
export async function closePdfDrawing(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
