import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareArt, pressSvg } from '#server/studio/press-file.ts';
import { studioFont } from '#server/studio/studio-fonts.ts';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import type { UploadLayer } from '#shared/studio/design-schema.ts';
import { flatPng } from '#tests/support/crafted-images.ts';
import { uploadPictures } from './design-pictures.ts';

const idOf = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const stored = (name: string, mediaType: string, data: Buffer): StoredFile => ({
  name,
  mediaType,
  size: data.length,
  data,
});
const layer = (uploadId: string): UploadLayer => ({
  kind: 'upload',
  uploadId,
  widthInches: 4,
  x: 6,
  y: 5,
  rotation: 0,
});

describe('the pictures a design places, among the files sent with it', () => {
  it('finds each by its content whatever its name, and leaves the other files alone', async () => {
    const crest = await flatPng(400, 200, '#cc0000');
    const other = await flatPng(100, 100, '#00cc00');
    const pictures = await uploadPictures(
      [layer(idOf(crest)), layer('f'.repeat(64))],
      [stored('reference.png', 'image/png', other), stored('renamed.png', 'image/png', crest)],
    );
    const found = pictures(idOf(crest));
    expect(found?.mime).toBe('image/png');
    expect(found?.aspect).toBe(0.5);
    const { dominant } = await sharp(found?.bytes).stats();
    expect(dominant).toEqual({ r: 200, g: 8, b: 8 });
    expect(pictures(idOf(other))).toBeUndefined();
    expect(pictures('f'.repeat(64))).toBeUndefined();
  });

  it('draws an SVG once cleaned, and the press file places the picture at the layer', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#0000cc"/></svg>',
    );
    const pictures = await uploadPictures([layer(idOf(svg))], [stored('logo.svg', 'image/svg+xml', svg)]);
    expect(pictures(idOf(svg))?.aspect).toBeCloseTo(1 / 3, 2);
    const prepared = prepareArt(
      {
        location: 'front',
        area: { placement: 'front', widthInches: 12, heightInches: 16 },
        layers: [layer(idOf(svg))],
      },
      { fonts: studioFont, uploads: pictures },
    );
    expect(prepared.missingUploads).toEqual([]);
    expect(pressSvg(prepared)).toMatch(
      /<g id="layer-1" data-kind="upload" transform="translate\(6 5\) rotate\(0\)"><image href="data:image\/png;base64,[^"]+" x="-2" y="-0\.66+\d*" width="4"/,
    );
  });
});
