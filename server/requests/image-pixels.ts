import { imageSize } from 'image-size';

/**
 * A picture's width and height in pixels, read from its header alone (PNG, JPEG, WebP) with image-size:
 * what a page needs to reserve the picture's box before it arrives, without decoding it or loading
 * sharp (libvips) into a server that may never resize anything.
 */
export interface Pixels {
  width: number;
  height: number;
}

const types: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The picture's size as shown, or undefined for another type or a header that says nothing usable. */
export function imagePixels(data: Buffer, mediaType: string): Pixels | undefined {
  let read: ReturnType<typeof imageSize>;
  try {
    // A copy of its own: image-size reads through the bytes' ArrayBuffer, and a Buffer is often a slice of
    // a bigger one (Node's pool, a subarray), whose bytes past the end would pass for the header's.
    read = imageSize(new Uint8Array(data));
  } catch {
    // A header cut short or bytes that are no picture: no size, as for any other damage.
    return undefined;
  }
  const { width, height, orientation, type } = read;
  if (type !== types[mediaType] || !width || !height) return undefined;
  // EXIF orientations 5 to 8 turn the picture a quarter: it shows with width and height swapped.
  return orientation && orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
}
