/**
 * A picture's width and height in pixels, read from its header alone (PNG, JPEG, WebP): what a page
 * needs to reserve the picture's box before it arrives, without decoding it or loading an image library.
 */
export interface Pixels {
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const latin1 = (data: Buffer, from: number, to: number) => data.toString('latin1', from, to);

function pngPixels(data: Buffer): Pixels | undefined {
  if (data.length < 24 || !data.subarray(0, 8).equals(PNG_SIGNATURE) || latin1(data, 12, 16) !== 'IHDR') return;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Start-of-frame markers, which carry the size: C0 to CF except C4 (DHT), C8 (JPG) and CC (DAC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * The EXIF orientation in an APP1 segment starting at `at` (1 when absent): 5 to 8 turn the picture a
 * quarter, so it shows with width and height swapped.
 */
function exifOrientation(data: Buffer, at: number): number {
  if (latin1(data, at + 4, at + 10) !== 'Exif\0\0') return 1;
  const tiff = at + 10;
  const little = latin1(data, tiff, tiff + 2) === 'II';
  const u16 = (offset: number) => (little ? data.readUInt16LE(offset) : data.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? data.readUInt32LE(offset) : data.readUInt32BE(offset));
  const ifd = tiff + u32(tiff + 4);
  for (let entry = 0, count = u16(ifd); entry < count; entry += 1) {
    const field = ifd + 2 + entry * 12;
    if (u16(field) === 0x0112) return u16(field + 8);
  }
  return 1;
}

function jpegPixels(data: Buffer): Pixels | undefined {
  if (data[0] !== 0xff || data[1] !== 0xd8) return;
  let at = 2;
  let orientation = 1;
  while (at + 9 <= data.length && data[at] === 0xff) {
    const marker = data[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return;
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(data, at);
    if (isStartOfFrame(marker)) {
      const height = data.readUInt16BE(at + 5);
      const width = data.readUInt16BE(at + 7);
      return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
    }
    at += 2 + data.readUInt16BE(at + 2);
  }
  return;
}

function webpPixels(data: Buffer): Pixels | undefined {
  if (data.length < 30 || latin1(data, 0, 4) !== 'RIFF' || latin1(data, 8, 12) !== 'WEBP') return;
  const format = latin1(data, 12, 16);
  // The extended format's canvas, 24 bits each, stored minus one.
  if (format === 'VP8X') return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  // Lossless: 14 bits each, minus one, after the one-byte signature.
  if (format === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  // Lossy: after the frame tag and the start code, 14 bits each (the top two are scaling).
  if (format === 'VP8 ') return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  return;
}

/** The picture's size, or undefined for another type or a header that says nothing usable. */
export function imagePixels(data: Buffer, mediaType: string): Pixels | undefined {
  const read = { 'image/png': pngPixels, 'image/jpeg': jpegPixels, 'image/webp': webpPixels }[mediaType];
  let pixels: Pixels | undefined;
  try {
    pixels = read?.(data);
  } catch {
    // A header cut short reads past the end: no size, as for any other damage.
    return undefined;
  }
  return pixels && pixels.width > 0 && pixels.height > 0 ? pixels : undefined;
}
