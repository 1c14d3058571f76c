import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { threeBandPng } from '#tests/support/crafted-images.ts';
import { separatePicture, separationPng } from './picture-separations.ts';

/** The shade of a PNG's pixel at (x, y), and whether it is opaque. */
async function pixel(png: Buffer, x: number, y: number): Promise<{ value: number; opaque: boolean }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return { value: data[at] ?? -1, opaque: (data[at + 3] ?? 0) >= 128 };
}

describe('a picture separated into its confirmed colours', () => {
  it('gives each colour its own film: black where it prints, white where another colour does', async () => {
    const separation = await separatePicture(await threeBandPng(), 3);
    expect(separation.colours.map((colour) => colour.inkName)).toEqual(
      expect.arrayContaining(['Navy', 'Athletic gold', 'White']),
    );
    const gold = separation.colours.findIndex((colour) => colour.inkName === 'Athletic gold');
    const film = await separationPng(separation, (colour) => (colour === gold ? 'black' : 'white'));
    // The bands, left to right: navy, gold, white. Only the middle one is on the gold screen.
    expect(await pixel(film, 20, 30)).toEqual({ value: 255, opaque: true });
    expect(await pixel(film, 60, 30)).toEqual({ value: 0, opaque: true });
    expect(await pixel(film, 100, 30)).toEqual({ value: 255, opaque: true });
  });

  it('makes as many colours as the customer confirmed, even where the studio saw fewer', async () => {
    const separation = await separatePicture(await threeBandPng(), 2);
    expect(separation.colours).toHaveLength(2);
    const more = await separatePicture(await threeBandPng(), 3);
    expect(more.colours).toHaveLength(3);
  });

  it('leaves the transparent background off every film', async () => {
    const logo = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#00000000' } })
      .composite([
        {
          input: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#cc0000' } })
            .png()
            .toBuffer(),
          left: 10,
          top: 10,
        },
      ])
      .png()
      .toBuffer();
    const separation = await separatePicture(logo, 1);
    const film = await separationPng(separation, () => 'black');
    expect(await pixel(film, 20, 20)).toEqual({ value: 0, opaque: true });
    expect((await pixel(film, 2, 2)).opaque).toBe(false);
  });
});
