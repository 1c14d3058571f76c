/**
 * The ink of an artwork: the box around its pixels that are not (almost) transparent. A PNG exported
 * with a wide transparent margin would otherwise be measured, priced and placed by its canvas, not by
 * what prints. The browser finds the box on a canvas; the server with sharp's trim of the alpha channel
 * against black. Both count a pixel as ink when its alpha is over this threshold (sharp's own default),
 * so the two measure the same box.
 */
export const INK_ALPHA_THRESHOLD = 10;

/** A rectangle of an image, in its pixels. */
export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The ink's box in RGBA pixels (4 bytes a pixel, rows of `width`), or undefined when nothing is ink
 * (a fully transparent file: nothing to trim to, the caller keeps the whole image).
 */
export function inkBounds(rgba: ArrayLike<number>, width: number, height: number): PixelBox | undefined {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width * 4;
    for (let x = 0; x < width; x += 1) {
      if ((rgba[row + x * 4 + 3] ?? 0) > INK_ALPHA_THRESHOLD) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        bottom = y;
      }
    }
  }
  if (right < 0) return undefined;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}
