import sharp from 'sharp';
import { MOCKUP_SCALE } from '#server/mockups/render-mockups.ts';

/** The colour of a mockup at a point given in the garment picture's own pixels (before the mockup's scale). */
export async function mockupPixelAt(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.round(y * MOCKUP_SCALE) * info.width + Math.round(x * MOCKUP_SCALE)) * info.channels;
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
}

/** Close enough to a colour for a JPEG's rounding. */
export const nearColour = (actual: number[], expected: number[]) =>
  actual.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= 12);
