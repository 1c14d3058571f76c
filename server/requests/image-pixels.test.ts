import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imagePixels } from './image-pixels.ts';

const flat = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#1d4ed8' } });

describe("a picture's size from its header", () => {
  it('reads PNG, JPEG and the three kinds of WebP', async () => {
    expect(imagePixels(await flat().png().toBuffer(), 'image/png')).toEqual({ width: 300, height: 200 });
    expect(imagePixels(await flat().jpeg().toBuffer(), 'image/jpeg')).toEqual({ width: 300, height: 200 });
    expect(imagePixels(await flat().webp().toBuffer(), 'image/webp')).toEqual({ width: 300, height: 200 });
    expect(imagePixels(await flat().webp({ lossless: true }).toBuffer(), 'image/webp')).toEqual({
      width: 300,
      height: 200,
    });
    // With metadata, WebP is written in its extended form.
    expect(imagePixels(await flat().webp().withMetadata().toBuffer(), 'image/webp')).toEqual({
      width: 300,
      height: 200,
    });
  });

  it('gives a JPEG that a camera turned a quarter its size as shown', async () => {
    const turned = await flat().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(imagePixels(turned, 'image/jpeg')).toEqual({ width: 200, height: 300 });
    const upsideDown = await flat().jpeg().withMetadata({ orientation: 3 }).toBuffer();
    expect(imagePixels(upsideDown, 'image/jpeg')).toEqual({ width: 300, height: 200 });
  });

  it('says nothing for another type, a cut-off header or bytes that are no picture', async () => {
    const png = await flat().png().toBuffer();
    expect(imagePixels(png, 'application/pdf')).toBeUndefined();
    // Cut off, as a slice of the whole file and as a small Buffer from Node's pool: the bytes past the end
    // in the memory behind it are not the header's.
    expect(imagePixels(png.subarray(0, 20), 'image/png')).toBeUndefined();
    expect(imagePixels(Buffer.from(png.subarray(0, 20)), 'image/png')).toBeUndefined();
    expect(imagePixels((await flat().jpeg().toBuffer()).subarray(0, 30), 'image/jpeg')).toBeUndefined();
    expect(imagePixels(Buffer.from('not a picture at all, just some words'), 'image/webp')).toBeUndefined();
    expect(imagePixels(png, 'image/jpeg')).toBeUndefined();
  });
});
