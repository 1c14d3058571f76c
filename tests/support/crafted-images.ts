import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images that test what the mockup renderer makes of odd artwork: built here, byte by byte where sharp cannot
 * write them (a bomb's header, an animated PNG), so no binary fixture is needed.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG that declares width × height but carries a few hundred bytes: a decompression bomb's header. */
export function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // Rows of zeros compress to almost nothing: only the first few are sent.
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A flat colour as a PNG of this size. */
export function flatPng(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * A PNG of this size, transparent but for a flat block of colour (the ink) at `ink`: as a logo exported
 * on a large transparent canvas comes.
 */
export function marginPng(
  width: number,
  height: number,
  ink: { left: number; top: number; width: number; height: number },
  color: string,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: { create: { width: ink.width, height: ink.height, channels: 4, background: color } },
        left: ink.left,
        top: ink.top,
      },
    ])
    .png()
    .toBuffer();
}

/** The PNG with an animation control chunk after its header, as an animated PNG (APNG) carries. */
export function animatedPng(png: Buffer): Buffer {
  const ihdrEnd = 8 + 8 + 13 + 4;
  const control = Buffer.alloc(8);
  control.writeUInt32BE(2, 0); // two frames
  control.writeUInt32BE(0, 4); // looping forever
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk('acTL', control), png.subarray(ihdrEnd)]);
}

export function cmykJpeg(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toColourspace('cmyk')
    .jpeg()
    .toBuffer();
}

export function sixteenBitPng(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toColourspace('rgb16')
    .png()
    .toBuffer();
}

/** A 120 × 60 PNG in three flat bands, left to right: navy, gold, white (three of the shop's inks). */
export async function threeBandPng(): Promise<Buffer> {
  const band = (hex: string) =>
    sharp({ create: { width: 40, height: 60, channels: 3, background: hex } })
      .png()
      .toBuffer();
  const [navy, gold, white] = await Promise.all(['#1f2a44', '#ffb81c', '#ffffff'].map(band));
  return sharp({ create: { width: 120, height: 60, channels: 3, background: '#000000' } })
    .composite([
      { input: navy as Buffer, left: 0, top: 0 },
      { input: gold as Buffer, left: 40, top: 0 },
      { input: white as Buffer, left: 80, top: 0 },
    ])
    .png()
    .toBuffer();
}
