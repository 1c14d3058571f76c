import { safeSvg, UnsafeSvgError } from '#shared/garments/safe-svg.ts';
import type { CleanedSvg } from './svg-cleaner.ts';

/**
 * The worker's side of the SVG cleaner: the parse runs here, on a thread of its own, so a large or
 * crafted file never holds the thread that answers visitors. The answer is plain data (a thrown error's
 * class does not survive the way back).
 */
export default function cleanSvgTask(text: string): CleanedSvg {
  try {
    return { ok: true, svg: safeSvg(text) };
  } catch (error) {
    if (error instanceof UnsafeSvgError) return { ok: false, reason: error.message };
    throw error;
  }
}
