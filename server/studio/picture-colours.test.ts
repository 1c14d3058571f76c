import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { threeBandPng } from '#tests/support/crafted-images.ts';
import { pictureColours } from './picture-colours.ts';

/** A 128 × 64 grey ramp from black to white, left to right. */
async function gradient(): Promise<Buffer> {
  const width = 128;
  const height = 64;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      pixels.fill(Math.round((x / (width - 1)) * 255), (y * width + x) * 3, (y * width + x) * 3 + 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('a picture’s colours', () => {
  it('finds the three colours of flat art, with their shares and the shop’s inks', async () => {
    const found = await pictureColours(await threeBandPng());
    expect(found.soft).toBe(false);
    expect(found.colours).toHaveLength(3);
    expect(found.colours.map((colour) => colour.inkId).sort()).toEqual(['athletic-gold', 'navy', 'white']);
    for (const colour of found.colours) expect(colour.share).toBeCloseTo(1 / 3, 1);
    expect(found.sentence).toMatch(/^We see 3 colours: .*navy.*— is that right\?$/);
  });

  it('sees the same three colours in a JPEG of flat art, its compression noise aside', async () => {
    const jpeg = await sharp(await threeBandPng())
      .jpeg({ quality: 70 })
      .toBuffer();
    const found = await pictureColours(jpeg);
    expect(found.soft).toBe(false);
    expect(found.colours.map((colour) => colour.inkId).sort()).toEqual(['athletic-gold', 'navy', 'white']);
  });

  it('names an anti-aliased logo’s colours as drawn, its edges’ blends aside', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#1f2a44"/><circle cx="200" cy="200" r="150" fill="#ffb81c"/><rect x="380" y="120" width="120" height="160" fill="#ffffff" transform="rotate(20 440 200)"/></svg>`;
    const found = await pictureColours(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(found.soft).toBe(false);
    expect(found.colours.map((colour) => colour.hex)).toEqual(['#1f2a44', '#ffb81c', '#ffffff']);
    expect(found.sentence).toBe('We see 3 colours: navy, athletic gold, white — is that right?');
  });

  it('calls a gradient soft and says it suits DTG', async () => {
    const found = await pictureColours(await gradient());
    expect(found.soft).toBe(true);
    expect(found.sentence).toContain('DTG');
  });

  it('leaves a transparent background out of the count', async () => {
    const logo = await sharp({
      create: { width: 60, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        { input: { create: { width: 30, height: 30, channels: 4, background: '#c8102e' } }, left: 15, top: 15 },
      ])
      .png()
      .toBuffer();
    const found = await pictureColours(logo);
    expect(found.colours).toEqual([{ hex: '#c8102e', share: 1, inkId: 'red' }]);
    expect(found.sentence).toBe('We see 1 colour: red — is that right?');
  });

  it('reads a logo whose opaque pixels are an odd number, its colours where they are', async () => {
    // A 7 × 7 gold square on a transparent 20 × 20 canvas: 49 opaque pixels.
    const logo = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: { create: { width: 7, height: 7, channels: 4, background: '#ffb81c' } }, left: 3, top: 3 }])
      .png()
      .toBuffer();
    const found = await pictureColours(logo);
    expect(found.colours).toEqual([{ hex: '#ffb81c', share: 1, inkId: 'athletic-gold' }]);
  });
});
