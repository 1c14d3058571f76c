import { describe, expect, it } from 'vitest';
import { INK_ALPHA_THRESHOLD, inkBounds } from './ink-bounds.ts';

/** A width × height RGBA image, transparent, with these pixels at this alpha. */
function image(width: number, height: number, inked: [number, number, number][]): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y, alpha] of inked) data[(y * width + x) * 4 + 3] = alpha;
  return data;
}

describe('inkBounds', () => {
  it('finds the box of the pixels over the alpha threshold, and ignores fainter ones', () => {
    const data = image(10, 8, [
      [2, 3, 255],
      [6, 5, INK_ALPHA_THRESHOLD + 1],
      [9, 0, INK_ALPHA_THRESHOLD],
    ]);
    expect(inkBounds(data, 10, 8)).toEqual({ left: 2, top: 3, width: 5, height: 3 });
  });

  it('has no box for a fully transparent image', () => {
    expect(inkBounds(image(4, 4, []), 4, 4)).toBeUndefined();
  });
});
